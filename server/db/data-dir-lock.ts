// Owns DATA_DIR/pglite.lock.json: which process holds the embedded database's files. Only one may open them (PGlite
// is not made for two processes on one folder): the running store, which then serves them to the admin command
// line and workers on its socket, or an admin command while no store runs. A holder that died is noticed by its
// pid (and, on Linux, the process start time, so a reused pid is not taken for it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dataDirLayout } from '../data-dir';

export type HolderRole = 'store' | 'admin';

export interface Holder {
  pid: number;
  role: HolderRole;
  /** The folder of the store's socket (.s.PGSQL.5432), as a PostgreSQL client names a socket. */
  socketDir: string;
  /** The store's socket is listening. */
  ready: boolean;
  /** Start time of the process (Linux /proc), to tell a reused pid apart. */
  started?: string | undefined;
}

/** Unix socket paths are limited to about 104 bytes; longer DATA_DIRs get a socket folder in the temp dir. */
const MAX_SOCKET_PATH = 100;
export const SOCKET_FILE = '.s.PGSQL.5432';

export const lockFileOf = (dataDir: string) => dataDirLayout(dataDir).lock;

/** Where the store's socket lives for this DATA_DIR. */
export function socketDirFor(dataDir: string): string {
  const dir = path.resolve(dataDir);
  if (path.join(dir, SOCKET_FILE).length <= MAX_SOCKET_PATH) return dir;
  let hash = 0;
  for (const ch of dir) hash = (Math.imul(hash, 31) + (ch.codePointAt(0) ?? 0)) >>> 0;
  return path.join(os.tmpdir(), `runfoto-db-${hash.toString(36)}`);
}

function processStart(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'; starttime is field 22.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isAlive(holder: Holder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (holder.started === undefined) return true;
  const started = processStart(holder.pid);
  return started === undefined || started === holder.started;
}

function readHolderFile(file: string): Holder | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Holder;
  } catch {
    return undefined;
  }
}

const readLock = (dataDir: string) => readHolderFile(lockFileOf(dataDir));

/** The live holder of DATA_DIR's database, if any (a dead holder's lock is not one). */
export function currentHolder(dataDir: string): Holder | undefined {
  const holder = readLock(dataDir);
  return holder && isAlive(holder) ? holder : undefined;
}

export interface DataDirLock {
  readonly holder: Holder;
  /** Records that the store's socket listens. */
  markReady(): void;
  release(): void;
}

/**
 * Takes DATA_DIR's database for this process, or returns the live holder that has it. A dead holder's lock is
 * replaced. Creating the lock file is atomic, so two processes starting at once never both win.
 */
export function claimDataDir(dataDir: string, role: HolderRole): DataDirLock | { heldBy: Holder } {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockFileOf(dataDir);
  const holder: Holder = {
    pid: process.pid,
    role,
    socketDir: socketDirFor(dataDir),
    ready: false,
    started: processStart(process.pid),
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(holder), { flag: 'wx', mode: 0o600 });
      return ownLock(file, holder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const other = readLock(dataDir);
    if (other && isAlive(other)) return { heldBy: other };
    // A dead holder (or a lock being written this instant): move it aside atomically, then try again.
    const aside = `${file}.${process.pid}.stale`;
    try {
      fs.renameSync(file, aside);
      // Between reading and moving, another starter may have replaced the dead lock with its own live one: put
      // that back (a link fails if a lock exists again).
      const moved = readHolderFile(aside);
      if (moved && moved.pid !== other?.pid && isAlive(moved)) fs.linkSync(aside, file);
    } catch {
      // Another process moved it first, or took the place again; the next round sees what it did.
    }
    fs.rmSync(aside, { force: true });
  }
  const other = readLock(dataDir);
  if (other) return { heldBy: other };
  throw new Error(`could not take ${file}`);
}

function ownLock(file: string, holder: Holder): DataDirLock {
  let released = false;
  return {
    holder,
    markReady() {
      holder.ready = true;
      const temp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(temp, JSON.stringify(holder), { mode: 0o600 });
      fs.renameSync(temp, file);
    },
    release() {
      if (released) return;
      released = true;
      if (readHolderFile(file)?.pid === process.pid) fs.rmSync(file, { force: true });
    },
  };
}
