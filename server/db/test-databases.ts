// Test helper: the databases integration tests run on. PGlite always; PostgreSQL too when TEST_DATABASE_URL
// names a server (CI starts a throw-away cluster). Each opened database is fresh and migrated.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Db, migrate, openDatabase } from './database';

export interface TestDatabase {
  name: string;
  open(): Promise<{ db: Db; close(): Promise<void> }>;
}

const pglite: TestDatabase = {
  name: 'PGlite',
  async open() {
    const db = await openDatabase({});
    await migrate(db);
    return { db, close: () => db.destroy() };
  },
};

/** A fresh, empty database on the PostgreSQL server of `serverUrl` (for a store process to migrate), and its removal. */
export async function freshPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

const postgres = (serverUrl: string): TestDatabase => ({
  name: 'PostgreSQL',
  async open() {
    const name = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const db = await openDatabase({ databaseUrl: url.toString() });
    await migrate(db);
    return {
      db,
      async close() {
        await db.destroy();
        const cleanup = new pg.Client({ connectionString: serverUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name}`);
        await cleanup.end();
      },
    };
  },
});

export const testDatabases: TestDatabase[] = [
  pglite,
  ...(process.env.TEST_DATABASE_URL ? [postgres(process.env.TEST_DATABASE_URL)] : []),
];
