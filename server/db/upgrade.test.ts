// A store upgraded in place. fixtures/schema-0011.sql.gz is a database made by the release before race-day
// uploads and alerts (schema 0011: its demo events, 120 photos indexed into 352 faces, three orders of which two
// paid), dumped with pg_dump. Loaded into PGlite and PostgreSQL, it is migrated to today's schema and the buyer's
// journeys run on it: its events and photos are served, its orders answered as they were (paid ones with their
// downloads), a new order is made and paid, and today's features work on the old data.
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLinkSecret, secretHash } from '../services/live-uploads';
import { openTestApp, TEST_APP_TOKEN, type TestApp } from '../test/app-fixture';
import { type Db, migrate, openDatabase, openEmbeddedDatabase } from './database';
import { migrations } from './migrations';
import { insertLink } from './photographer-links-repo';
import { freshPostgresDatabase, type TestDatabase } from './test-databases';

const STAGE = 'phuket-beach-run-2026';
/** The fixture's orders: two paid through the sandbox, one waiting. */
const PAID = ['0e3a83bb-7d9c-42b5-9c8f-0585228f7081', 'ffdf115d-6816-4c19-8f8c-abf2d80be7d9'];
const WAITING = 'af9f38a8-0fc3-4e81-afb1-a1392adf46ed';

/** The dump as SQL to run: pg_dump's psql meta-commands and its emptied search_path left out. */
function dumpSql(): string {
  const text = gunzipSync(
    fs.readFileSync(path.join(import.meta.dirname, 'fixtures/schema-0011.sql.gz')),
  ).toString();
  return text
    .split('\n')
    .filter((line) => !line.startsWith('\\') && !line.includes("set_config('search_path', '', false)"))
    .join('\n');
}

/** A database holding the old release's data, not yet migrated. */
const oldDatabases: { name: string; open(): Promise<{ db: Db; close(): Promise<void> }> }[] = [
  {
    name: 'PGlite',
    async open() {
      const embedded = await openEmbeddedDatabase(undefined);
      await embedded.pglite.exec(dumpSql());
      return { db: embedded.db, close: () => embedded.db.destroy() };
    },
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'PostgreSQL',
          async open() {
            const fresh = await freshPostgresDatabase(process.env.TEST_DATABASE_URL as string);
            const client = new pg.Client({ connectionString: fresh.url });
            await client.connect();
            await client.query(dumpSql()).finally(() => client.end());
            const db = await openDatabase({ databaseUrl: fresh.url });
            return {
              db,
              async close() {
                await db.destroy();
                await fresh.drop();
              },
            };
          },
        },
      ]
    : []),
];

describe.each(oldDatabases)('a database of schema 0011 upgraded, on $name', (old) => {
  let t: TestApp;
  let applied: string[] = [];

  beforeAll(async () => {
    const opened = await old.open();
    const before = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      opened.db,
    );
    expect(before.rows.at(-1)?.name).toBe('0011-bibs');
    applied = await migrate(opened.db);
    // The app on the upgraded database (openTestApp takes it as its database).
    const upgraded: TestDatabase = { name: old.name, open: async () => opened };
    t = await openTestApp(upgraded, new Date('2026-11-28T05:00:00Z'));
  }, 120_000);
  afterAll(async () => t?.close());

  it('brings the schema to today, keeping every row', async () => {
    const today = Object.keys(migrations).sort();
    expect(applied).toEqual(today.filter((name) => name > '0011-bibs'));
    const counts = await sql<Record<string, number>>`select
      (select count(*) from events)::int as events, (select count(*) from photos)::int as photos,
      (select count(*) from faces)::int as faces, (select count(*) from orders)::int as orders,
      (select count(*) from payments where status = 'PAID')::int as paid`.execute(t.ctx.db);
    expect(counts.rows[0]).toEqual({ events: 6, photos: 120, faces: 352, orders: 3, paid: 2 });
  });

  it('serves the old events and answers the old orders as they were', async () => {
    const event = (await (await t.app.request(`/api/v1/events/${STAGE}`)).json()) as {
      status: string;
      body: { event_key: string };
    };
    expect(event).toMatchObject({ status: 'success', body: { event_key: STAGE } });
    for (const uuid of PAID) {
      const answer = (await (
        await t.post('/api/v1/order/inquiry', { tk: TEST_APP_TOKEN, order_uuid: uuid })
      ).json()) as { payment_status: string; images_paid: string };
      expect(answer.payment_status).toBe('PAID');
      // Its downloads: two photos, each with a signed address of its original.
      const images = JSON.parse(answer.images_paid) as { image: string }[];
      expect(images).toHaveLength(2);
      for (const image of images) expect(image.image).toMatch(/^\/storage\/private\/.*\?expires=\d+&sig=/);
    }
    const waiting = (await (
      await t.post('/api/v3/order/inquiry', { tk: TEST_APP_TOKEN, order_uuid: WAITING })
    ).json()) as { payment_status: string; state_token: string };
    expect(waiting.payment_status).toBe('INITIAL');
    expect(waiting.state_token).toMatch(/^INITIAL\//);
    const found = (await (
      await t.post('/api/v1/order/find-order', {
        tk: TEST_APP_TOKEN,
        filter_type: 'mobile',
        txt_search: '0812345602',
      })
    ).json()) as { status: string; body: unknown[] };
    expect(found.status).toBe('success');
    expect(found.body).toHaveLength(1);
  });

  it('takes a new order on an old event and its payment', async () => {
    const event = (await (await t.app.request(`/api/v1/events/${STAGE}`)).json()) as {
      body: { event_id: number };
    };
    const page = (await (
      await t.post('/api/v1/imagestage/pagination', {
        event_id: event.body.event_id,
        event_key: STAGE,
        page: 1,
        page_size: 2,
      })
    ).json()) as { body: { id: number }[] };
    const created = await t.post('/api/v1/order/create', {
      mobile: '0898765432',
      event_key: STAGE,
      amount: '126.00',
      imageList: page.body.map((p) => ({ id: p.id })),
      payment_channel: 'PP',
    });
    expect(created.status).toBe(200);
    const { uuid } = (await created.json()) as { uuid: string };
    const paid = await t.app.request(`/api/sandbox/pay/${uuid}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
    });
    expect(await paid.text()).toContain('Paid 126.00 THB');
    const answer = (await (
      await t.post('/api/v1/order/inquiry', { tk: TEST_APP_TOKEN, order_uuid: uuid })
    ).json()) as { payment_status: string };
    expect(answer.payment_status).toBe('PAID');
  });

  it("runs today's features on the old data: a photographer's upload link to an old event", async () => {
    const event = (await (await t.app.request(`/api/v1/events/${STAGE}`)).json()) as {
      body: { event_id: number };
    };
    const secret = newLinkSecret();
    await insertLink(t.ctx.db, {
      eventId: event.body.event_id,
      photographerId: 7,
      secretSha256: secretHash(secret),
      expiresAt: new Date('2026-12-01T00:00:00Z'),
    });
    const res = await t.app.request(`/api/v1/uploads/${secret}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'success' });
  });
});
