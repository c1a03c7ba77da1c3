// A pooled connection the database server ends while idle (a restart, a failover, an administrator's command) is
// dropped by the pool and replaced when next needed: the process goes on, the next query answers.

import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { freshPostgresDatabase } from './test-databases';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('an idle connection ended by the server', () => {
  it('is dropped, and the next query opens another', async () => {
    const fresh = await freshPostgresDatabase(serverUrl as string);
    const db = await openDatabase({ databaseUrl: fresh.url });
    try {
      const pid = async () =>
        (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]?.pid;
      const first = await pid();
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [first]).finally(() => admin.end());
      // The idle connection's error arrives, and is taken (an unhandled one would fail this test run).
      await new Promise((resolve) => setTimeout(resolve, 300));
      const second = await pid();
      expect(second).toBeGreaterThan(0);
      expect(second).not.toBe(first);
    } finally {
      await db.destroy();
      await fresh.drop();
    }
  });
});
