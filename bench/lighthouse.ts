// Lighthouse (mobile preset: simulated slow 4G and 4× CPU slowdown, a first visit with storage cleared) on the
// built store it starts itself (demo data, no face indexing, so the machine is quiet), in Debian's Chromium:
// home, an event page and a paid order page. Each page runs --runs times; the median run by performance score is
// reported, with Lighthouse's benchmark index of the machine. Then the QR visit (bench/qr-visit.ts: a cold visit to
// an event page → consent → selfie chosen → results shown, under the same throttling) on a store of its own with
// face indexing, --runs times, the median reported (--journeys none leaves it out). Side by side: the build of --baseline
// (the last commit on Preact, before React and server rendering) from a git worktree under .tmp/ (installed and
// built there once), then this checkout's build. Prints one JSON line per page and build, then one line with all.
//   node --import tsx bench/lighthouse.ts [--dist dist] [--runs 3] [--pages home,event,order] [--reports DIR]
//                                          [--baseline COMMIT | --baseline none] [--journeys qr | none]
// --reports DIR keeps each page's median Lighthouse report (DIR/{build}-{page}.json) for a closer look.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium';
import { freePort, median, round, startStore, waitFor } from './bench-kit';
import { measureQrVisit, type QrVisitResult } from './qr-visit';

/** The last commit whose build ran on Preact (before React and server rendering): the side-by-side's other build. */
const PREACT_BASELINE = 'bfafa6c';

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: process.env.DIST_DIR ?? 'dist' },
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: 'home,event,order' },
    reports: { type: 'string' },
    baseline: { type: 'string', default: PREACT_BASELINE },
    journeys: { type: 'string', default: 'qr' },
  },
});
const RUNS = Number(values.runs);
const EVENT = 'bangkok-city-marathon-2026';
const STAGE = 'phuket-beach-run-2026';

interface PageResult {
  build: string;
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
  /** Lighthouse's measure of this machine's speed (about 1,000 to 1,500 on a quiet 2-core machine here). */
  benchmark_index: number;
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

/** A git worktree of `commit` under .tmp/, installed and built once: the baseline's own server and build. */
function baselineCheckout(commit: string): string {
  const sha = spawnSync('git', ['rev-parse', '--short', commit], { encoding: 'utf8' }).stdout.trim();
  if (!sha) throw new Error(`no commit ${commit}`);
  const dir = path.resolve('.tmp', `lighthouse-baseline-${sha}`);
  const run = (command: string, args: string[], cwd?: string) => {
    const done = spawnSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
    if (done.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd ?? '.'}`);
  };
  if (!existsSync(dir)) run('git', ['worktree', 'add', '--detach', dir, sha]);
  if (!existsSync(path.join(dir, 'node_modules'))) run('npm', ['install', '--no-audit', '--no-fund'], dir);
  if (!existsSync(path.join(dir, 'dist', 'index.html'))) run('npm', ['run', 'build'], dir);
  return dir;
}

async function measureBuild(
  build: string,
  cwd: string | undefined,
  dist: string,
): Promise<{ pages: PageResult[]; journeys: QrVisitResult[] }> {
  const results: PageResult[] = [];
  const journeys: QrVisitResult[] = [];
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const store = await startStore(
    { DATA_DIR: path.join(dir, 'data'), DIST_DIR: dist, FACE_WORKERS: '0' },
    cwd,
  );
  let storeStopped = false;
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    await waitFor(
      'the store',
      async () => ((await fetch(`${store.base}/api/v1/events/soon`)).ok ? true : undefined),
      180_000,
    );
    const paths: Record<string, () => Promise<string>> = {
      home: async () => '/',
      event: async () => `/${EVENT}`,
      order: () => paidOrderPath(store.base),
    };
    for (const name of values.pages.split(',')) {
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
      const result = medianResult(build, name, url.replace(store.base, ''), runs);
      results.push(result.page);
      if (values.reports) {
        await fs.mkdir(values.reports, { recursive: true });
        await fs.writeFile(path.join(values.reports, `${build}-${name}.json`), JSON.stringify(result.lhr));
      }
      console.log(JSON.stringify(result.page));
    }
    // The pages' store (no face indexing) makes way for the journey's own.
    await store.stop();
    storeStopped = true;
    if (values.journeys === 'qr') {
      const journey = await measureQrVisit(browser, build, cwd, dist, RUNS);
      journeys.push(journey);
      console.log(JSON.stringify(journey));
    }
  } finally {
    await browser.close();
    if (!storeStopped) await store.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
  return { pages: results, journeys };
}

type LighthouseRun = Awaited<ReturnType<typeof lighthouse>>;

function medianResult(build: string, name: string, url: string, runs: LighthouseRun[]) {
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
  const page: PageResult = {
    build,
    page: name,
    url,
    performance: mid.score,
    accessibility: Math.round((mid.lhr.categories.accessibility?.score ?? 0) * 100),
    fcp_ms: round(audit('first-contentful-paint')),
    lcp_ms: round(audit('largest-contentful-paint')),
    tbt_ms: round(audit('total-blocking-time')),
    cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
    speed_index_ms: round(audit('speed-index')),
    bytes: round(audit('total-byte-weight')),
    requests:
      (mid.lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items?.length ?? 0,
    runs: scored.map((s) => s.score),
    failed_runs: failed,
    benchmark_index: round(mid.lhr.environment.benchmarkIndex),
  };
  return { page, lhr: mid.lhr };
}

const builds: Record<string, PageResult[]> = {};
const journeys: Record<string, QrVisitResult[]> = {};
const measure = async (build: string, cwd: string | undefined, dist: string) => {
  const measured = await measureBuild(build, cwd, dist);
  builds[build] = measured.pages;
  journeys[build] = measured.journeys;
};
if (values.baseline !== 'none') {
  const checkout = baselineCheckout(values.baseline);
  await measure('preact', checkout, path.join(checkout, 'dist'));
}
await measure('react', undefined, path.resolve(values.dist));
const results = Object.values(builds).flat();
console.log(
  JSON.stringify({
    lighthouse: builds,
    journeys,
    median_performance: Object.fromEntries(
      Object.entries(builds).map(([build, pages]) => [build, median(pages.map((r) => r.performance))]),
    ),
    benchmark_index: median(results.map((r) => r.benchmark_index)),
  }),
);
