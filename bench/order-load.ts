// Load on the buying calls, against the real store process with the demo data (sandbox gateway), each
// phone from its own address: --orders order creations at once (each with its Idempotency-Key; a tenth sent again
// with the same key, as a page does after a lost answer), then half of them paid on the sandbox page at once (each
// paid twice, as a double tap), the order inquiry and the events listing under --concurrent requests at a time.
// Then the database is checked: every accepted order exists once and whole, a key answered the same order each
// time, every PAID order has exactly one PAID payment and every other order none.
// Prints one JSON line.   node --import tsx bench/order-load.ts [--orders 500] [--requests 2000] [--concurrent 50]
// With DATABASE_URL set, the store uses that PostgreSQL database (a fresh one).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_APP_TOKEN } from '../server/config';
import { openClientDatabase } from '../server/db/open-for-role';
import { IDEMPOTENCY_HEADER } from '../server/routes/order';
import { median, percentile, round, startStore, waitFor } from './bench-kit';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '500' },
    requests: { type: 'string', default: '2000' },
    concurrent: { type: 'string', default: '50' },
  },
});
const ORDERS = Number(values.orders);
const REQUESTS = Number(values.requests);
const CONCURRENT = Number(values.concurrent);
const STAGE = 'phuket-beach-run-2026';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-order-load-'));
const dataDir = path.join(dir, 'data');
const store = await startStore({ DATA_DIR: dataDir, TRUST_PROXY: '1', FACE_WORKERS: '0' });
const from = (client: number) => ({
  'x-forwarded-for': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
});

interface Call {
  ms: number;
  status: number;
  body?: unknown;
}

/** One call; its time, status and answer (status 0: no answer). */
async function call(url: string, init: RequestInit): Promise<Call> {
  const started = performance.now();
  try {
    const response = await fetch(`${store.base}${url}`, init);
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { ms: performance.now() - started, status: response.status, body };
  } catch {
    return { ms: performance.now() - started, status: 0 };
  }
}

const postJson = (url: string, body: unknown, client: number, headers: Record<string, string> = {}) =>
  call(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...from(client), ...headers },
    body: JSON.stringify(body),
  });

/** p50/p99 and the statuses of a batch of calls. */
function summary(calls: Call[]) {
  const times = calls.map((c) => c.ms).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const c of calls) statuses[c.status] = (statuses[c.status] ?? 0) + 1;
  return {
    calls: calls.length,
    p50_ms: round(median(times)),
    p99_ms: round(percentile(times, 99)),
    max_ms: round(times.at(-1) ?? 0),
    statuses,
  };
}

/** `count` calls made by `concurrent` callers, each taking the next. */
async function pool(count: number, concurrent: number, make: (i: number) => Promise<Call>): Promise<Call[]> {
  const calls: Call[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(count, concurrent) }, async () => {
      for (let i = next++; i < count; i = next++) calls[i] = await make(i);
    }),
  );
  return calls;
}

try {
  const event = await waitFor(
    'the store',
    async () => {
      const res = await fetch(`${store.base}/api/v1/events/${STAGE}`);
      return res.ok ? ((await res.json()) as { body: { event_id: number } }).body : undefined;
    },
    180_000,
  );
  const stage = await postJson(
    '/api/v1/imagestage/pagination',
    { event_id: event.event_id, event_key: STAGE, page: 1, page_size: 2 },
    0,
  );
  const photos = ((stage.body as { body: { id: number }[] }).body ?? []).map((p) => ({ id: p.id }));
  if (photos.length !== 2) throw new Error('the demo stage event has no photos');
  const order = (i: number) => ({
    mobile: `08${String(10_000_000 + i).slice(-8)}`,
    event_key: STAGE,
    amount: '126.00',
    imageList: photos,
    payment_channel: 'PP',
  });
  const keys = Array.from({ length: ORDERS }, (_, i) => `load-${i}-${Math.random().toString(36).slice(2)}`);

  // Every phone at once.
  const created = await Promise.all(
    keys.map((key, i) => postJson('/api/v1/order/create', order(i), i + 1, { [IDEMPOTENCY_HEADER]: key })),
  );
  const uuidOf = (c: Call) => (c.status === 200 ? (c.body as { uuid?: string }).uuid : undefined);
  const uuids = created.map(uuidOf);
  // A tenth send again with the same key (a lost answer): the same order comes back.
  const replayed = await Promise.all(
    keys
      .slice(0, Math.ceil(ORDERS / 10))
      .map((key, i) => postJson('/api/v1/order/create', order(i), i + 1, { [IDEMPOTENCY_HEADER]: key })),
  );
  const replaysSame = replayed.filter((c, i) => uuidOf(c) !== undefined && uuidOf(c) === uuids[i]).length;

  // Half are paid on the sandbox page, each twice at once (a double tap).
  const toPay = uuids.filter((u): u is string => u !== undefined).slice(0, Math.floor(ORDERS / 2));
  const pay = (uuid: string, i: number) =>
    call(`/api/sandbox/pay/${uuid}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...from(i + 1) },
      body: 'action=pay',
    });
  const payments = (
    await Promise.all(toPay.map((uuid, i) => Promise.all([pay(uuid, i), pay(uuid, i)])))
  ).flat();

  // The order page's inquiry, and the home page's listing.
  const accepted = uuids.filter((u): u is string => u !== undefined);
  const inquiries = await pool(REQUESTS, CONCURRENT, (i) =>
    postJson(
      '/api/v3/order/inquiry',
      { tk: DEMO_APP_TOKEN, order_uuid: accepted[i % accepted.length] },
      i + 1,
    ),
  );
  const paidSeen = inquiries.filter(
    (c) => (c.body as { payment_status?: string }).payment_status === 'PAID',
  ).length;
  const listings = await pool(REQUESTS, CONCURRENT, (i) =>
    postJson('/api/v1/events/pagination', { page: 1 + (i % 3), page_size: 12 }, i + 1),
  );

  // The database afterwards, through the running store (as the admin command line reaches it).
  const database = await openClientDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir }, 'admin');
  let consistency: Record<string, unknown>;
  try {
    const { db } = database;
    const orders = await db.selectFrom('orders').select(['order_id', 'amount', 'payment_status']).execute();
    const items = await db
      .selectFrom('order_items')
      .select((eb) => ['order_id', eb.fn.countAll<string>().as('n')])
      .groupBy('order_id')
      .execute();
    const paidRows = await db
      .selectFrom('payments')
      .select((eb) => ['order_id', eb.fn.countAll<string>().as('n')])
      .where('status', '=', 'PAID')
      .groupBy('order_id')
      .execute();
    const itemsOf = new Map(items.map((r) => [r.order_id, Number(r.n)]));
    const paidOf = new Map(paidRows.map((r) => [r.order_id, Number(r.n)]));
    const ids = new Set(orders.map((o) => o.order_id));
    const paid = orders.filter((o) => o.payment_status === 'PAID');
    consistency = {
      orders_accepted: new Set(accepted).size,
      orders_in_database: orders.length,
      every_accepted_order_once:
        accepted.every((u) => ids.has(u)) && orders.length === new Set(accepted).size,
      every_order_whole: orders.every((o) => itemsOf.get(o.order_id) === 2 && Number(o.amount) === 126),
      replays_same_order: `${replaysSame}/${replayed.length}`,
      paid_orders: paid.length,
      paid_asked: toPay.length,
      every_paid_order_one_payment: paid.every((o) => paidOf.get(o.order_id) === 1),
      payments_of_unpaid_orders: orders.filter((o) => o.payment_status !== 'PAID' && paidOf.has(o.order_id))
        .length,
    };
  } finally {
    await database.close();
  }

  console.log(
    JSON.stringify({
      order_load: {
        database: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite',
        cores: os.availableParallelism(),
        create_at_once: summary(created),
        create_replayed: summary(replayed),
        sandbox_pay_twice_at_once: summary(payments),
        inquiry: { ...summary(inquiries), concurrent: CONCURRENT, paid_seen: paidSeen },
        events_listing: { ...summary(listings), concurrent: CONCURRENT },
        consistency,
      },
    }),
  );
} finally {
  await store.stop();
  await fs.rm(dir, { recursive: true, force: true });
}
