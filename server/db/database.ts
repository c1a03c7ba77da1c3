// Owns the database connection: embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, type MigrationProvider, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { log } from '../ops/log';
import { migrations } from './migrations';
import { PgliteDialect } from './pglite-dialect';
import type { Database } from './schema';
import { SessionLock } from './session-lock';

export type Db = Kysely<Database>;

const DATE_OID = 1082;
const NUMERIC_OID = 1700;
const INT8_OID = 20;
const asText = (value: string) => value;
const asNumber = (value: string) => Number(value);

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it PGlite is used. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; without it PGlite keeps everything in memory (tests). */
  pgliteDir?: string | undefined;
  /** Folder of a running store's database socket (data-dir-lock.ts): connect there instead of opening files. */
  socketDir?: string | undefined;
}

// Dates stay calendar dates ("2026-11-01"), amounts exact decimal strings, bigint ids numbers.
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    ({ [DATE_OID]: asText, [NUMERIC_OID]: asText, [INT8_OID]: asNumber })[oid] ??
    pg.types.getTypeParser(oid, format)) as never,
};

/** This process's connection pools and embedded sessions, for the metrics' count of queries waiting. */
const pools = new Set<pg.Pool>();
const sessions = new Set<SessionLock>();

/** Queries of this process waiting now for a pooled connection or for the embedded database's session. */
export function databaseWaiting(): number {
  let waiting = 0;
  for (const pool of pools) waiting += pool.waitingCount;
  for (const lock of sessions) waiting += lock.queued;
  return waiting;
}

/**
 * An idle pooled connection the server ended (a restart, a failover, an administrator's command): the pool drops it
 * and opens another when next asked. Without a listener its error would end the process.
 */
export function survivingIdleErrors(pool: pg.Pool, name: string): pg.Pool {
  pool.on('error', (error) => log.warn(`${name}: the database closed an idle connection (${error.message})`));
  return pool;
}

function openPostgres(config: pg.PoolConfig): Db {
  const pool = survivingIdleErrors(new pg.Pool({ ...config, types: pgTypes }), 'database');
  pools.add(pool);
  const end = pool.end.bind(pool);
  pool.end = (() => {
    pools.delete(pool);
    return end();
  }) as typeof pool.end;
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** The embedded database with what serving it to other processes needs: its PGlite and the session lock. */
export interface EmbeddedDatabase {
  db: Db;
  pglite: PGlite;
  lock: SessionLock;
}

export async function openEmbeddedDatabase(pgliteDir: string | undefined): Promise<EmbeddedDatabase> {
  if (pgliteDir) await fs.mkdir(path.dirname(pgliteDir), { recursive: true });
  const pglite = new PGlite({
    ...(pgliteDir ? { dataDir: pgliteDir } : {}),
    parsers: { [DATE_OID]: asText, [NUMERIC_OID]: asText, [INT8_OID]: asNumber },
  });
  const lock = new SessionLock();
  sessions.add(lock);
  const close = pglite.close.bind(pglite);
  pglite.close = () => {
    sessions.delete(lock);
    return close();
  };
  return { db: new Kysely<Database>({ dialect: new PgliteDialect(pglite, lock) }), pglite, lock };
}

export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  if (options.databaseUrl) return openPostgres({ connectionString: options.databaseUrl, max: 10 });
  if (options.socketDir) {
    // PGlite answers any user and database name; it runs one statement at a time, so a few connections suffice.
    return openPostgres({
      host: options.socketDir,
      port: 5432,
      user: 'postgres',
      database: 'postgres',
      max: 4,
    });
  }
  return (await openEmbeddedDatabase(options.pgliteDir)).db;
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrate(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) throw new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
