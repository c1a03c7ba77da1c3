// The store's metrics, in Prometheus's text format through prom-client: what a shop owner watches on race
// day. Counted where it happens, in the process it happens in (requests and searches in the API processes, indexing,
// notices and payments wherever the jobs and callbacks run); what the database knows (jobs waiting, photos not yet
// indexed, photos arriving) is read from it when scraped, at most every STORE_READ_MS. Every series carries the
// process's role; with several API processes the primary adds theirs up (METRICS_PORT, ops/metrics-server.ts).
import cluster from 'node:cluster';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import client from 'prom-client';
import type { Db } from '../db/database';
import { databaseWaiting } from '../db/database';

export const registry = client.register;

/** Seconds: 5 ms to 30 s, for requests and searches alike. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30];

export const httpRequests = new client.Counter({
  name: 'storefront_http_requests_total',
  help: 'HTTP requests answered, by method, route (the pattern, never the address) and status',
  labelNames: ['method', 'route', 'status'] as const,
});
export const httpDuration = new client.Histogram({
  name: 'storefront_http_request_duration_seconds',
  help: 'Time to answer an HTTP request (to its headers; a streamed body may go on), by method, route and status class',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: LATENCY_BUCKETS,
});
export const searchDuration = new client.Histogram({
  name: 'storefront_search_duration_seconds',
  help: 'Time to answer a search, by kind (face, bib) and outcome (found, none, busy, refused)',
  labelNames: ['kind', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
});
export const busyAnswers = new client.Counter({
  name: 'storefront_busy_answers_total',
  help: 'Searches answered "busy, try again" (the selfie queue was too long)',
});
export const selfieQueueWait = new client.Histogram({
  name: 'storefront_selfie_queue_wait_seconds',
  help: 'Time a selfie waited for a face worker',
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 3.5, 5, 10, 30],
});
export const photosIndexed = new client.Counter({
  name: 'storefront_photos_indexed_total',
  help: 'Photos indexed (faces found and kept) by this process, by outcome (indexed, failed)',
  labelNames: ['outcome'] as const,
});
export const ordersCreated = new client.Counter({
  name: 'storefront_orders_created_total',
  help: 'Orders created, by payment channel',
  labelNames: ['channel'] as const,
});
export const ordersPaid = new client.Counter({
  name: 'storefront_orders_paid_total',
  help: 'Orders that became paid, by gateway',
  labelNames: ['gateway'] as const,
});
export const paidBaht = new client.Counter({
  name: 'storefront_paid_baht_total',
  help: 'Baht paid for the orders that became paid, by gateway',
  labelNames: ['gateway'] as const,
});
export const noticesSent = new client.Counter({
  name: 'storefront_notices_total',
  help: 'Delivery notices and runners\u2019 alerts tried, by channel (email, sms, push, console) and result (sent, failed)',
  labelNames: ['channel', 'result'] as const,
});

// Read from the database when scraped; with several processes the primary takes the highest, not the sum.
const jobsGauge = new client.Gauge({
  name: 'storefront_jobs',
  help: 'Background jobs not done, by kind and state (queued, running, failed)',
  labelNames: ['kind', 'state'] as const,
  aggregator: 'max',
  async collect() {
    await refreshStoreGauges();
  },
});
const backlogGauge = new client.Gauge({
  name: 'storefront_indexing_backlog_photos',
  help: 'Photos waiting to be indexed',
  aggregator: 'max',
  async collect() {
    await refreshStoreGauges();
  },
});
const arrivingGauge = new client.Gauge({
  name: 'storefront_photos_arriving_per_minute',
  help: 'Photos that arrived a minute over the last 10 minutes',
  aggregator: 'max',
  async collect() {
    await refreshStoreGauges();
  },
});
new client.Gauge({
  name: 'storefront_database_waiting',
  help: "Queries waiting for a database connection (PostgreSQL's pool) or for the embedded database's session",
  collect() {
    this.set(databaseWaiting());
  },
});

/** How often the database is read for the gauges above at most (several scrapers, one read). */
export const STORE_READ_MS = 10_000;
const ARRIVAL_WINDOW_MS = 10 * 60_000;

let storeDb: Db | undefined;
let lastRead: { at: number; done: Promise<void> } | undefined;

async function readStore(db: Db): Promise<void> {
  const jobs = await db
    .selectFrom('jobs')
    .select((eb) => ['kind', 'state', eb.fn.countAll<string>().as('n')])
    .where('state', '!=', 'done')
    .groupBy(['kind', 'state'])
    .execute();
  jobsGauge.reset();
  for (const row of jobs) jobsGauge.set({ kind: row.kind, state: row.state }, Number(row.n));
  const pending = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('index_state', '=', 'pending')
    .executeTakeFirstOrThrow();
  backlogGauge.set(Number(pending.n));
  const arrived = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('created_at', '>=', new Date(Date.now() - ARRIVAL_WINDOW_MS))
    .executeTakeFirstOrThrow();
  arrivingGauge.set(Number(arrived.n) / (ARRIVAL_WINDOW_MS / 60_000));
}

/** Reads the database's gauges if the last read is older than STORE_READ_MS (a failed read leaves them as they were). */
async function refreshStoreGauges(): Promise<void> {
  if (!storeDb) return;
  const now = Date.now();
  if (!lastRead || now - lastRead.at >= STORE_READ_MS) {
    lastRead = { at: now, done: readStore(storeDb).catch(() => undefined) };
  }
  await lastRead.done;
}

let started = false;

/**
 * Starts this process's metrics: Node's own (memory, event-loop lag, garbage collection), the role label, and the
 * database's gauges (when this process has the database).
 */
export function startMetrics(role: 'api' | 'worker', db?: Db): void {
  storeDb = db;
  if (started) return;
  started = true;
  registry.setDefaultLabels({ role });
  // One API process of several answers its primary's requests for its series (ops/metrics-server.ts adds them up).
  if (cluster.isWorker) new client.AggregatorRegistry();
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  // A smoother lag than the default's: the 99th percentile of the loop's delay over the last scrape interval.
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  new client.Gauge({
    name: 'storefront_event_loop_delay_p99_seconds',
    help: "The event loop's delay, 99th percentile since the last scrape",
    collect() {
      this.set(loop.percentile(99) / 1e9);
      loop.reset();
    },
  });
}

/** The text a scraper reads (Content-Type: registry.contentType). */
export function metricsText(): Promise<string> {
  return registry.metrics();
}

/** "2xx", "4xx", …: the status class of a latency series (few series per route). */
export const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;

/** Runs a search and counts it: its time by kind and outcome, and a busy answer among the busy answers. */
export async function timedSearch<R extends SearchOutcome>(
  kind: 'face' | 'bib',
  search: () => Promise<R>,
): Promise<R> {
  const started = performance.now();
  const outcome = await search();
  const busy = !outcome.ok && outcome.body.code === 'search-busy';
  if (busy) busyAnswers.inc();
  const result = outcome.ok ? (outcome.value.image_length > 0 ? 'found' : 'none') : busy ? 'busy' : 'refused';
  searchDuration.observe({ kind, outcome: result }, (performance.now() - started) / 1000);
  return outcome;
}

/** What a search answers (services/outcome.ts), as far as the metrics read it. */
type SearchOutcome =
  | { ok: true; value: { image_length: number } }
  | { ok: false; body: { code?: string | undefined } };

/** An order that became paid through `gateway`, for `amount` baht (a decimal string). */
export function countPaid(gateway: string, amount: string): void {
  ordersPaid.inc({ gateway });
  paidBaht.inc({ gateway }, Number(amount) || 0);
}
