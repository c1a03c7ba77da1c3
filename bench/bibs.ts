// Bib numbers, end to end: the labelled race photos of --set (../shared/bib-bench: images/ and
// truth-boxes.json) are imported into a fresh event of a fresh embedded store through the admin command line's
// import path, indexed by the store's own face workers (faces and bibs), and every labelled bib is searched through
// the API (POST /api/v1/bibsearch). Then face and bib together: each labelled runner seen in two photos or more is
// searched with the face found in each of their photos ("more like this", POST /api/v2/facesearch/similar) with
// the fusion off and on. And the cost: faces and bibs of photos upscaled to 4000×3000 (CPU of this process, one
// photo at a time), and crowd photos (--crowd, default ../shared/face-bench/crowd-40.jpg) through the pool on two
// workers with and without bibs (photos/min by the wall clock).
//   npm run bench:bibs -- --set ../shared/bib-bench [--crowd img.jpg] [--throughput 8] [--large 5] [--no-cost]
// Prints progress to stderr and ONE JSON line last on stdout:
//   recall: labelled (photo, bib) pairs whose photo the bib's search answers; unmatched_reads_per_photo: the event's
//   bibs read in a photo that its labels do not have (labels are incomplete in crowds: an upper bound of errors);
//   fusion: per query, recall and precision of the photos of the runner (labelled with their bib) among "photos of
//   you" (images, plus bib_images when on); time_tier: what "at your finish, maybe you" adds to each bib's search in
//   a synthetic race made from the labels (bench/finish-tier.ts says how the times are made).
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { createApp } from '../server/app';
import { bibRuleOf } from '../server/bibs/event-bibs';
import { ocrModels } from '../server/bibs/ocr';
import { BIB_READING, readBibs } from '../server/bibs/read-bibs';
import { runCli } from '../server/cli/commands';
import { indexStatus } from '../server/cli/index-status';
import { loadConfig } from '../server/config';
import { findByKey } from '../server/db/events-repo';
import { detectFaces, warmUp } from '../server/faces/detect';
import { decodeRgb } from '../server/faces/image';
import { createIndexPool } from '../server/faces/index-pool';
import { apiLimits } from '../server/routes/api';
import { openStore } from '../server/server';
import { photoPass } from '../server/services/photo-pass';
import { memoryLimiter } from '../server/services/rate-limit';
import { median, round } from './bench-kit';
import { measureFinishTier, measureTierAtScale } from './finish-tier';

const { values } = parseArgs({
  options: {
    set: { type: 'string', default: '../shared/bib-bench' },
    crowd: { type: 'string', multiple: true },
    throughput: { type: 'string', default: '8' },
    large: { type: 'string', default: '5' },
    'no-cost': { type: 'boolean', default: false },
  },
});
const setDir = path.resolve(values.set);
const crowdImages = values.crowd ?? [path.resolve('../shared/face-bench/crowd-40.jpg')];
const EVENT = 'bib-bench';

interface Truth {
  bibs: string[];
  /** [minRow, maxRow, minCol, maxCol] of the bibs and of their runners' faces, in the photo's pixels. */
  tagp: number[][];
  facep: number[][];
  width: number;
  height: number;
}
const truth = JSON.parse(readFileSync(path.join(setDir, 'truth-boxes.json'), 'utf8')) as Record<
  string,
  Truth
>;
const log = (line: string) => process.stderr.write(`${line}\n`);
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

// --- a fresh store, the set imported and indexed ----------------------------------------------------------------
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-bibs-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  DEMO_DATA: 'off',
  FACE_WORKERS: '2',
  SELFIE_WORKERS: '1',
  PAYMENT_GATEWAY: 'sandbox',
});
const store = await openStore(config, () => {});
const cli = async (...argv: string[]) => {
  const lines: string[] = [];
  const code = await runCli(
    argv,
    async () => ({
      ctx: {
        db: store.ctx.db,
        store: store.ctx.store,
        now: () => new Date(),
        paymentGateway: 'sandbox',
        retentionDays: 35,
        out: (line) => lines.push(line),
        note: () => {},
      },
      close: async () => {},
    }),
    { out: (line) => lines.push(line), err: (line) => lines.push(line) },
  );
  if (code !== 0) throw new Error(`${argv.join(' ')}: ${lines.join('\n')}`);
  return lines;
};
// The event's bib digits as its organiser knows them: those of the set's bibs (RBNR's are 2 to 5 digits).
const lengths = Object.values(truth).flatMap((t) => t.bibs.map((b) => b.length));
const bibDigits = `${Math.min(...lengths)}-${Math.max(...lengths)}`;
const day = new Date().toISOString().slice(0, 10);
await cli(
  'create-event',
  EVENT,
  '--runners-informed',
  '--title',
  'Bib bench',
  '--date',
  day,
  '--province',
  'Bangkok',
  '--sale-start',
  new Date(Date.now() - 86_400_000).toISOString(),
  '--sale-end',
  new Date(Date.now() + 30 * 86_400_000).toISOString(),
  '--max-face-search',
  '500',
  '--bib-digits',
  bibDigits,
);
const imported = await cli('import-photos', EVENT, path.join(setDir, 'images'));
log(imported.at(-1) ?? '');
const event = await findByKey(store.ctx.db, EVENT);
if (!event) throw new Error('the bench event was not made');
const photos = await store.ctx.db
  .selectFrom('photos')
  .select(['id', 'original_file_name'])
  .where('event_id', '=', event.event_id)
  .execute();
const idOf = new Map(photos.map((p) => [p.original_file_name, Number(p.id)]));
const nameOf = new Map(photos.map((p) => [Number(p.id), p.original_file_name]));

const indexStarted = performance.now();
const cpuBefore = cpuMs();
store.faces.startIndexing();
for (;;) {
  const status = await indexStatus(store.ctx.db, event);
  log(
    `indexing: ${status.photos.indexed}/${photos.length} photos, ${status.faces} faces, ${status.bibs.reads} bib reads`,
  );
  if (status.photos.pending === 0 && status.jobs.queued === 0 && status.jobs.running === 0) break;
  await new Promise((resolve) => setTimeout(resolve, 1000));
}
const indexMs = performance.now() - indexStarted;
const indexCpuMs = cpuMs() - cpuBefore;

// --- every labelled bib searched through the API ----------------------------------------------------------------
const unlimited = apiLimits((name) => memoryLimiter(name, { capacity: 1e9, perMinute: 1e9 }));
const app = createApp({ ctx: store.ctx, distDir: path.join(dataDir, 'no-dist'), limits: unlimited });
const post = async (address: string, body: unknown) => {
  const response = await app.request(address, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
type Photo = { image_id?: number; id?: number };
const ids = (list: unknown) => ((list ?? []) as Photo[]).map((p) => Number(p.image_id ?? p.id));

const labelled = Object.entries(truth).flatMap(([name, t]) => t.bibs.map((bib) => ({ name, bib })));
const photosOfBib = new Map<string, Set<string>>();
for (const { name, bib } of labelled) photosOfBib.set(bib, (photosOfBib.get(bib) ?? new Set()).add(name));
let found = 0;
const searchMs: number[] = [];
for (const [bib, names] of photosOfBib) {
  const t = performance.now();
  const answer = await post('/api/v1/bibsearch', { event_key: EVENT, bib });
  searchMs.push(performance.now() - t);
  if (answer.status !== 200)
    throw new Error(`bib search ${bib}: ${answer.status} ${JSON.stringify(answer.body)}`);
  const answered = new Set(ids(answer.body.images).map((id) => nameOf.get(id)));
  for (const name of names) if (answered.has(name)) found++;
}
const rule = bibRuleOf(event);
const reads = await store.ctx.db
  .selectFrom('bib_reads')
  .select(['photo_id', 'bib'])
  .where('event_id', '=', event.event_id)
  .execute();
const wrong = new Set<string>();
for (const read of reads) {
  const name = nameOf.get(Number(read.photo_id)) ?? '';
  const fits = read.bib.length >= rule.minDigits && read.bib.length <= rule.maxDigits;
  if (fits && !truth[name]?.bibs.includes(read.bib)) wrong.add(`${name}:${read.bib}`);
}
const missed = labelled.filter(
  ({ name, bib }) => !reads.some((r) => r.bib === bib && nameOf.get(Number(r.photo_id)) === name),
);
log(`missed: ${missed.map((m) => `${m.name}:${m.bib}`).join(' ')}`);
log(`unmatched: ${[...wrong].join(' ')}`);

// --- face and bib: each runner seen twice or more, searched with their face in each of their photos ------------
const faces = await store.ctx.db
  .selectFrom('faces')
  .select(['id', 'photo_id', 'box_x', 'box_y', 'box_w', 'box_h'])
  .where('event_id', '=', event.event_id)
  .execute();
const iou = (a: { x: number; y: number; w: number; h: number }, b: typeof a) => {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / (a.w * a.h + b.w * b.h - w * h);
};
interface Query {
  bib: string;
  faceId: number;
  photoId: number;
}
const queries: Query[] = [];
let facesNotFound = 0;
for (const [bib, names] of photosOfBib) {
  if (names.size < 2) continue;
  for (const name of names) {
    const t = truth[name] as Truth;
    const [top = 0, bottom = 0, left = 0, right = 0] = t.facep[t.bibs.indexOf(bib)] ?? [];
    const box = { x: left, y: top, w: right - left, h: bottom - top };
    const photoId = idOf.get(name) as number;
    const best = faces
      .filter((f) => Number(f.photo_id) === photoId)
      .map((f) => ({
        id: Number(f.id),
        overlap: iou(box, { x: f.box_x, y: f.box_y, w: f.box_w, h: f.box_h }),
      }))
      .sort((a, b) => b.overlap - a.overlap)[0];
    if (!best || best.overlap < 0.3) facesNotFound++;
    else queries.push({ bib, faceId: best.id, photoId });
  }
}
async function fusionFigures(on: boolean) {
  store.ctx.bibFusion = on;
  let recall = 0;
  let precision = 0;
  let byBib = 0;
  let wrongPhotos = 0;
  for (const q of queries) {
    const answer = await post('/api/v2/facesearch/similar', {
      event_key: EVENT,
      face_id: q.faceId,
      pass: photoPass(store.ctx.photoPassSecret, q.photoId),
    });
    if (answer.status !== 200) throw new Error(`similar ${q.faceId}: ${answer.status}`);
    const relevant = photosOfBib.get(q.bib) as Set<string>;
    const bibPhotos = ids(answer.body.bib_images);
    const shown = new Set([...ids(answer.body.images), ...bibPhotos].map((id) => nameOf.get(id) ?? ''));
    const right = [...shown].filter((n) => relevant.has(n)).length;
    recall += right / relevant.size;
    precision += shown.size === 0 ? 1 : right / shown.size;
    wrongPhotos += shown.size - right;
    byBib += bibPhotos.length;
  }
  const n = Math.max(1, queries.length);
  return {
    recall: +(recall / n).toFixed(3),
    precision: +(precision / n).toFixed(3),
    wrong_photos_per_query: +(wrongPhotos / n).toFixed(2),
    found_by_bib_per_query: +(byBib / n).toFixed(2),
  };
}
const fusionOff = await fusionFigures(false);
const fusionOn = await fusionFigures(true);
store.ctx.bibFusion = undefined;

// --- the time tier: a synthetic race's results and camera clock (bench/finish-tier.ts says how) ----------------
const timeTier = await measureFinishTier({
  db: store.ctx.db,
  eventId: event.event_id,
  eventKey: EVENT,
  eventDate: event.eventdate,
  dataDir,
  idOf,
  nameOf,
  photosOfBib,
  cli,
  async searchBib(bib) {
    const answer = await post('/api/v1/bibsearch', { event_key: EVENT, bib });
    if (answer.status !== 200) throw new Error(`bib search ${bib}: ${answer.status}`);
    return { images: ids(answer.body.images), finish: ids(answer.body.finish_images) };
  },
});
log(`time tier: ${JSON.stringify(timeTier)}`);
const tierAtScale = await measureTierAtScale(store.ctx.db);
log(`time tier at scale: ${JSON.stringify(tierAtScale)}`);

// --- cost: faces and bibs of 4000×3000 photos, one at a time; crowds through the pool -------------------------
let cost: Record<string, unknown> = {};
if (!values['no-cost']) {
  await store.close();
  // Photos of 1 to 5 runners: as many faces found in them (the most first), each with its bibs labelled.
  const facesIn = new Map<string, number>();
  for (const f of faces) {
    const name = nameOf.get(Number(f.photo_id)) ?? '';
    facesIn.set(name, (facesIn.get(name) ?? 0) + 1);
  }
  const runners = Object.entries(truth)
    .filter(([name]) => (facesIn.get(name) ?? 0) >= 1 && (facesIn.get(name) ?? 0) <= 5)
    .sort((a, b) => (facesIn.get(b[0]) ?? 0) - (facesIn.get(a[0]) ?? 0) || a[0].localeCompare(b[0]))
    .slice(0, Number(values.large));
  const large: { faces_ms: number; bibs_ms: number; cpu_ms: number; crops: number }[] = [];
  // The nets and the text models warmed first, as a worker's are before its first photo.
  await warmUp();
  await ocrModels();
  for (const [name] of runners) {
    const big = await sharp(path.join(setDir, 'images', name))
      .resize(4000, 3000, { fit: 'fill' })
      .jpeg({ quality: 90 })
      .toBuffer();
    const cpu = cpuMs();
    const t = performance.now();
    const image = await decodeRgb(new Uint8Array(big));
    const found = await detectFaces(image);
    const facesMs = performance.now() - t;
    await readBibs(
      image,
      found.map((f) => f.box),
      rule,
      BIB_READING,
    );
    large.push({
      faces_ms: facesMs,
      bibs_ms: performance.now() - t - facesMs,
      cpu_ms: cpuMs() - cpu,
      crops: found.length,
    });
    log(`4000×3000 ${name}: ${JSON.stringify(large.at(-1))}`);
  }
  const crowd = async (bibs: boolean) => {
    const pool = createIndexPool({ workers: 2, selfieWorkers: 0 });
    await pool.whenReady();
    const bytes = crowdImages.map((p) => new Uint8Array(readFileSync(p)));
    const n = Number(values.throughput);
    const t = performance.now();
    const outcomes = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        pool.index({ photoId: i + 1, bytes: bytes[i % bytes.length] as Uint8Array, bibs }),
      ),
    );
    const ms = performance.now() - t;
    await pool.close();
    const facesFound = outcomes.map((o) => (o.ok ? o.faces.length : 0));
    return { photos_per_min_2_cores: round((n * 60_000) / ms), faces_per_photo: median(facesFound) };
  };
  const crowdWithout = await crowd(false);
  const crowdWith = await crowd(true);
  log(`crowd: without bibs ${JSON.stringify(crowdWithout)}, with ${JSON.stringify(crowdWith)}`);
  cost = {
    large_4000x3000: {
      photos: large.length,
      faces_per_photo: median(large.map((l) => l.crops)),
      cpu_ms_per_photo: round(median(large.map((l) => l.cpu_ms))),
      cpu_ms_max: round(Math.max(...large.map((l) => l.cpu_ms))),
      faces_ms_per_photo: round(median(large.map((l) => l.faces_ms))),
      bibs_ms_per_photo: round(median(large.map((l) => l.bibs_ms))),
      bibs_ms_per_crop: round(
        large.reduce((s, l) => s + l.bibs_ms, 0) /
          Math.max(
            1,
            large.reduce((s, l) => s + l.crops, 0),
          ),
      ),
    },
    crowd: {
      photo: path.basename(crowdImages[0] as string),
      without_bibs: crowdWithout,
      with_bibs: crowdWith,
    },
  };
} else await store.close();

console.log(
  JSON.stringify({
    set: path.basename(setDir),
    photos: photos.length,
    labelled_bibs: labelled.length,
    bib_recall: +(found / labelled.length).toFixed(3),
    reads_recall: +((labelled.length - missed.length) / labelled.length).toFixed(3),
    unmatched_reads_per_photo: +(wrong.size / photos.length).toFixed(3),
    index_photos_per_min: round((photos.length * 60_000) / indexMs),
    index_cpu_ms_per_photo: round(indexCpuMs / photos.length),
    bib_search_ms_p50: round(median(searchMs)),
    fusion: { queries: queries.length, faces_not_found: facesNotFound, off: fusionOff, on: fusionOn },
    time_tier: timeTier,
    time_tier_at_scale: tierAtScale,
    bib_digits: bibDigits,
    reading: { face_height_seen: BIB_READING.faceHeightSeen, min_line_share: BIB_READING.minLineShare },
    ...cost,
  }),
);
await fs.rm(dataDir, { recursive: true, force: true });
process.exit(0);
