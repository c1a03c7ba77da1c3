// DATA_DIR holds the embedded database (orders' phones and e-mails, alerts' face descriptors, the VAPID private key
// in its write-ahead log), the originals and the signing secret: readable by the store's own user only. New files are
// made private by the umask every entry sets first (private-umask.ts); the folder itself is closed (0700) before
// anything is written in it, which also covers the files PGlite creates with mode 0666 whatever the umask; and once
// the store has opened its database, what is there (an older release's files, a copy by hand, the database's own)
// is made private, logged once.
import fs from 'node:fs/promises';
import path from 'node:path';
import { log } from './log';

/** The folder made if missing and closed to others (0700), before anything is written in it. */
export async function closeDataDir(dataDir: string): Promise<void> {
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  const { mode } = await fs.stat(dataDir);
  if ((mode & 0o077) !== 0) await fs.chmod(dataDir, mode & 0o700);
}

/** The folder 0700, and every file and folder under it without group or other access; answers how many changed. */
export async function makeDataDirPrivate(dataDir: string): Promise<number> {
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  let changed = 0;
  const tighten = async (target: string, mode: number) => {
    if ((mode & 0o077) === 0) return;
    await fs.chmod(target, mode & 0o700);
    changed += 1;
  };
  await tighten(dataDir, (await fs.stat(dataDir)).mode);
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      // Symbolic links are never followed: their targets are not the store's to change.
      if (entry.isSymbolicLink()) continue;
      const target = path.join(dir, entry.name);
      const stat = await fs.lstat(target).catch(() => undefined);
      if (!stat) continue; // gone meanwhile (a running store's temporary file)
      await tighten(target, stat.mode).catch(() => undefined);
      if (stat.isDirectory()) await walk(target);
    }
  };
  await walk(dataDir);
  if (changed > 0)
    log.info(`DATA_DIR: made ${changed} files and folders readable by the store's user only`, {
      data_dir: dataDir,
      files: changed,
    });
  return changed;
}
