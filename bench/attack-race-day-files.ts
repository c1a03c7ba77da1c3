// The race-day attack check of the store's files (bench:attack): what another local user could read
// of the running store's DATA_DIR (the database with orders' contacts and alerts' faces, originals, the secret).
import fs from 'node:fs';
import path from 'node:path';
import type { RaceDayKit } from './attack-race-day-kit';

/** Every file under `dir`, with its mode (symbolic links not followed). */
function filesUnder(dir: string): { file: string; mode: number }[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .flatMap((file) => {
      const stat = fs.lstatSync(file, { throwIfNoEntry: false });
      return stat?.isFile() ? [{ file, mode: stat.mode & 0o777 }] : [];
    });
}

export async function privateFilesCheck(kit: RaceDayKit): Promise<void> {
  const dataDir = kit.env.DATA_DIR as string;
  const folderMode = fs.statSync(dataDir).mode & 0o777;
  const files = filesUnder(dataDir);
  const open = files.filter((f) => (f.mode & 0o077) !== 0);
  const database = path.join(dataDir, 'pglite', path.sep);
  const openOutsideDatabase = open.filter((f) => !f.file.startsWith(database));
  kit.check(
    "DATA_DIR is the store's user's only: the folder 0700, no file outside the database's folder open to others",
    (folderMode & 0o077) === 0 && openOutsideDatabase.length === 0,
    {
      before:
        '969 of 1,134 PGlite files 0666 (the WAL holds the VAPID key, contacts, descriptors); originals 0644',
      data_dir_mode: folderMode.toString(8),
      files: files.length,
      open_to_others: open.length,
      open_outside_the_database: openOutsideDatabase.map((f) => path.relative(dataDir, f.file)),
      note: 'PGlite makes its files 0666 whatever the umask: the folder is closed before it opens, and what it made is made 0600 once it is open; files it makes later stay inside the 0700 folder',
    },
  );
}
