// Throughput of the API on loopback: events pagination and order create, against the real server on the
// embedded database (or PostgreSQL with DATABASE_URL) seeded with the demo data. Prints one JSON line.
//   npm run bench:api [-- --seconds 10 --connections 10]
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { priceCart } from '../core/pricing';
import { loadConfig } from '../server/config';
import { findByKey, listsOf } from '../server/db/events-repo';
import { listHighlights } from '../server/db/photos-repo';
import { openStore } from '../server/server';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '10' } },
});
const duration = Number(values.seconds);
const connections = Number(values.connections);

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-api-'));
const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, PORT: '0' }), demoData: 'auto' as const };
const store = await openStore(config, () => undefined);
const server = serve({ fetch: store.app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
const address = server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

async function run(title: string, request: { path: string; body: string }) {
  const result = await autocannon({
    title,
    url: `${base}${request.path}`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: request.body,
    connections,
    duration,
  });
  return {
    requests_per_s: Math.round(result.requests.average),
    latency_p50_ms: result.latency.p50,
    latency_p99_ms: result.latency.p99,
    non_2xx: result.non2xx,
    errors: result.errors,
  };
}

// An order a phone would send: the event's first three photos at the price core/pricing computes.
const event = await findByKey(store.ctx.db, 'bangkok-city-marathon-2026');
if (!event) throw new Error('demo event missing');
const photos = (await listHighlights(store.ctx.db, event.event_id, 3)).map((p) => ({
  id: p.id,
  event_id: p.event_id,
}));
const { packages } = await listsOf(store.ctx.db, event.event_id);
const amount = priceCart({ photoCount: photos.length, packages }).cart_final_payment;
const order = {
  mobile: '0812345678',
  email: 'runner@example.com',
  event_key: event.event_key,
  amount,
  imageList: photos,
  image_length: photos.length,
  is_mhao: 'N',
  payment_channel: 'PP',
};

const pagination = await run('events pagination', {
  path: '/api/v1/events/pagination',
  body: JSON.stringify({ page: 1, page_size: 36 }),
});
const orderCreate = await run('order create', { path: '/api/v3/order/create', body: JSON.stringify(order) });

server.close();
await store.close();
await fs.rm(dataDir, { recursive: true, force: true });
console.log(
  JSON.stringify({
    database: config.databaseUrl ? 'postgresql' : 'pglite',
    connections,
    seconds: duration,
    events_pagination: pagination,
    order_create: { ...orderCreate, photos_per_order: photos.length },
  }),
);
