// Owns the database connection: embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, type MigrationProvider, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations';
import { PgliteDialect } from './pglite-dialect';
import type { Database } from './schema';

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
}

export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  if (options.databaseUrl) {
    // Dates stay calendar dates ("2026-11-01"), amounts exact decimal strings, bigint ids numbers.
    const parsers: Record<number, (value: string) => unknown> = {
      [DATE_OID]: asText,
      [NUMERIC_OID]: asText,
      [INT8_OID]: asNumber,
    };
    const types = {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        parsers[oid] ?? pg.types.getTypeParser(oid, format)) as never,
    };
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, types });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  if (options.pgliteDir) await fs.mkdir(path.dirname(options.pgliteDir), { recursive: true });
  const pglite = new PGlite({
    ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}),
    parsers: { [DATE_OID]: asText, [NUMERIC_OID]: asText, [INT8_OID]: asNumber },
  });
  return new Kysely<Database>({ dialect: new PgliteDialect(pglite) });
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
