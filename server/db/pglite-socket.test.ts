import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type Generated, Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PgliteDialect } from './pglite-dialect';
import { type PgliteSocketServer, servePgliteSocket } from './pglite-socket';
import { SessionLock } from './session-lock';

// The store's own Kysely and clients through the socket share one PGlite session.
let dir: string;
let pglite: PGlite;
let store: Kysely<{ counter: { id: number; n: number }; notes: { id: Generated<number>; text: string } }>;
let server: PgliteSocketServer;
const clients: pg.Client[] = [];

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ host: dir, port: 5432, user: 'postgres', database: 'postgres' });
  client.on('error', () => undefined);
  await client.connect();
  clients.push(client);
  return client;
}

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgsock-'));
  pglite = new PGlite();
  const lock = new SessionLock();
  store = new Kysely({ dialect: new PgliteDialect(pglite, lock) });
  await sql`create table counter (id int primary key, n int not null)`.execute(store);
  await sql`create table notes (id serial primary key, text text not null)`.execute(store);
  await sql`insert into counter values (1, 0)`.execute(store);
  server = await servePgliteSocket(pglite, lock, path.join(dir, '.s.PGSQL.5432'), { holdTimeoutMs: 400 });
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.end().catch(() => undefined)));
  await server.close();
  await store.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Read, wait a little, write: loses updates if anyone else's statements run inside the transaction. */
async function bumpThroughSocket(client: pg.Client): Promise<void> {
  await client.query('begin');
  const { rows } = await client.query<{ n: number }>('select n from counter where id = $1', [1]);
  await new Promise((r) => setTimeout(r, 1));
  await client.query('update counter set n = $1 where id = 1', [(rows[0]?.n ?? 0) + 1]);
  await client.query('commit');
}

async function bumpInProcess(): Promise<void> {
  await store.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('counter').select('n').where('id', '=', 1).executeTakeFirstOrThrow();
    await new Promise((r) => setTimeout(r, 1));
    await trx
      .updateTable('counter')
      .set({ n: row.n + 1 })
      .where('id', '=', 1)
      .execute();
  });
}

describe('the embedded database served on a local socket', () => {
  it('shows each side what the other wrote, and answers the socket only to its owner', async () => {
    const client = await connect();
    await store.insertInto('notes').values({ text: 'from the store' }).execute();
    expect((await client.query('select text from notes')).rows).toEqual([{ text: 'from the store' }]);
    await client.query('insert into notes (text) values ($1)', ['from a client']);
    const texts = await store.selectFrom('notes').select('text').orderBy('id').execute();
    expect(texts.map((r) => r.text)).toEqual(['from the store', 'from a client']);
    expect(fs.statSync(server.path).mode & 0o777).toBe(0o600);
  });

  it('never lets one transaction see or take part in another (400 read-modify-writes from 4 sides)', async () => {
    const socketClients = await Promise.all([connect(), connect(), connect()]);
    const runs = [
      ...socketClients.map(async (client) => {
        for (let i = 0; i < 100; i++) await bumpThroughSocket(client);
      }),
      (async () => {
        for (let i = 0; i < 100; i++) await bumpInProcess();
      })(),
    ];
    await Promise.all(runs);
    const row = await store.selectFrom('counter').select('n').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(row.n).toBe(400);
  });

  it('keeps parameterised queries of several connections apart', async () => {
    const pool = new pg.Pool({ host: dir, port: 5432, user: 'postgres', database: 'postgres', max: 5 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          pool.query<{ n: number; t: string }>('select $1::int as n, $2::text as t', [i, `text ${i}`]),
        ),
      );
      answers.forEach((answer, i) => {
        expect(answer.rows).toEqual([{ n: i, t: `text ${i}` }]);
      });
      await expect(pool.query('select * from no_such_table')).rejects.toThrow(/no_such_table/);
      expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });

  it('rolls back what a client that vanished left open, and goes on serving', async () => {
    const client = await connect();
    await client.query('begin');
    await client.query(`insert into notes (text) values ('never committed')`);
    (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    await store.insertInto('notes').values({ text: 'after' }).execute();
    const texts = await store.selectFrom('notes').select('text').execute();
    expect(texts).toEqual([{ text: 'after' }]);
    const again = await connect();
    expect((await again.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 1 }]);
  });

  it('closes a connection that sits in a transaction, so the store is not stopped by it', async () => {
    const client = await connect();
    await client.query('begin');
    await client.query(`insert into notes (text) values ('left open')`);
    const started = Date.now();
    await store.insertInto('notes').values({ text: 'the store goes on' }).execute();
    expect(Date.now() - started).toBeLessThan(5000);
    const texts = await store.selectFrom('notes').select('text').execute();
    expect(texts).toEqual([{ text: 'the store goes on' }]);
    await expect(client.query('select 1')).rejects.toThrow();
  });
});
