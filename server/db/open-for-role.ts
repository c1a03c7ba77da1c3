// Opens the database the way each kind of process must, so that nobody writes to a copy the store never sees:
// - PostgreSQL (DATABASE_URL): everyone connects directly.
// - Embedded (PGlite in DATA_DIR): the store owns the files and serves them on a local socket; an admin command
//   or a worker connects to that socket. With no store running, an admin command takes the files itself (the
//   store waits for it); a worker refuses. If the store runs but does not answer, nothing is changed: a clear refusal.
import path from 'node:path';
import { dataDirLayout } from '../data-dir';
import { claimDataDir, currentHolder, type DataDirLock, type Holder, SOCKET_FILE } from './data-dir-lock';
import { type Db, type EmbeddedDatabase, migrate, openDatabase, openEmbeddedDatabase } from './database';
import { type PgliteSocketServer, servePgliteSocket } from './pglite-socket';

export interface OpenedDatabase {
  db: Db;
  /** Where this process reaches the database, for its start-up line. */
  via: string;
  /** The embedded database, when this process holds its files (the store, or a command with no store running). */
  embedded?: EmbeddedDatabase;
  close(): Promise<void>;
}

/** The embedded database cannot be reached as asked; nothing was changed. */
export class DatabaseUnreachable extends Error {}

/** The store cannot take DATA_DIR's database (another store has it, or an admin command kept it too long). */
export class DataDirBusy extends Error {}

export interface RoleDatabaseConfig {
  databaseUrl: string | undefined;
  dataDir: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function openMigrated(
  db: Db,
  via: string,
  close: () => Promise<void>,
  embedded?: EmbeddedDatabase,
): Promise<OpenedDatabase> {
  try {
    await migrate(db);
  } catch (error) {
    await close();
    throw error;
  }
  return { db, via, close, ...(embedded ? { embedded } : {}) };
}

/** The store: takes the embedded files (waiting while an admin command has them) and serves them on its socket. */
export async function openStoreDatabase(
  config: RoleDatabaseConfig,
  log: (line: string) => void,
  waitForAdminMs = 120_000,
): Promise<OpenedDatabase> {
  if (config.databaseUrl) {
    const db = await openDatabase({ databaseUrl: config.databaseUrl });
    return openMigrated(db, 'PostgreSQL', () => db.destroy());
  }
  const lock = await claimForStore(config.dataDir, log, waitForAdminMs);
  let socket: PgliteSocketServer | undefined;
  const embedded = await openEmbeddedDatabase(dataDirLayout(config.dataDir).pglite);
  const close = async () => {
    await socket?.close();
    await embedded.db.destroy();
    lock.release();
  };
  const opened = await openMigrated(embedded.db, `PGlite in ${config.dataDir}`, close, embedded);
  try {
    socket = await servePgliteSocket(
      embedded.pglite,
      embedded.lock,
      path.join(lock.holder.socketDir, SOCKET_FILE),
    );
  } catch (error) {
    await close();
    throw error;
  }
  lock.markReady();
  return opened;
}

async function claimForStore(
  dataDir: string,
  log: (line: string) => void,
  waitMs: number,
): Promise<DataDirLock> {
  const until = Date.now() + waitMs;
  let told = false;
  for (;;) {
    const claim = claimDataDir(dataDir, 'store');
    if (!('heldBy' in claim)) return claim;
    const { heldBy } = claim;
    if (heldBy.role === 'store') {
      throw new DataDirBusy(
        `another store (pid ${heldBy.pid}) runs on ${dataDir}: stop it first, or give this one its own DATA_DIR`,
      );
    }
    if (Date.now() > until) {
      throw new DataDirBusy(`an admin command (pid ${heldBy.pid}) still holds the database in ${dataDir}`);
    }
    if (!told) log(`waiting for the admin command (pid ${heldBy.pid}) that is using ${dataDir} to finish`);
    told = true;
    await sleep(250);
  }
}

/**
 * An admin command or a worker: the running store's socket on the embedded database (or PostgreSQL). An admin
 * command with no store running opens the files itself, holding them so that a store starting meanwhile waits.
 */
export async function openClientDatabase(
  config: RoleDatabaseConfig,
  role: 'admin' | 'worker',
  options: { readyWaitMs?: number } = {},
): Promise<OpenedDatabase> {
  if (config.databaseUrl) {
    const db = await openDatabase({ databaseUrl: config.databaseUrl });
    return openMigrated(db, 'PostgreSQL', () => db.destroy());
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const holder = currentHolder(config.dataDir);
    if (holder?.role === 'store') return viaStore(config.dataDir, holder, options.readyWaitMs ?? 60_000);
    if (holder?.role === 'admin') {
      throw new DatabaseUnreachable(
        `another admin command (pid ${holder.pid}) is using the database in ${config.dataDir}; nothing was changed: run this again when it has finished`,
      );
    }
    if (role === 'worker') {
      throw new DatabaseUnreachable(
        `no store is running on ${config.dataDir}: start it first (npm start); on the embedded database a worker works through the running store`,
      );
    }
    const claim = claimDataDir(config.dataDir, 'admin');
    if ('heldBy' in claim) continue; // a store (or another command) took it this instant: go through it
    const embedded = await openEmbeddedDatabase(dataDirLayout(config.dataDir).pglite);
    return openMigrated(
      embedded.db,
      `PGlite in ${config.dataDir} (no store running)`,
      async () => {
        await embedded.db.destroy();
        claim.release();
      },
      embedded,
    );
  }
  throw new DatabaseUnreachable(
    `the database in ${config.dataDir} changed hands repeatedly; nothing was changed`,
  );
}

async function viaStore(dataDir: string, holder: Holder, readyWaitMs: number): Promise<OpenedDatabase> {
  const socket = path.join(holder.socketDir, SOCKET_FILE);
  const unreachable = (why: string) =>
    new DatabaseUnreachable(
      `the store (pid ${holder.pid}) runs on ${dataDir} but its database does not answer at ${socket} (${why}); nothing was changed`,
    );
  // A store that is starting (migrations, demo data) opens its socket when ready.
  const until = Date.now() + readyWaitMs;
  let current: Holder | undefined = holder;
  while (current && !current.ready) {
    if (Date.now() > until) throw unreachable('it is still starting');
    await sleep(250);
    current = currentHolder(dataDir);
  }
  if (!current)
    throw new DatabaseUnreachable(`the store that was running on ${dataDir} stopped; nothing was changed`);
  const db = await openDatabase({ socketDir: current.socketDir });
  try {
    await Promise.race([
      db.selectNoFrom((eb) => eb.val(1).as('one')).execute(),
      sleep(10_000).then(() => {
        throw new Error('no answer in 10 s');
      }),
    ]);
  } catch (error) {
    // Not awaited: a store that does not answer would keep the pool's goodbye waiting too.
    void db.destroy().catch(() => undefined);
    throw unreachable(error instanceof Error ? error.message : String(error));
  }
  return openMigrated(db, `the running store's database (pid ${current.pid})`, () => db.destroy());
}
