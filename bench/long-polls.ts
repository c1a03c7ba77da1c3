// Held long polls against the real store process: --polls order-page polls held at once (4 per order,
// each order's from its own address, behind one trusted proxy), then, while they are held, the store's other calls
// (the settings, an event, the events listing, an order inquiry) at --rate a second for --seconds, and --paid of the
// orders paid on the sandbox page: how fast the others are answered, how soon a paid order's polls answer, and how
// long the polls were held (their cap is the `wait` they asked for). Prints one JSON line.
//   node --import tsx bench/long-polls.ts [--polls 2000] [--wait 25] [--seconds 20] [--rate 20] [--paid 20]
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_APP_TOKEN } from '../server/config';
import { MOST_HELD_PER_CLIENT_ORDER } from '../server/services/order-watch';
import { median, percentile, round, startStore, waitFor } from './bench-kit';

const { values } = parseArgs({
  options: {
    polls: { type: 'string', default: '2000' },
    wait: { type: 'string', default: '25' },
    seconds: { type: 'string', default: '20' },
    rate: { type: 'string', default: '20' },
    paid: { type: 'string', default: '20' },
  },
});
const POLLS = Number(values.polls);
const WAIT_S = Number(values.wait);
const SECONDS = Number(values.seconds);
const RATE = Number(values.rate);
const PAID = Number(values.paid);
const STAGE = 'phuket-beach-run-2026';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-long-polls-'));
const store = await startStore({
  DATA_DIR: path.join(dir, 'data'),
  TRUST_PROXY: '1',
  FACE_WORKERS: '0',
  PAYMENT_GATEWAY: 'sandbox',
});
const from = (client: number) => ({
  'x-forwarded-for': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
});
const postJson = async (url: string, body: unknown, client: number) => {
  const started = performance.now();
  const res = await fetch(`${store.base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...from(client) },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
    ms: performance.now() - started,
  };
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: round(median(s)), p95: round(percentile(s, 95)), max: round(s.at(-1) ?? 0) };
};

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
  const photos = ((stage.body.body as { id: number }[]) ?? []).map((p) => ({ id: p.id }));
  const orderCount = Math.ceil(POLLS / MOST_HELD_PER_CLIENT_ORDER);
  const orders: { uuid: string; token: string; client: number }[] = [];
  for (let i = 0; i < orderCount; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, orderCount - i) }, async (_, k) => {
        const client = i + k + 1;
        const created = await postJson(
          '/api/v1/order/create',
          {
            mobile: `08${String(20_000_000 + client).slice(-8)}`,
            event_key: STAGE,
            amount: '126.00',
            imageList: photos,
            payment_channel: 'PP',
          },
          client,
        );
        const uuid = String(created.body.uuid);
        const inquiry = await postJson(
          '/api/v3/order/inquiry',
          { tk: DEMO_APP_TOKEN, order_uuid: uuid },
          client,
        );
        return { uuid, token: String(inquiry.body.state_token), client };
      }),
    );
    orders.push(...batch);
  }
  process.stderr.write(`${orders.length} orders made; holding ${POLLS} polls\n`);

  // The polls, 4 an order, each from its order's address.
  const heldAt = performance.now();
  const polls = Array.from({ length: POLLS }, (_, i) => {
    const order = orders[i % orders.length] as (typeof orders)[number];
    const started = performance.now();
    return postJson(
      '/api/v3/order/inquiry',
      { tk: DEMO_APP_TOKEN, order_uuid: order.uuid, wait: WAIT_S, known: order.token },
      order.client,
    )
      .then((answer) => ({
        uuid: order.uuid,
        at: performance.now(),
        ms: performance.now() - started,
        answer,
      }))
      .catch(() => ({
        uuid: order.uuid,
        at: performance.now(),
        ms: performance.now() - started,
        answer: undefined,
      }));
  });
  await sleep(3000);

  // The others, while the polls are held: one every 1/RATE s, each from an address of its own.
  const others: Promise<{ kind: string; ms: number; status: number }>[] = [];
  const kinds = ['settings', 'event', 'listing', 'inquiry'] as const;
  const paidAt = new Map<string, number>();
  for (let i = 0; i < SECONDS * RATE; i++) {
    const kind = kinds[i % kinds.length] as (typeof kinds)[number];
    const client = 100_000 + i;
    const started = performance.now();
    const done = (status: number) => ({ kind, ms: performance.now() - started, status });
    others.push(
      (kind === 'settings'
        ? fetch(`${store.base}/app-settings.json`, { headers: from(client) }).then(async (r) => {
            await r.arrayBuffer();
            return done(r.status);
          })
        : kind === 'event'
          ? fetch(`${store.base}/api/v1/events/${STAGE}`, { headers: from(client) }).then(async (r) => {
              await r.arrayBuffer();
              return done(r.status);
            })
          : kind === 'listing'
            ? postJson('/api/v1/events/pagination', { page: 1, page_size: 12 }, client).then((r) =>
                done(r.status),
              )
            : postJson(
                '/api/v3/order/inquiry',
                { tk: DEMO_APP_TOKEN, order_uuid: orders[i % orders.length]?.uuid },
                client,
              ).then((r) => done(r.status))
      ).catch(() => done(0)),
    );
    // A few orders are paid meanwhile: their polls must answer at once.
    if (i % Math.max(1, Math.floor((SECONDS * RATE) / PAID)) === 0 && paidAt.size < PAID) {
      const order = orders[paidAt.size] as (typeof orders)[number];
      paidAt.set(order.uuid, performance.now());
      void fetch(`${store.base}/api/sandbox/pay/${order.uuid}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...from(order.client) },
        body: 'action=pay',
      }).then((r) => r.arrayBuffer());
    }
    await sleep(1000 / RATE);
  }
  const otherCalls = await Promise.all(others);
  const answered = await Promise.all(polls);
  const wake = answered
    .filter((p) => paidAt.has(p.uuid) && p.answer?.body.payment_status === 'PAID')
    .map((p) => p.at - (paidAt.get(p.uuid) as number));
  const unpaid = answered.filter((p) => !paidAt.has(p.uuid));
  const rss = Number(
    (await fs.readFile(`/proc/${store.process.pid}/status`, 'utf8').catch(() => '')).match(
      /VmHWM:\s+(\d+)/,
    )?.[1] ?? 0,
  );
  process.stdout.write(
    `${JSON.stringify({
      long_polls: {
        polls: POLLS,
        orders: orders.length,
        wait_s: WAIT_S,
        held_for_ms: stats(unpaid.map((p) => p.ms)),
        answered_within_1s: unpaid.filter((p) => p.ms < 1000).length,
        poll_statuses: answered.reduce<Record<string, number>>((acc, p) => {
          const key = String(p.answer?.status ?? 0);
          acc[key] = (acc[key] ?? 0) + 1;
          return acc;
        }, {}),
        paid_meanwhile: paidAt.size,
        paid_polls_woken_ms: stats(wake),
        others_ms: stats(otherCalls.map((c) => c.ms)),
        others_by_kind_p95_ms: Object.fromEntries(
          kinds.map((k) => [k, stats(otherCalls.filter((c) => c.kind === k).map((c) => c.ms)).p95]),
        ),
        others_failed: otherCalls.filter((c) => c.status !== 200).length,
        holding_ms: round(performance.now() - heldAt),
        store_peak_rss_mb: Math.round(rss / 1024),
      },
    })}\n`,
  );
} finally {
  await store.stop();
}
