import fs from 'node:fs';
import net from 'node:net';
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

/** The lock the store's Kysely and the socket share. */
const locks = new WeakMap<object, SessionLock>();
const lockOf = (db: object) => locks.get(db) as SessionLock;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgsock-'));
  pglite = new PGlite();
  const lock = new SessionLock();
  store = new Kysely({ dialect: new PgliteDialect(pglite, lock) });
  locks.set(store, lock);
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

  describe('while others wait for the session', () => {
    let strict: PgliteSocketServer;
    let strictDir: string;
    beforeEach(async () => {
      strictDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgsock-strict-'));
      // The long hold of a quiet store, and short bounds once anyone waits.
      strict = await servePgliteSocket(pglite, lockOf(store), path.join(strictDir, '.s.PGSQL.5432'), {
        holdTimeoutMs: 30_000,
        exchangeWhileWaitedMs: 300,
        heldWhileWaitedMs: 600,
      });
    });
    afterEach(async () => {
      await strict.close();
      fs.rmSync(strictDir, { recursive: true, force: true });
    });

    /** A raw client that starts up, then sends a Parse and never its Sync: it holds the session mid-exchange. */
    const halfExchange = async () => {
      const socket = net.connect(strict.path);
      socket.on('error', () => undefined);
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const params = Buffer.from('user\0postgres\0database\0postgres\0\0');
      const startup = Buffer.alloc(8);
      startup.writeInt32BE(8 + params.length, 0);
      startup.writeInt32BE(196608, 4);
      socket.write(Buffer.concat([startup, params]));
      await new Promise<void>((resolve) => socket.once('data', () => resolve()));
      const query = Buffer.from('\0select 1\0\0\0');
      const parse = Buffer.alloc(5);
      parse.write('P', 0);
      parse.writeInt32BE(4 + query.length, 1);
      socket.write(Buffer.concat([parse, query]));
      await new Promise((r) => setTimeout(r, 100));
      return socket;
    };

    it('closes a client that began an exchange and never finished it, and the store goes on', async () => {
      const socket = await halfExchange();
      // A Flush every 150 ms (never a Sync) does not keep the exchange open longer.
      const flush = Buffer.from([0x48, 0, 0, 0, 4]);
      const flushing = setInterval(() => socket.write(flush), 150);
      const closed = new Promise<void>((resolve) =>
        socket.once('close', () => {
          clearInterval(flushing);
          resolve();
        }),
      );
      const started = Date.now();
      await store.insertInto('notes').values({ text: 'not kept waiting 30 s' }).execute();
      expect(Date.now() - started).toBeLessThan(10_000);
      await closed;
    });

    it('closes a client whose transaction keeps the session while the store waits, rolling it back', async () => {
      const client = new pg.Client({ host: strictDir, port: 5432, user: 'postgres', database: 'postgres' });
      client.on('error', () => undefined);
      await client.connect();
      clients.push(client);
      await client.query('begin');
      await client.query(`insert into notes (text) values ('held too long')`);
      await store.insertInto('notes').values({ text: 'the store' }).execute();
      const texts = await store.selectFrom('notes').select('text').execute();
      expect(texts).toEqual([{ text: 'the store' }]);
      await expect(client.query('select 1')).rejects.toThrow();
    });

    it("gives the session to the store's waiting queries before the clients' waiting ones", async () => {
      const holder = new pg.Client({ host: strictDir, port: 5432, user: 'postgres', database: 'postgres' });
      const other = new pg.Client({ host: strictDir, port: 5432, user: 'postgres', database: 'postgres' });
      for (const c of [holder, other]) {
        c.on('error', () => undefined);
        await c.connect();
        clients.push(c);
      }
      await holder.query('begin');
      const order: string[] = [];
      const client = other.query('select 1').then(() => order.push('client'));
      await new Promise((r) => setTimeout(r, 50));
      const own = store
        .selectFrom('notes')
        .select('id')
        .execute()
        .then(() => order.push('store'));
      await new Promise((r) => setTimeout(r, 50));
      await holder.query('commit');
      await Promise.all([client, own]);
      expect(order).toEqual(['store', 'client']);
    });
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
