// The finish-line rush of face searches (issue 16): N runners search at once, each from its own address (one
// trusted proxy, TRUST_PROXY=1, so the per-client limits see N clients), each the whole flow a phone makes: sign,
// PUT the selfie to its signed address, search. Against the real store process (npm start's entry) with the demo
// data, started while it is still indexing the demo's photos, so searches and indexing share the cores.
// Prints one JSON line: per wave, p50/p99/max of the whole flow, the statuses, the failures.
//   node --import tsx bench/search-load.ts [--concurrent 50] [--waves 3]
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { UPLOAD_CONTENT_TYPE, UPLOAD_ONCE_HEADER } from '../core/constants';
import { demoSelfieJpeg } from '../tests/demo-selfie';
import { median, round, startStore, waitFor } from './bench-kit';

const { values } = parseArgs({
  options: { concurrent: { type: 'string', default: '50' }, waves: { type: 'string', default: '3' } },
});
const CONCURRENT = Number(values.concurrent);
const WAVES = Number(values.waves);
const EVENT = 'bangkok-city-marathon-2026';

const selfie = await demoSelfieJpeg();
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-search-load-'));
const store = await startStore({ DATA_DIR: path.join(dir, 'data'), TRUST_PROXY: '1' });

/** One runner's search from its own address; answers its time and how it ended. */
async function search(client: number): Promise<{ ms: number; outcome: string; steps?: Steps }> {
  const from = { 'x-forwarded-for': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}` };
  const started = performance.now();
  const post = (url: string, body: unknown) =>
    fetch(`${store.base}/api${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from },
      body: JSON.stringify(body),
    });
  try {
    const signed = await post('/v2/facesearch/sign', {
      event_key: EVENT,
      file_name: 'selfie.jpg',
      file_type: UPLOAD_CONTENT_TYPE,
    });
    const signedAt = performance.now();
    if (!signed.ok) return { ms: signedAt - started, outcome: `sign ${signed.status}` };
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
    const putAt = performance.now();
    if (!put.ok) return { ms: putAt - started, outcome: `put ${put.status}` };
    const found = await post('/v2/facesearch', {
      search_id: sign.search_id,
      file_location: sign.file_location,
      event_key: EVENT,
    });
    const answer = (await found.json().catch(() => ({}))) as { body?: unknown[] };
    const outcome = found.ok ? `found ${answer.body?.length ?? 0}` : `search ${found.status}`;
    const ended = performance.now();
    const steps = { sign: signedAt - started, put: putAt - signedAt, search: ended - putAt };
    return { ms: ended - started, outcome, steps };
  } catch (error) {
    return { ms: performance.now() - started, outcome: `error ${(error as Error).message}` };
  }
}

/** Each step's time of one whole flow. */
interface Steps {
  sign: number;
  put: number;
  search: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

const stepMedians = (steps: Steps[]) => ({
  sign: round(median(steps.map((s) => s.sign))),
  put: round(median(steps.map((s) => s.put))),
  search: round(median(steps.map((s) => s.search))),
});

try {
  await waitFor(
    'the store',
    async () => ((await fetch(`${store.base}/api/v1/events/${EVENT}`)).ok ? true : undefined),
    180_000,
  );
  const waves = [];
  for (let wave = 0; wave < WAVES; wave++) {
    const results = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) => search(wave * CONCURRENT + i + 1)),
    );
    const times = results.map((r) => r.ms).sort((a, b) => a - b);
    const outcomes: Record<string, number> = {};
    for (const r of results) {
      const kind = r.outcome.startsWith('found ') ? 'found' : r.outcome;
      outcomes[kind] = (outcomes[kind] ?? 0) + 1;
    }
    waves.push({
      wave: wave + 1,
      p50_ms: round(median(times)),
      p99_ms: round(percentile(times, 99)),
      max_ms: round(times.at(-1) ?? 0),
      outcomes,
      step_p50_ms: stepMedians(results.flatMap((r) => (r.steps ? [r.steps] : []))),
    });
  }
  console.log(
    JSON.stringify({ search_load: { concurrent: CONCURRENT, cores: os.availableParallelism(), waves } }),
  );
} finally {
  await store.stop();
  await fs.rm(dir, { recursive: true, force: true });
}
