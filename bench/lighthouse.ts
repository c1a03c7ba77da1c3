// Lighthouse (mobile preset: simulated slow 4G and 4× CPU slowdown, a first visit with storage cleared) on the
// built store it starts itself (demo data, no face indexing, so the machine is quiet), in Debian's Chromium:
// home, an event page and a paid order page. Each page runs --runs times; the median run by performance score is
// reported. Prints one JSON line per page, then one line with all of them.
//   node --import tsx bench/lighthouse.ts [--dist dist] [--runs 3] [--pages home,event,order] [--reports DIR]
// --reports DIR keeps each page's median Lighthouse report (DIR/{page}.json) for a closer look.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium';
import { freePort, median, round, startStore, waitFor } from './bench-kit';

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: process.env.DIST_DIR ?? 'dist' },
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: 'home,event,order' },
    reports: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const EVENT = 'bangkok-city-marathon-2026';
const STAGE = 'phuket-beach-run-2026';

interface PageResult {
  page: string;
  url: string;
  performance: number;
  accessibility: number;
  fcp_ms: number;
  lcp_ms: number;
  tbt_ms: number;
  cls: number;
  speed_index_ms: number;
  bytes: number;
  requests: number;
  runs: number[];
  /** The runtime errors of runs Lighthouse could not measure (left out of the median). */
  failed_runs: string[];
}

/** A paid PromptPay order of two stage photos, through the API and the sandbox gateway: its page's address. */
async function paidOrderPath(base: string): Promise<string> {
  const post = async (url: string, body: unknown) =>
    (await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json())) as Record<string, unknown>;
  const event = (
    (await fetch(`${base}/api/v1/events/${STAGE}`).then((r) => r.json())) as { body: { event_id: number } }
  ).body;
  const photos = (
    (
      await post('/api/v1/imagestage/pagination', {
        event_id: event.event_id,
        event_key: STAGE,
        page: 1,
        page_size: 2,
      })
    ).body as { id: number }[]
  ).map((p) => ({ id: p.id }));
  const { uuid } = (await post('/api/v1/order/create', {
    mobile: '0812345678',
    event_key: STAGE,
    amount: '126.00',
    imageList: photos,
    payment_channel: 'PP',
  })) as { uuid: string };
  await fetch(`${base}/api/sandbox/pay/${uuid}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=pay',
  });
  // The paid gallery once the originals and logo versions are made.
  await waitFor(
    'the paid order',
    async () => {
      const answer = await post('/api/v3/order/inquiry', { tk: 'demo-app-token', order_uuid: uuid });
      return answer.is_logo_image_created === 'Y' ? true : undefined;
    },
    60_000,
  );
  return `/download/${uuid}`;
}

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-lighthouse-'));
const store = await startStore({
  DATA_DIR: path.join(dir, 'data'),
  DIST_DIR: values.dist,
  FACE_WORKERS: '0',
});
const port = await freePort();
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
});
const results: PageResult[] = [];
try {
  await waitFor(
    'the store',
    async () => ((await fetch(`${store.base}/api/v1/events/soon`)).ok ? true : undefined),
    120_000,
  );
  const wanted = values.pages.split(',');
  const paths: Record<string, () => Promise<string>> = {
    home: async () => '/',
    event: async () => `/${EVENT}`,
    order: () => paidOrderPath(store.base),
  };
  for (const name of wanted) {
    const url = `${store.base}${await (paths[name] ?? (async () => `/${name}`))()}`;
    const runs: Awaited<ReturnType<typeof lighthouse>>[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      runs.push(
        await lighthouse(url, {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        }),
      );
    }
    const reports = runs.map((r) => r?.lhr).filter((lhr) => lhr !== undefined);
    // A run Lighthouse could not measure (its runtimeError, e.g. NO_LCP) scores 0: it is reported, not ranked.
    const failed = reports.flatMap((lhr) => (lhr.runtimeError ? [lhr.runtimeError.code] : []));
    const scored = reports
      .filter((lhr) => !lhr.runtimeError)
      .map((lhr) => ({ lhr, score: Math.round((lhr.categories.performance?.score ?? 0) * 100) }))
      .sort((a, b) => a.score - b.score);
    const mid = scored[Math.floor(scored.length / 2)];
    if (!mid) throw new Error(`no Lighthouse result for ${name}`);
    const audit = (id: string) => mid.lhr.audits[id]?.numericValue ?? Number.NaN;
    const result: PageResult = {
      page: name,
      url: url.replace(store.base, ''),
      performance: mid.score,
      accessibility: Math.round((mid.lhr.categories.accessibility?.score ?? 0) * 100),
      fcp_ms: round(audit('first-contentful-paint')),
      lcp_ms: round(audit('largest-contentful-paint')),
      tbt_ms: round(audit('total-blocking-time')),
      cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
      speed_index_ms: round(audit('speed-index')),
      bytes: round(audit('total-byte-weight')),
      requests:
        (mid.lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items?.length ??
        0,
      runs: scored.map((s) => s.score),
      failed_runs: failed,
    };
    results.push(result);
    if (values.reports) {
      await fs.mkdir(values.reports, { recursive: true });
      await fs.writeFile(path.join(values.reports, `${name}.json`), JSON.stringify(mid.lhr));
    }
    console.log(JSON.stringify(result));
  }
} finally {
  await browser.close();
  await store.stop();
  await fs.rm(dir, { recursive: true, force: true });
}
console.log(
  JSON.stringify({
    lighthouse: results,
    median_performance: median(results.map((r) => r.performance)),
  }),
);
