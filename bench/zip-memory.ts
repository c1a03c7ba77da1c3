// Download-all of a big paid order in Chromium, the streamed way (the service worker answers the download address
// with the zip as it is built: sw/zip-stream.ts) against the in-memory way (the page builds the whole zip into a
// Blob, then saves it; what a page with no service worker does), side by side in one run. The order: N originals
// of about 5 MB (random-noise JPEGs, which do not compress) imported into a free-download stage event of a fresh
// store on loopback, ordered FREE. For each way: the browser's memory (PSS of every Chromium process, summed)
// above its idle level on the order page, the time from confirming to the download starting and to its end, and
// the zip checked whole with `unzip -t`. Prints one JSON line.
//   node --import tsx bench/zip-memory.ts [--photos 200] [--dist dist] [--keep-photos DIR]
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { runNode } from '../server/test/processes';
import { launchChromium, round, startStore, waitFor } from './bench-kit';

const { values } = parseArgs({
  options: {
    photos: { type: 'string', default: '200' },
    dist: { type: 'string', default: process.env.DIST_DIR ?? 'dist' },
    'keep-photos': { type: 'string' },
  },
});
const COUNT = Number(values.photos);
const EVENT = 'bench-zip';
const APP_TOKEN = 'demo-app-token';
const run = promisify(execFile);

/** N distinct noise JPEGs of 3000×2000 (about 5.1 MB each), made once per folder and reused by later runs. */
async function makePhotos(dir: string): Promise<number> {
  await fs.mkdir(dir, { recursive: true });
  let bytes = 0;
  for (let i = 1; i <= COUNT; i++) {
    const file = path.join(dir, `DSC_${String(i).padStart(4, '0')}.JPG`);
    const have = await fs.stat(file).catch(() => undefined);
    if (have) {
      bytes += have.size;
      continue;
    }
    const jpeg = await sharp({
      create: {
        width: 3000,
        height: 2000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 50 },
      },
    })
      .jpeg({ quality: 94 })
      .toBuffer();
    await fs.writeFile(file, jpeg);
    bytes += jpeg.length;
  }
  return bytes;
}

/** The browser's processes: this process's descendants that run Chromium. */
async function browserPids(): Promise<number[]> {
  const parents = new Map<number, number>();
  for (const name of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await fs.readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid) parents.set(Number(name), ppid);
  }
  const found = [process.pid];
  for (let i = 0; i < found.length; i++)
    for (const [pid, ppid] of parents) if (ppid === found[i]) found.push(pid);
  const chromium: number[] = [];
  for (const pid of found) {
    const exe = await fs.readlink(`/proc/${pid}/exe`).catch(() => '');
    if (/chrom/i.test(exe)) chromium.push(pid);
  }
  return chromium;
}

/** A Chromium process's kind, from its command line (--type=renderer, gpu-process, utility; none: the browser). */
async function processKind(pid: number): Promise<string> {
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  const type = /--type=([\w-]+)/.exec(cmdline)?.[1] ?? 'browser';
  const service = /--utility-sub-type=([\w.]+)/.exec(cmdline)?.[1];
  return service ? `${type}:${service.split('.').at(-2) ?? service}` : type;
}

/** The browser's memory in MB: PSS (shared pages split among the processes sharing them), by process kind. */
async function browserMemory(): Promise<{ total: number; byKind: Record<string, number> }> {
  const byKind: Record<string, number> = {};
  let total = 0;
  for (const pid of await browserPids()) {
    const rollup = await fs.readFile(`/proc/${pid}/smaps_rollup`, 'utf8').catch(() => '');
    const mb = Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0) / 1024;
    const kind = await processKind(pid);
    byKind[kind] = (byKind[kind] ?? 0) + mb;
    total += mb;
  }
  return { total, byKind };
}

interface WayResult {
  way: 'streamed' | 'in-memory';
  download_url_scheme: string;
  idle_mb: number;
  peak_above_idle_mb: number;
  /** At the peak, each kind of process's memory above its idle level (MB). */
  peak_above_idle_by_process: Record<string, number>;
  first_byte_ms: number;
  total_ms: number;
  zip_mb: number;
  entries: number;
  valid: boolean;
}

async function downloadAll(
  browser: Browser,
  base: string,
  uuid: string,
  way: WayResult['way'],
): Promise<WayResult> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    serviceWorkers: way === 'streamed' ? 'allow' : 'block',
  });
  const page: Page = await context.newPage();
  try {
    await page.goto(`${base}/download/${uuid}`);
    if (way === 'streamed')
      await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
        timeout: 30_000,
      });
    const button = page.getByRole('button', { name: /ดาวน์โหลดภาพต้นฉบับทั้งหมด/ });
    await button.waitFor({ timeout: 60_000 });
    await page.waitForTimeout(3_000);
    const idle = await browserMemory();

    let peak = idle;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const now = await browserMemory();
        if (now.total > peak.total) peak = now;
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    await button.click();
    const downloading = page.waitForEvent('download', { timeout: 15 * 60_000 });
    const confirmedAt = performance.now();
    await page.getByRole('dialog').getByRole('button', { name: 'ดาวน์โหลด' }).click();
    const download = await downloading;
    const firstByte = performance.now() - confirmedAt;
    const file = await download.path();
    const total = performance.now() - confirmedAt;
    sampling = false;
    await sampler;

    const { size } = await fs.stat(file);
    const listing = await run('unzip', ['-Z1', file], { maxBuffer: 16 * 1024 * 1024 });
    const tested = await run('unzip', ['-tq', file]).catch((error: { stdout?: string }) => error);
    await download.delete();
    return {
      way,
      download_url_scheme: new URL(download.url()).protocol.replace(':', ''),
      idle_mb: round(idle.total),
      peak_above_idle_mb: round(peak.total - idle.total),
      peak_above_idle_by_process: Object.fromEntries(
        Object.entries(peak.byKind).map(([kind, mb]) => [kind, round(mb - (idle.byKind[kind] ?? 0))]),
      ),
      first_byte_ms: round(firstByte),
      total_ms: round(total),
      zip_mb: round(size / 1024 / 1024),
      entries: listing.stdout.split('\n').filter(Boolean).length,
      valid: /^No errors detected/.test(tested.stdout ?? ''),
    };
  } finally {
    await context.close();
  }
}

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-zip-'));
const photosDir = values['keep-photos'] ?? path.join(os.tmpdir(), `bench-zip-photos-${COUNT}`);
const env = { DATA_DIR: path.join(dir, 'data'), DIST_DIR: values.dist, FACE_WORKERS: '0' };
const admin = async (...args: string[]) => {
  const done = await runNode('server/cli/main.ts', args, env, 30 * 60_000);
  if (done.code !== 0) throw new Error(`admin ${args[0]} failed: ${done.stderr}`);
  return done.stdout;
};

const photoBytes = await makePhotos(photosDir);
const store = await startStore(env);
let browser: Browser | undefined;
try {
  const { base } = store;
  await waitFor(
    'the store',
    async () => ((await fetch(`${base}/api/v1/events/soon`)).ok ? true : undefined),
    120_000,
  );
  const now = Date.now();
  await admin(
    'create-event',
    EVENT,
    '--runners-informed',
    '--title',
    'Zip bench',
    '--date',
    new Date(now).toISOString().slice(0, 10),
    '--province',
    'Bangkok',
    '--sale-start',
    new Date(now - 86_400_000).toISOString(),
    '--sale-end',
    new Date(now + 30 * 86_400_000).toISOString(),
    '--free-download',
    '--stage',
  );
  const stageId = /added stage (\d+)/.exec(
    await admin('add-stage', EVENT, '--name', 'เส้นชัย', '--name-en', 'Finish'),
  )?.[1];
  if (!stageId) throw new Error('add-stage printed no id');
  const importStarted = performance.now();
  await admin('import-photos', EVENT, photosDir, '--photographer', '7', '--stage', stageId);
  const importMs = performance.now() - importStarted;

  const post = async (url: string, body: unknown) =>
    (await (
      await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as Record<string, unknown>;
  const event = (await (await fetch(`${base}/api/v1/events/${EVENT}`)).json()) as {
    body: { event_id: number };
  };
  const photos: { id: number }[] = [];
  for (let page = 1; photos.length < COUNT; page++) {
    const { body } = (await post('/api/v1/imagestage/pagination', {
      event_id: event.body.event_id,
      event_key: EVENT,
      event_stages_id: Number(stageId),
      page,
    })) as { body: { id: number }[] };
    if (body.length === 0) break;
    photos.push(...body);
  }
  if (photos.length !== COUNT) throw new Error(`the stage lists ${photos.length} photos, not ${COUNT}`);
  const created = await post('/api/v1/order/create', {
    mobile: '0812345678',
    email: '',
    event_key: EVENT,
    amount: '0.00',
    imageList: photos.map((p) => ({ id: p.id })),
    payment_channel: 'FREE',
  });
  const uuid = String(created.uuid);
  await waitFor(
    'the originals',
    async () => {
      const answer = await post('/api/v3/order/inquiry', { tk: APP_TOKEN, order_uuid: uuid });
      return answer.is_original_image_created === 'Y' ? true : undefined;
    },
    120_000,
  );

  browser = await launchChromium();
  const ways: WayResult[] = [];
  for (const way of ['streamed', 'in-memory'] as const)
    ways.push(await downloadAll(browser, base, uuid, way));
  console.log(
    JSON.stringify({
      zip_memory: {
        photos: COUNT,
        originals_mb: round(photoBytes / 1024 / 1024),
        import_ms: round(importMs),
        ways,
      },
    }),
  );
} finally {
  await browser?.close();
  await store.stop();
  await fs.rm(dir, { recursive: true, force: true });
}
