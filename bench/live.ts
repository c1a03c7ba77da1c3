// Race day, live: the store with its demo data on a fresh DATA_DIR; the admin command line's hot folder
// beside it (`watch`, as a photographer's camera would feed it over FTP: each photo written under a temporary name,
// then renamed into place); photos of 4000×3000 with 1 to 5 runners dropped at a race day's rate while runners
// search at theirs (one selfie, the demo's: its person is in every dropped photo). Prints ONE JSON line: the time
// from a photo landing to a search finding it (p50, p95, max; resolution: the time between searches), the
// searches' own times and busy answers, and what was never found.
//   npm run bench:live -- [--minutes 10] [--per-hour 600] [--searches-per-minute 20] [--settle 180]
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { UPLOAD_CONTENT_TYPE } from '../core/constants';
import { TEST_CONSENT } from '../server/test/consent';
import { demoSelfieJpeg, faceApiSample } from '../tests/demo-selfie';
import { percentile, round, startStore, waitFor } from './bench-kit';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    'per-hour': { type: 'string', default: '600' },
    'searches-per-minute': { type: 'string', default: '20' },
    settle: { type: 'string', default: '180' },
  },
});
const MINUTES = Number(values.minutes);
const PER_HOUR = Number(values['per-hour']);
const SEARCH_EVERY_MS = 60_000 / Number(values['searches-per-minute']);
const SETTLE_MS = Number(values.settle) * 1000;
const EVENT = 'bangkok-city-marathon-2026';
const log = (line: string) => process.stderr.write(`${line}\n`);

// --- the photos: the selfie's person and 0-4 others of the face-api samples on a 4000×3000 field --------------------
const selfie = await demoSelfieJpeg();
/** The selfie's person (sample1's right-hand runner) and the others, cut from the samples. */
const runnerCuts = [
  await sharp(faceApiSample(1)).extract({ left: 1290, top: 90, width: 560, height: 620 }).toBuffer(),
  ...(await Promise.all(
    [2, 3, 4, 5, 6].map(async (n) => {
      const meta = await sharp(faceApiSample(n)).metadata();
      const w = Math.round((meta.width ?? 1000) * 0.3);
      const h = Math.round((meta.height ?? 1000) * 0.45);
      return sharp(faceApiSample(n))
        .extract({ left: Math.round((meta.width ?? 1000) * 0.35), top: 0, width: w, height: h })
        .toBuffer();
    }),
  )),
];

async function racePhoto(i: number): Promise<Buffer> {
  const runners = 1 + (i % 5);
  const composites = [];
  for (let r = 0; r < runners; r++) {
    const cut = runnerCuts[r === 0 ? 0 : 1 + ((i + r) % 5)] as Buffer;
    const width = 500 + ((i * 37 + r * 91) % 300);
    composites.push({
      input: await sharp(cut).resize({ width }).toBuffer(),
      left: 200 + r * 740 + ((i * 13) % 60),
      top: 600 + ((i * 29 + r * 53) % 900),
    });
  }
  // A grey field with grain, each photo its own (its content differs: no two are one photo).
  return (
    sharp({
      create: {
        width: 4000,
        height: 3000,
        channels: 3,
        background: { r: 110 + (i % 40), g: 120, b: 100 },
        noise: { type: 'gaussian', mean: 120, sigma: 20 },
      },
    })
      // The selfie's runner on top: others may stand behind them, never in front of their face.
      .composite(composites.reverse())
      .jpeg({ quality: 88 })
      .toBuffer()
  );
}

const count = Math.max(1, Math.round((MINUTES * PER_HOUR) / 60));
const dropEveryMs = 3_600_000 / PER_HOUR;
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-live-'));
const staging = path.join(dir, 'staging');
const folder = path.join(dir, 'hot-folder');
await fs.mkdir(staging);
await fs.mkdir(folder);
log(`making ${count} photos of 4000×3000`);
for (let i = 0; i < count; i++) {
  await fs.writeFile(path.join(staging, `live-${String(i).padStart(4, '0')}.jpg`), await racePhoto(i));
}

// --- the store, indexed; the hot folder beside it -----------------------------------------------------------------
const env = { DATA_DIR: path.join(dir, 'data'), DEMO_DATA: 'auto' };
const store = await startStore(env);
const base = store.base;

interface Answer {
  status: string;
  images?: { original_file_name: string }[];
  maybe_images?: { original_file_name: string }[];
  code?: string;
}
async function search(): Promise<{ ms: number; answer: Answer }> {
  const started = performance.now();
  const signed = (await (
    await fetch(`${base}/api/v2/facesearch/sign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        event_key: EVENT,
        file_name: 'selfie.jpg',
        file_type: 'image/jpeg',
        consent: TEST_CONSENT,
      }),
    })
  ).json()) as { url?: string; search_id?: string; file_location?: string };
  if (!signed.url) return { ms: performance.now() - started, answer: { status: 'error', code: 'sign' } };
  const url = signed.url.startsWith('http') ? signed.url : `${base}${signed.url}`;
  // The selfie's address is signed for SPEC §7's content type.
  const put = await fetch(url, {
    method: 'PUT',
    headers: { 'content-type': UPLOAD_CONTENT_TYPE, 'If-None-Match': '*' },
    body: new Uint8Array(selfie),
  });
  if (!put.ok)
    return { ms: performance.now() - started, answer: { status: 'error', code: `put ${put.status}` } };
  const answer = (await (
    await fetch(`${base}/api/v2/facesearch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        search_id: signed.search_id,
        file_location: signed.file_location,
        event_key: EVENT,
      }),
    })
  ).json()) as Answer;
  return { ms: performance.now() - started, answer };
}

await waitFor(
  'the demo photos indexed',
  async () => ((await search()).answer.images?.length ?? 0) >= 3 || undefined,
  600_000,
);
log('the demo event is indexed; the hot folder starts');
const watch = spawn(
  process.execPath,
  ['--import', 'tsx', 'server/cli/main.ts', 'watch', EVENT, folder, '--photographer', '9', '--interval', '1'],
  { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] },
);

// --- photos land at the race's rate, runners search at theirs ------------------------------------------------------
const landed = new Map<string, number>();
const found = new Map<string, number>();
/** Photos first found under "maybe you" rather than "photos of you". */
const foundAsMaybe = new Set<string>();
const searchMs: number[] = [];
let busy = 0;
const started = performance.now();
const names = (await fs.readdir(staging)).sort();
let dropping = true;
const drops = (async () => {
  for (const [i, name] of names.entries()) {
    const due = started + i * dropEveryMs;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    // As an FTP server writes it: under a temporary name, then renamed into place.
    await fs.copyFile(path.join(staging, name), path.join(folder, `${name}.part`));
    await fs.rename(path.join(folder, `${name}.part`), path.join(folder, name));
    landed.set(name, performance.now());
  }
  dropping = false;
})();
const lastDrop = started + (names.length - 1) * dropEveryMs;
while (dropping || (found.size < landed.size && performance.now() < lastDrop + SETTLE_MS)) {
  const next = performance.now() + SEARCH_EVERY_MS;
  const { ms, answer } = await search();
  searchMs.push(ms);
  if (answer.code === 'search-busy') busy += 1;
  const at = performance.now();
  // Shown to the runner either as "photos of you" or under "maybe you" (the lower tier).
  for (const image of answer.maybe_images ?? []) {
    const name = image.original_file_name;
    if (landed.has(name) && !found.has(name)) foundAsMaybe.add(name);
  }
  for (const image of [...(answer.images ?? []), ...(answer.maybe_images ?? [])]) {
    const name = image.original_file_name;
    if (landed.has(name) && !found.has(name)) found.set(name, at);
  }
  log(`${landed.size} landed, ${found.size} found, search ${round(ms)} ms`);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
}
await drops;
watch.kill('SIGINT');
await store.stop();

const delays = [...found.entries()]
  .map(([name, at]) => (at - (landed.get(name) ?? at)) / 1000)
  .sort((a, b) => a - b);
const searches = [...searchMs].sort((a, b) => a - b);
console.log(
  JSON.stringify({
    photos: names.length,
    per_hour: PER_HOUR,
    searches_per_minute: 60_000 / SEARCH_EVERY_MS,
    found: found.size,
    found_first_as_maybe: foundAsMaybe.size,
    land_to_found_s: {
      p50: round(percentile(delays, 50)),
      p95: round(percentile(delays, 95)),
      max: round(delays.at(-1) ?? 0),
      resolution_s: round(SEARCH_EVERY_MS / 1000),
    },
    search_ms: { p50: round(percentile(searches, 50)), p95: round(percentile(searches, 95)) },
    busy_answers: busy,
    never_found: names.filter((n) => !found.has(n)),
  }),
);
await fs.rm(dir, { recursive: true, force: true });
process.exit(0);
