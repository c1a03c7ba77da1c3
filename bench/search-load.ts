// The finish-line rush of face searches: N runners search at once, each from its own address (one
// trusted proxy, TRUST_PROXY=1, so the per-client limits see N clients), each the whole flow a phone makes: sign,
// PUT the selfie to its signed address, search; a busy answer (503, retry_after) is waited out and asked again, as
// the panel does. Against the real store process (npm start's entry) with the demo data, its event grown to
// --faces faces (synthetic, bench/synthetic-faces.ts), while --import 12 MP photos are imported into it (the admin
// command beside the store) and indexed by the store's pool at the start of each wave.
// Prints one JSON line: the setup, then per wave the whole flow's p50/p99/max until the results, the first answer's
// p99 (results or busy), each step's median, the outcomes, and the photos indexed during the wave.
// Before the first wave, --warm runners search at once (not counted): the store and this load generator have then
// run their request paths under load, as a store at the finish line has served searches before the rush.
//   node --import tsx bench/search-load.ts [--concurrent 50] [--waves 3] [--faces 100000] [--import 12] [--warm 10]
// With DATABASE_URL set, the store and the synthetic rows use that PostgreSQL database (a fresh one).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { UPLOAD_CONTENT_TYPE, UPLOAD_ONCE_HEADER } from '../core/constants';
import { findByKey } from '../server/db/events-repo';
import { indexProgress } from '../server/db/faces-repo';
import { openClientDatabase } from '../server/db/open-for-role';
import { TEST_CONSENT } from '../server/test/consent';
import { demoSelfieJpeg, faceApiSample } from '../tests/demo-selfie';
import { median, percentile, round, startStore, waitFor } from './bench-kit';
import { addSyntheticFaces } from './synthetic-faces';

const { values } = parseArgs({
  options: {
    concurrent: { type: 'string', default: '50' },
    waves: { type: 'string', default: '3' },
    faces: { type: 'string', default: '100000' },
    import: { type: 'string', default: '12' },
    warm: { type: 'string', default: '10' },
  },
});
const CONCURRENT = Number(values.concurrent);
const WAVES = Number(values.waves);
const SYNTHETIC_FACES = Number(values.faces);
const IMPORTED_PER_WAVE = Number(values.import);
const WARM_UP = Number(values.warm);
const EVENT = 'bangkok-city-marathon-2026';
/** Busy answers a flow waits out, as the panel does (src/features/face-search/use-selfie-search.ts). */
const MAX_BUSY_WAITS = 6;
/** Uploads of one selfie a flow makes, as the page does (src/features/face-search/use-selfie-search.ts). */
const MAX_UPLOADS = 2;

const selfie = await demoSelfieJpeg();
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-search-load-'));
const dataDir = path.join(dir, 'data');
const store = await startStore({ DATA_DIR: dataDir, TRUST_PROXY: '1' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Flow {
  /** Until the results (busy answers waited out), or until it failed. */
  ms: number;
  /** Until the first answer to the search: the results or a busy answer. */
  firstMs?: number;
  busyAnswers: number;
  outcome: string;
  steps?: Steps;
  /** The photos answered as "maybe you" (the lower tier), beside the photos of you the outcome counts. */
  maybe?: number;
}

/** One runner's search from its own address; answers its times and how it ended. */
async function search(client: number): Promise<Flow> {
  const from = { 'x-forwarded-for': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}` };
  const started = performance.now();
  const post = (url: string, body: unknown) =>
    fetch(`${store.base}/api${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from },
      body: JSON.stringify(body),
    });
  let busyAnswers = 0;
  try {
    // As the page does: an upload the server deleted while busy answers were waited out (it keeps a selfie under a
    // minute, 410 search-expired) is sent once more.
    let signAt = started;
    let signedAt = started;
    let putAt = started;
    for (let uploads = 1; ; uploads++) {
      signAt = performance.now();
      const signed = await post('/v2/facesearch/sign', {
        event_key: EVENT,
        file_name: 'selfie.jpg',
        file_type: UPLOAD_CONTENT_TYPE,
        consent: TEST_CONSENT,
      });
      signedAt = performance.now();
      if (!signed.ok) return { ms: signedAt - started, busyAnswers, outcome: `sign ${signed.status}` };
      const sign = (await signed.json()) as { url: string; search_id: string; file_location: string };
      const put = await fetch(new URL(sign.url, store.base), {
        method: 'PUT',
        headers: {
          'content-type': UPLOAD_CONTENT_TYPE,
          [UPLOAD_ONCE_HEADER.name]: UPLOAD_ONCE_HEADER.value,
          ...from,
        },
        body: new Uint8Array(selfie),
      });
      putAt = performance.now();
      if (!put.ok) return { ms: putAt - started, busyAnswers, outcome: `put ${put.status}` };
      let firstMs: number | undefined;
      for (;;) {
        const found = await post('/v2/facesearch', {
          search_id: sign.search_id,
          file_location: sign.file_location,
          event_key: EVENT,
        });
        firstMs ??= performance.now() - started;
        const answer = (await found.json().catch(() => ({}))) as {
          images?: unknown[];
          maybe_images?: unknown[];
          retry_after?: number;
          code?: string;
        };
        if (found.status === 503 && answer.retry_after && busyAnswers < MAX_BUSY_WAITS) {
          busyAnswers++;
          await sleep(answer.retry_after * 1000);
          continue;
        }
        if (found.status === 410 && answer.code === 'search-expired' && uploads < MAX_UPLOADS) break;
        const ended = performance.now();
        const kind = found.ok ? `found ${answer.images?.length ?? 0}` : `search ${found.status}`;
        const again = uploads > 1 ? ' (uploaded again)' : '';
        const outcome = busyAnswers > 0 ? `${kind} after busy${again}` : `${kind}${again}`;
        const steps = { sign: signedAt - signAt, put: putAt - signedAt, search: ended - putAt };
        return {
          ms: ended - started,
          firstMs,
          busyAnswers,
          outcome,
          steps,
          ...(found.ok ? { maybe: answer.maybe_images?.length ?? 0 } : {}),
        };
      }
    }
  } catch (error) {
    return { ms: performance.now() - started, busyAnswers, outcome: `error ${(error as Error).message}` };
  }
}

/** Each step's time of one whole flow. */
interface Steps {
  sign: number;
  put: number;
  search: number;
}

const stepMedians = (steps: Steps[]) => ({
  sign: round(median(steps.map((s) => s.sign))),
  put: round(median(steps.map((s) => s.put))),
  search: round(median(steps.map((s) => s.search))),
});

/** The store process's memory now and at its peak (Linux: /proc; its worker threads included), in MB. */
function storeMemory(pid: number | undefined): { rss: number; peak: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0);
    return { rss: round(kb('VmRSS') / 1024), peak: round(kb('VmHWM') / 1024) };
  } catch {
    return undefined;
  }
}

/** The photos imported at each wave: the demo samples enlarged to 12 MP (4000×3000), as a camera makes them. */
async function photoFolder(count: number): Promise<string> {
  const folder = path.join(dir, 'import');
  await fs.mkdir(folder, { recursive: true });
  for (let i = 0; i < count; i++) {
    const bytes = await sharp(faceApiSample((i % 6) + 1))
      .resize(4000, 3000, { fit: 'cover' })
      .jpeg({ quality: 90 })
      .toBuffer();
    await fs.writeFile(path.join(folder, `IMG_${String(i).padStart(4, '0')}.jpg`), bytes);
  }
  return folder;
}

/** `npm run admin -- import-photos` into the event beside the running store; resolves with its exit code. */
function importPhotos(folder: string): Promise<number | null> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/cli/main.ts', 'import-photos', EVENT, folder],
    { env: { ...process.env, DATA_DIR: dataDir }, stdio: 'ignore' },
  );
  return new Promise((resolve) => child.once('exit', resolve));
}

const summary = (flows: Flow[]) => {
  const answered = flows.filter((f) => f.outcome.startsWith('found ')).map((f) => f.ms);
  const sorted = answered.sort((a, b) => a - b);
  const first = flows.flatMap((f) => (f.firstMs === undefined ? [] : [f.firstMs])).sort((a, b) => a - b);
  const outcomes: Record<string, number> = {};
  for (const f of flows) {
    const kind = f.outcome.replace(/^found \d+/, 'found');
    outcomes[kind] = (outcomes[kind] ?? 0) + 1;
  }
  const found = flows.flatMap((f) => {
    const n = f.outcome.match(/^found (\d+)/)?.[1];
    return n === undefined ? [] : [Number(n)];
  });
  return {
    p50_ms: round(median(sorted)),
    p99_ms: round(percentile(sorted, 99)),
    max_ms: round(sorted.at(-1) ?? 0),
    first_answer_p99_ms: round(percentile(first, 99)),
    busy_answers: flows.reduce((n, f) => n + f.busyAnswers, 0),
    outcomes,
    photos_found_p50: median(found),
    maybe_found_p50: median(flows.flatMap((f) => (f.maybe === undefined ? [] : [f.maybe]))),
    step_p50_ms: stepMedians(flows.flatMap((f) => (f.steps ? [f.steps] : []))),
  };
};

// The store takes the embedded database first; this process then reaches it through the store (as the admin
// command line does).
await waitFor(
  'the store',
  async () => ((await fetch(`${store.base}/api/v1/events/${EVENT}`)).ok ? true : undefined),
  180_000,
).catch(async (error) => {
  await store.stop();
  throw error;
});
const database = await openClientDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir }, 'admin', {
  readyWaitMs: 180_000,
});
try {
  const event = await findByKey(database.db, EVENT);
  if (!event) throw new Error(`no demo event ${EVENT}`);
  const progress = () => indexProgress(database.db, event.event_id);
  await waitFor(
    "the demo photos' indexing",
    async () => ((await progress()).photos.pending === 0 ? true : undefined),
    600_000,
  );
  const synthetic =
    SYNTHETIC_FACES > 0 ? await addSyntheticFaces(database.db, event.event_id, SYNTHETIC_FACES) : undefined;
  const folder = IMPORTED_PER_WAVE > 0 ? await photoFolder(IMPORTED_PER_WAVE) : undefined;
  // The first search loads the event's matrix (all its faces) into the store's memory.
  const warm = await search(1_000_000);
  const warmUp = await Promise.all(Array.from({ length: WARM_UP }, (_, i) => search(1_000_001 + i)));
  const warmUpFailed = warmUp.filter((f) => !f.outcome.startsWith('found'));
  if (warmUpFailed.length > 0)
    throw new Error(`warm-up searches failed: ${warmUpFailed.map((f) => f.outcome)}`);
  const waves = [];
  for (let wave = 0; wave < WAVES; wave++) {
    const before = (await progress()).photos.indexed;
    const importing = folder ? importPhotos(folder) : undefined;
    // The rush starts once the import has queued photos, so the store's pool is indexing.
    if (importing) {
      await waitFor(
        'imported photos waiting for indexing',
        async () => ((await progress()).photos.pending > 0 ? true : undefined),
        120_000,
      );
    }
    const flows = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) => search(wave * CONCURRENT + i + 1)),
    );
    const state = await progress();
    waves.push({
      wave: wave + 1,
      ...summary(flows),
      photos_indexed_meanwhile: state.photos.indexed - before,
      photos_pending_after: state.photos.pending,
    });
    if (importing) await importing;
    await waitFor(
      "the wave's photos indexed",
      async () => ((await progress()).photos.pending === 0 ? true : undefined),
      600_000,
    );
  }
  const faces = (await progress()).faces;
  const memory = storeMemory(store.process.pid);
  console.log(
    JSON.stringify({
      search_load: {
        concurrent: CONCURRENT,
        cores: os.availableParallelism(),
        database: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite',
        event_faces: faces,
        synthetic_faces: synthetic?.faces ?? 0,
        synthetic_insert_ms: round(synthetic?.ms ?? 0),
        photos_imported_per_wave: IMPORTED_PER_WAVE,
        first_search_ms: round(warm.ms),
        warm_up_searches: WARM_UP,
        store_memory_mb: memory,
        waves,
      },
    }),
  );
} finally {
  await database.close();
  await store.stop();
  await fs.rm(dir, { recursive: true, force: true });
}
