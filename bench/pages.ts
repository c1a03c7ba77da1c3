// First visits at once: the rendered pages under a burst, as after a QR code is shown at a finish line.
//   npm run bench:pages -- [--concurrent 100] [--rounds 3]
// A fresh store with the demo data (embedded database) on loopback; two paid orders made through the API. Each round
// sends `--concurrent` first visits at once (no cookie, no service worker: a browser's first GET of a page), spread
// over home, the events' pages and the orders' pages, and times each to its first byte (headers) and to its last
// byte; meanwhile the API is asked for an event every 50 ms, to show it keeps answering. Every page must come back
// server-rendered (#root carries data-rendered). Prints progress to stderr and ONE JSON line on stdout: per round and
// over all rounds, p50/p99 to the first and last byte (ms), the slowest, the pages not rendered, and the API's
// p50/p99 during the bursts.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_RENDERED_ATTRIBUTE } from '../core/first-screen';
import { percentile, startStore, waitFor } from './bench-kit';

const log = (line: string) => process.stderr.write(`${line}\n`);

function parseArgs(argv: string[]) {
  const args = { concurrent: 100, rounds: 3 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => Number(argv[++i]);
    if (a === '--concurrent') args.concurrent = next();
    else if (a === '--rounds') args.rounds = next();
    else if (a !== '--') throw new Error(`unknown option ${a}`);
  }
  return args;
}

const EVENTS = ['bangkok-city-marathon-2026', 'phuket-beach-run-2026', 'khonkaen-fun-run-2026'];

/** A paid order of the stage event's first photos, made as the checkout makes it: its page's path. */
async function paidOrder(base: string, count: number): Promise<string> {
  const key = 'phuket-beach-run-2026';
  const event = (await (await fetch(`${base}/api/v1/events/${key}`)).json()) as {
    body: { event_id: number };
  };
  const page = (await (
    await fetch(`${base}/api/v1/imagestage/pagination`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event_key: key, event_id: event.body.event_id, page: 1 }),
    })
  ).json()) as { body: { id: number }[] };
  const photos = page.body.slice(0, count);
  const created = (await (
    await fetch(`${base}/api/v1/order/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        mobile: '0812345678',
        email: '',
        event_key: key,
        amount: ((60 * photos.length * 105) / 100).toFixed(2),
        imageList: photos.map((p) => ({ id: p.id })),
        payment_channel: 'PP',
      }),
    })
  ).json()) as { status: string; uuid: string };
  if (created.status !== 'success') throw new Error(`order not made: ${JSON.stringify(created)}`);
  await fetch(`${base}/api/sandbox/pay/${created.uuid}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=pay',
  });
  return `/download/${created.uuid}`;
}

interface Visit {
  path: string;
  firstByte: number;
  lastByte: number;
  rendered: boolean;
  status: number;
}

async function visit(base: string, pagePath: string): Promise<Visit> {
  const start = performance.now();
  const response = await fetch(`${base}${pagePath}`, {
    headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 (Linux; Android 14) bench:pages' },
  });
  const firstByte = performance.now() - start;
  const html = await response.text();
  return {
    path: pagePath,
    firstByte,
    lastByte: performance.now() - start,
    rendered: html.includes(`${SERVER_RENDERED_ATTRIBUTE}=`),
    status: response.status,
  };
}

const summary = (visits: Visit[]) => {
  const first = visits.map((v) => v.firstByte).sort((a, b) => a - b);
  const last = visits.map((v) => v.lastByte).sort((a, b) => a - b);
  return {
    pages: visits.length,
    first_byte_ms: { p50: Math.round(percentile(first, 50)), p99: Math.round(percentile(first, 99)) },
    last_byte_ms: {
      p50: Math.round(percentile(last, 50)),
      p99: Math.round(percentile(last, 99)),
      max: Math.round(last.at(-1) ?? 0),
    },
    not_rendered: visits.filter((v) => !v.rendered || v.status !== 200).map((v) => `${v.status} ${v.path}`),
  };
};

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-pages-'));
  const store = await startStore({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  try {
    await waitFor(
      'the store',
      async () => ((await fetch(`${store.base}/api/v1/events/${EVENTS[0]}`)).ok ? true : undefined),
      120_000,
    );
    const orders = [await paidOrder(store.base, 4), await paidOrder(store.base, 2)];
    const pages = ['/', ...EVENTS.map((key) => `/${key}`), ...orders];
    // Each page once, so the round measures rendering, not first-use loading.
    for (const page of pages) await visit(store.base, page);
    log(`pages: ${pages.join(' ')}`);

    const rounds: ReturnType<typeof summary>[] = [];
    const all: Visit[] = [];
    const api: number[] = [];
    for (let round = 0; round < args.rounds; round++) {
      let bursting = true;
      const probe = (async () => {
        while (bursting) {
          const t = performance.now();
          await fetch(`${store.base}/api/v1/events/${EVENTS[1]}`).then((r) => r.arrayBuffer());
          api.push(performance.now() - t);
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      const visits = await Promise.all(
        Array.from({ length: args.concurrent }, (_, i) =>
          visit(store.base, pages[i % pages.length] as string),
        ),
      );
      bursting = false;
      await probe;
      rounds.push(summary(visits));
      all.push(...visits);
      log(`round ${round + 1}: ${JSON.stringify(rounds.at(-1))}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
    const apiSorted = api.sort((a, b) => a - b);
    process.stdout.write(
      `${JSON.stringify({
        concurrent: args.concurrent,
        rounds,
        overall: summary(all),
        api_during_ms: {
          calls: api.length,
          p50: Math.round(percentile(apiSorted, 50)),
          p99: Math.round(percentile(apiSorted, 99)),
        },
      })}\n`,
    );
  } finally {
    await store.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
