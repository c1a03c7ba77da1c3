// Face engine benchmark (DESIGN §4):
//   npm run bench:face -- --faces <dir> [--crowd <img.jpg> ...] [--threshold X]
// Indexes every <dir>/<id>/*.jpg as a photo, plus the crowd images (whose <img>.truth.json says who is where),
// searches with each face image as the selfie (itself excluded) and prints progress to stderr and ONE JSON line
// last on stdout. `recall`/`precision` are over the face set only (per query averaged: relevant = the person's
// other face images); `crowd_recall` is per crowd image (share of queries whose person is in it that find it).
// Extra options: --workers N (index with the worker pool), --no-scan (skip the 500k scan), --tile-size N,
// --tile-overlap N, --tile-min-score X, --throughput N (crowd photos indexed at once through the pool for
// photos/min by the wall clock; default 8), --subset NAME=FILE (a JSON list of the set's people, measured alone
// too: `--subset asian=../shared/faces-lfw.east-asian.json`).
// `event_scale` measures the face set as an event the way the store judges it: people grouped, matches
// calibrated, two tiers (bench/face-event-eval.ts), with recall, precision, wrong photos a query (mean, p90) and the
// rank-1 rate, beside the plain threshold and its sweep; for every subset, its people searching the whole set
// (`<name>`) and searching an event of their own (`<name>_event`). --save-eval FILE keeps the descriptors it measured
// (JSON) so that `node bench/face-event-eval.ts FILE` measures other settings on them without detecting again.
// `alerts` (runners' alerts of new photos) measures them on the same folds: each selfie makes an alert, then the
// event's photos arrive one at a time through the store's own index job and alert matching (in-memory PGlite), the
// alerts made before the first photo (`all`, each subset) or when half had arrived (`all_half_arrived`);
// precision = told photos of the runner / all told, with per-alert averages, recall, the plain threshold rule alerts
// used before, and the search's figures beside (--no-alerts skips it; about 3 minutes on LFW).
// `event_scale.cross_validation` is the honest measure: the settings chosen on some folds of people and measured on
// the others (bench/face-cross-validation.ts; 5 folds, mean and spread, beside the shipped settings on the same
// folds; about a minute on LFW; --no-cross-validation skips it). `own_event` is the face set alone as an event (crowd
// photos left out); with --borrow-from DIR (another face folder: one face of each of its people, standing in for
// the store's other events) `small_event` is the same event calibrated as the store calibrates a small one.
// `poor_selfies`: how many of the set's images, searched as selfies, the page would call poor (small, turned away,
// dark, blurred; `any`: with at least one) before searching (`npm run bench:selfie-quality` says more of them).

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { containment } from '../server/faces/boxes';
import { CALIBRATION_DEFAULTS } from '../server/faces/calibration';
import {
  type DetectedFace,
  type DetectOptions,
  detectFacesInBytes,
  selfieDescriptor,
} from '../server/faces/detect';
import { DEFAULT_FACE_THRESHOLD } from '../server/faces/engine';
import { createIndexPool } from '../server/faces/index-pool';
import { DESCRIPTOR_DIMS, FaceMatrix, QUERY_EXPANSION } from '../server/faces/matrix';
import { loadFaceModels } from '../server/faces/models';
import { crossValidate, scenariosOf } from './face-cross-validation';
import {
  alertsAtEventScale,
  type EvalPhoto,
  type EventFigures,
  evaluateEvent,
  saveEvalPhotos,
  smallEventFigures,
} from './face-event-eval';

interface Truth {
  id: string;
  file: string;
  x: number;
  y: number;
  w: number;
  h: number;
  faceW: number;
}
type Photo =
  | { kind: 'face'; id: string; file: string; path: string }
  | { kind: 'crowd'; path: string; truth: Truth[] };

const log = (...parts: unknown[]) => process.stderr.write(`${parts.join(' ')}\n`);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : (s[Math.floor((s.length - 1) / 2)] as number);
};
const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

function parseArgs(argv: string[]) {
  const args = {
    faces: '',
    crowd: [] as string[],
    threshold: DEFAULT_FACE_THRESHOLD,
    subsets: [] as { name: string; people: Set<string> }[],
    workers: 0,
    scan: true,
    throughput: 8,
    saveEval: '',
    alerts: true,
    crossValidation: true,
    borrowFrom: '',
    bibs: false,
  };
  const detect: DetectOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => argv[++i] ?? '';
    if (a === '--faces') args.faces = next();
    else if (a === '--crowd') while (argv[i + 1] && !argv[i + 1]?.startsWith('--')) args.crowd.push(next());
    else if (a === '--threshold') args.threshold = Number(next());
    else if (a === '--workers') args.workers = Number(next());
    else if (a === '--subset') {
      const [name, file] = next().split('=');
      if (!name || !file) throw new Error('--subset NAME=FILE');
      args.subsets.push({ name, people: new Set(JSON.parse(readFileSync(file, 'utf8')) as string[]) });
    } else if (a === '--no-scan') args.scan = false;
    else if (a === '--throughput') args.throughput = Number(next());
    else if (a === '--save-eval') args.saveEval = next();
    else if (a === '--no-alerts') args.alerts = false;
    else if (a === '--no-cross-validation') args.crossValidation = false;
    else if (a === '--borrow-from') args.borrowFrom = next();
    else if (a === '--bibs') args.bibs = true;
    else if (a === '--tile-size') detect.tileSize = Number(next());
    else if (a === '--tile-overlap') detect.tileOverlap = Number(next());
    else if (a === '--tile-min-score') detect.tileMinScore = Number(next());
    else throw new Error(`unknown argument ${a}`);
  }
  if (!args.faces)
    throw new Error('usage: bench:face -- --faces <dir> [--crowd <img.jpg> ...] [--threshold X]');
  return { ...args, detect };
}

function gaussianFiller(seed: number) {
  let s = seed;
  const rnd = () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return (s + 1) / 0x80000000;
  };
  // Spread like real descriptors: random pairs land near the different-person median distance (~0.83).
  return (out: Float32Array) => {
    for (let j = 0; j < out.length; j++)
      out[j] = Math.sqrt(-2 * Math.log(rnd())) * Math.cos(2 * Math.PI * rnd()) * 0.052;
  };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const photos: Photo[] = [];
  for (const id of readdirSync(args.faces, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const file of readdirSync(path.join(args.faces, id.name))
      .filter((f) => f.endsWith('.jpg'))
      .sort()) {
      photos.push({ kind: 'face', id: id.name, file, path: path.join(args.faces, id.name, file) });
    }
  }
  for (const c of args.crowd) {
    photos.push({
      kind: 'crowd',
      path: c,
      truth: JSON.parse(readFileSync(`${c}.truth.json`, 'utf8')) as Truth[],
    });
  }
  await loadFaceModels();
  log(`indexing ${photos.length} photos (${args.workers ? `${args.workers} workers` : 'in process'})`);

  // Index: photo id = position + 1.
  const faces = new Map<number, DetectedFace[]>();
  const indexMs: number[] = [];
  const crowdMs: number[] = [];
  const startIndex = performance.now();
  if (args.workers > 0) {
    const pool = createIndexPool({ workers: args.workers, selfieWorkers: 0, detect: args.detect });
    await Promise.all(
      photos.map(async (p, i) => {
        const t = performance.now();
        const outcome = await pool.index({ photoId: i + 1, bytes: new Uint8Array(readFileSync(p.path)) });
        if (outcome.ok) faces.set(i + 1, outcome.faces);
        else log(`  ${p.path}: ${outcome.reason}`);
        (p.kind === 'crowd' ? crowdMs : indexMs).push(outcome.ok ? outcome.ms : performance.now() - t);
      }),
    );
    await pool.close();
  } else {
    for (const [i, p] of photos.entries()) {
      const t = performance.now();
      faces.set(i + 1, await detectFacesInBytes(new Uint8Array(readFileSync(p.path)), args.detect));
      (p.kind === 'crowd' ? crowdMs : indexMs).push(performance.now() - t);
      if (p.kind === 'crowd')
        log(`  ${p.path}: ${faces.get(i + 1)?.length} faces in ${Math.round(performance.now() - t)} ms`);
    }
  }
  const indexWallMs = performance.now() - startIndex;
  const matrix = new FaceMatrix(100_000);
  let facesIndexed = 0;
  for (const [photoId, list] of faces) {
    for (const f of list) {
      matrix.add(photoId, f.descriptor);
      facesIndexed++;
    }
  }
  log(`indexed ${facesIndexed} faces in ${Math.round(indexWallMs)} ms`);

  // Detection recall on the crowd images (truth boxes), for faces ≥ 48 px wide and for all.
  const detection: Record<string, { found: number; of: number; found48: number; of48: number }> = {};
  photos.forEach((p, i) => {
    if (p.kind !== 'crowd') return;
    const got = faces.get(i + 1) ?? [];
    const hit = (t: Truth) =>
      got.some((f) => containment(f.box, { x: t.x, y: t.y, width: t.w, height: t.h }) > 0.5);
    const big = p.truth.filter((t) => t.faceW >= 48);
    detection[path.basename(p.path)] = {
      found: p.truth.filter(hit).length,
      of: p.truth.length,
      found48: big.filter(hit).length,
      of48: big.length,
    };
  });

  // Pad the matrix to 100k faces with synthetic descriptors (negative photo ids, never counted) for search timing.
  const fill = gaussianFiller(42);
  const synthetic = new Float32Array(DESCRIPTOR_DIMS);
  for (let i = matrix.size; i < 100_000; i++) {
    fill(synthetic);
    matrix.add(-1 - i, synthetic);
  }

  // Queries: each face image as the selfie, itself excluded. The face-set measure (DESIGN §4 recall/precision,
  // per query averaged) looks only at face-set photos: relevant = the person's other face images, retrieved = the
  // face-set photos the search answers. The crowd measure is separate: for each crowd image, the share of queries
  // whose person is in it (per its truth file) that get that crowd image back.
  const sweep = [0.5, 0.52, 0.54, 0.55, 0.56, 0.57, 0.58, 0.59, 0.6, 0.61, 0.62, 0.64];
  const maxThreshold = Math.max(args.threshold, ...sweep);
  const facePhoto = new Set<number>();
  photos.forEach((p, j) => {
    if (p.kind === 'face') facePhoto.add(j + 1);
  });
  const perQuery: {
    relevant: Set<number>;
    crowds: { key: string; photoId: number }[];
    found: { photoId: number; distance: number }[];
    descriptor?: Float32Array;
    /** The mean of the selfie's descriptor and its mirror image's (test-time augmentation, measured below). */
    mirrored?: Float32Array;
    id: string;
    self: number;
  }[] = [];
  const embedMs: number[] = [];
  const searchMs: number[] = [];
  let noFace = 0;
  // The selfies the page would call poor before searching (server/faces/selfie-quality.ts), by problem.
  const poorSelfies: Record<string, number> = { any: 0, small: 0, turned: 0, dark: 0, blurred: 0 };
  for (const [i, p] of photos.entries()) {
    if (p.kind !== 'face') continue;
    const self = i + 1;
    const relevant = new Set<number>();
    const crowds: { key: string; photoId: number }[] = [];
    photos.forEach((o, j) => {
      if (j + 1 === self) return;
      if (o.kind === 'face' && o.id === p.id) relevant.add(j + 1);
      if (o.kind === 'crowd' && o.truth.some((t) => t.id === p.id))
        crowds.push({ key: path.basename(o.path), photoId: j + 1 });
    });
    const bytes = new Uint8Array(readFileSync(p.path));
    const t0 = performance.now();
    const selfie = await selfieDescriptor(bytes);
    const t1 = performance.now();
    const found =
      selfie.kind === 'face'
        ? matrix
            .search(selfie.face.descriptor, maxThreshold, 1000)
            .filter((m) => m.photoId > 0 && m.photoId !== self)
        : [];
    const t2 = performance.now();
    embedMs.push(t1 - t0);
    searchMs.push(t2 - t0);
    if (selfie.kind === 'no-face') {
      noFace++;
      log(`  no face: ${p.path}`);
    } else if (selfie.quality.problems.length > 0) {
      poorSelfies.any = (poorSelfies.any ?? 0) + 1;
      for (const problem of selfie.quality.problems) poorSelfies[problem] = (poorSelfies[problem] ?? 0) + 1;
    }
    const mirror = await selfieDescriptor(
      new Uint8Array(await sharp(bytes).flop().jpeg({ quality: 95 }).toBuffer()),
    );
    const mirrored =
      selfie.kind === 'face' && mirror.kind === 'face'
        ? selfie.face.descriptor.map((v, k) => (v + (mirror.face.descriptor[k] as number)) / 2)
        : undefined;
    perQuery.push({
      relevant,
      crowds,
      found,
      id: p.id,
      self,
      ...(selfie.kind === 'face' ? { descriptor: selfie.face.descriptor } : {}),
      ...(mirrored ? { mirrored } : {}),
    });
  }

  const score = (threshold: number) => {
    let recall = 0;
    let precision = 0;
    const crowdHits: Record<string, { hit: number; of: number }> = {};
    for (const q of perQuery) {
      const got = q.found.filter((m) => m.distance <= threshold).map((m) => m.photoId);
      const inSet = got.filter((id) => facePhoto.has(id));
      const right = inSet.filter((id) => q.relevant.has(id)).length;
      recall += q.relevant.size ? right / q.relevant.size : 1;
      precision += inSet.length ? right / inSet.length : 1;
      for (const c of q.crowds) {
        const tally = crowdHits[c.key] ?? { hit: 0, of: 0 };
        crowdHits[c.key] = tally;
        tally.of++;
        if (got.includes(c.photoId)) tally.hit++;
      }
    }
    const n = perQuery.length || 1;
    const crowd = Object.fromEntries(Object.entries(crowdHits).map(([k, v]) => [k, round(v.hit / v.of)]));
    return { recall: round(recall / n), precision: round(precision / n), crowd };
  };
  const main = score(args.threshold);
  const baseSweep = sweep.map((t) => ({ threshold: t, ...score(t) }));
  for (const row of baseSweep) log(`  threshold ${row.threshold}: ${JSON.stringify(row)}`);

  // The same queries with query expansion (the engine's search): at each threshold, the faces within
  // QUERY_EXPANSION.confident of the selfie are averaged with it and searched again.
  const expandedAt = (threshold: number) => {
    const saved = perQuery.map((q) => q.found);
    perQuery.forEach((q) => {
      q.found = q.descriptor
        ? matrix
            .searchExpanded(q.descriptor, threshold, 1000)
            .filter((m) => m.photoId > 0 && m.photoId !== q.self)
        : [];
    });
    const result = score(threshold);
    perQuery.forEach((q, i) => {
      q.found = saved[i] ?? [];
    });
    return result;
  };
  const expansionSweep = sweep.map((t) => ({ threshold: t, ...expandedAt(t) }));
  // The selfie's descriptor averaged with its mirror image's (the gallery's faces as they are).
  const mirroredAt = (threshold: number) => {
    const saved = perQuery.map((q) => q.found);
    perQuery.forEach((q) => {
      const d = q.mirrored ?? q.descriptor;
      q.found = d
        ? matrix.search(d, threshold, 1000).filter((m) => m.photoId > 0 && m.photoId !== q.self)
        : [];
    });
    const result = score(threshold);
    perQuery.forEach((q, i) => {
      q.found = saved[i] ?? [];
    });
    return result;
  };
  const mirrorSweep = sweep.map((t) => ({ threshold: t, ...mirroredAt(t) }));
  for (const row of mirrorSweep) log(`  mirror-averaged, threshold ${row.threshold}: ${JSON.stringify(row)}`);
  for (const row of expansionSweep) log(`  expanded, threshold ${row.threshold}: ${JSON.stringify(row)}`);
  const expanded = expandedAt(args.threshold);

  // The face set as an event: the store's people and calibrated tiers, for the whole set and each subset.
  const evalPhotos: EvalPhoto[] = [];
  /** Each face photo's selfie descriptor averaged with its mirror image's (measured beside the store's). */
  const mirroredSelfies: (Float32Array | undefined)[] = [];
  const queryOfPhoto = new Map(perQuery.map((q) => [q.self, q]));
  photos.forEach((p, i) => {
    const found = (faces.get(i + 1) ?? []).map((f) => f.descriptor);
    if (p.kind === 'crowd') {
      const name = path.basename(p.path);
      const shows = new Set(p.truth.map((t) => t.id));
      evalPhotos.push({ id: `crowd:${name}`, faces: found, selfie: undefined, crowd: { name, shows } });
      mirroredSelfies.push(undefined);
      return;
    }
    const q = queryOfPhoto.get(i + 1);
    evalPhotos.push({ id: p.id, faces: found, selfie: q?.descriptor });
    mirroredSelfies.push(q?.mirrored ?? q?.descriptor);
  });
  if (args.saveEval) saveEvalPhotos(args.saveEval, evalPhotos, mirroredSelfies);
  const confidentSweep = [2, 2.25, 2.5, 2.75, 3, 3.25, 3.5];
  const everyone = evalPhotos.map((_, i) => i);
  const eventScale = (selfieOf: (index: number) => Float32Array | undefined) => {
    const set = evalPhotos.map((p, i) => ({ ...p, selfie: selfieOf(i) }));
    const figures: Record<string, EventFigures> = {
      all: evaluateEvent(set, everyone, everyone, args.threshold, sweep, confidentSweep),
    };
    for (const subset of args.subsets) {
      const own = everyone.filter((i) => subset.people.has((set[i] as EvalPhoto).id));
      figures[subset.name] = evaluateEvent(set, everyone, own, args.threshold, sweep, confidentSweep);
      figures[`${subset.name}_event`] = evaluateEvent(set, own, own, args.threshold, sweep, confidentSweep);
    }
    return figures;
  };
  const eventFigures = eventScale((i) => evalPhotos[i]?.selfie);
  const mirroredFigures = eventScale((i) => mirroredSelfies[i]);
  // The face set alone as an event, and as a small event of a store whose other events lend it people.
  const lent: Float32Array[] = [];
  if (args.borrowFrom) {
    for (const person of readdirSync(args.borrowFrom, { withFileTypes: true }).filter((d) =>
      d.isDirectory(),
    )) {
      const first = readdirSync(path.join(args.borrowFrom, person.name))
        .filter((f) => f.endsWith('.jpg'))
        .sort()[0];
      if (!first) continue;
      const [face] = await detectFacesInBytes(
        new Uint8Array(readFileSync(path.join(args.borrowFrom, person.name, first))),
        args.detect,
      );
      if (face) lent.push(face.descriptor);
    }
    log(`borrowed ${lent.length} people from ${args.borrowFrom}`);
  }
  const smallEvents = smallEventFigures(evalPhotos, args.threshold, lent);
  for (const [name, f] of Object.entries(smallEvents))
    log(
      `  ${name}: confident recall ${f.recall} precision ${f.precision} wrong ${f.wrong_mean}, rank-1 ${f.rank1}`,
    );
  const crossValidation = args.crossValidation
    ? crossValidate(evalPhotos, scenariosOf(evalPhotos, args.subsets), {
        threshold: args.threshold,
        spread: new Set(args.subsets.flatMap((s) => [...s.people])),
        progress: log,
      })
    : undefined;
  if (crossValidation)
    for (const [name, f] of Object.entries(crossValidation.cross_validated.figures))
      log(
        `  cross-validated, ${name}: recall ${f.recall.mean} ±${f.recall.sd} precision ${f.precision.mean} ±${f.precision.sd} rank-1 ${f.rank1.mean}, with maybe ${f.with_maybe.recall.mean}`,
      );
  for (const [name, f] of Object.entries(eventFigures))
    log(
      `  event scale, ${name}: confident recall ${f.recall} precision ${f.precision} wrong ${f.wrong_mean} (p90 ${f.wrong_p90}), rank-1 ${f.rank1}; plain ${args.threshold}: recall ${f.plain.recall} precision ${f.plain.precision} wrong ${f.plain.wrong_mean} (p90 ${f.plain.wrong_p90}); crowds ${JSON.stringify(f.crowd)}`,
    );

  // Runners' alerts on the same folds, judged by the store's own index job and alert matching, beside the search.
  const alertFigures = args.alerts
    ? await alertsAtEventScale(evalPhotos, args.subsets, args.threshold, eventFigures, log)
    : null;
  for (const [name, f] of Object.entries(alertFigures ?? {}))
    log(
      `  alerts, ${name}: ${f.alerts} alerts told ${f.told} photos, ${f.right} of their runner: precision ${f.precision} (per alert ${f.precision_per_alert}), recall ${f.recall}; plain ${args.threshold}: precision ${f.plain.precision} (per alert ${f.plain.precision_per_alert}), recall ${f.plain.recall}; the search: precision ${f.search?.precision}, recall ${f.search?.recall}`,
    );

  // Distances between each query's selfie descriptor and the indexed faces of the other face images (the
  // README's measure: same person vs different person).
  const same: number[] = [];
  const different: number[] = [];
  for (const q of perQuery) {
    const qd = q.descriptor;
    if (!qd) continue;
    for (const o of perQuery) {
      if (o === q) continue;
      for (const f of faces.get(o.self) ?? []) {
        let d2 = 0;
        for (let k = 0; k < DESCRIPTOR_DIMS; k++)
          d2 += ((qd[k] as number) - (f.descriptor[k] as number)) ** 2;
        (o.id === q.id ? same : different).push(Math.sqrt(d2));
      }
    }
  }
  const quantile = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length ? round(s[Math.round((s.length - 1) * p)] as number) : null;
  };
  log(
    `  same-person distances: n=${same.length} median ${quantile(same, 0.5)} p95 ${quantile(same, 0.95)} max ${quantile(same, 1)}`,
  );
  log(
    `  different-person distances: n=${different.length} min ${quantile(different, 0)} p1 ${quantile(different, 0.01)} median ${quantile(different, 0.5)}`,
  );
  for (const t of sweep)
    log(
      `  at ${t}: ${same.filter((d) => d > t).length} of ${same.length} same pairs rejected, ${different.filter((d) => d <= t).length} of ${different.length} different pairs accepted`,
    );

  // Indexing throughput: `--throughput N` crowd photos (the crowd images in turn) queued at once to the pool, as an
  // import would; photos/min by the wall clock, every worker busy (0 turns it off; needs --workers and --crowd).
  // --bibs: the bib numbers are read too, as every photo of an event with bibs is indexed.
  let throughput: { photos: number; wall_ms: number; photos_per_min: number; bibs: boolean } | undefined;
  if (args.throughput > 0 && args.workers > 0 && args.crowd.length > 0) {
    const pool = createIndexPool({ workers: args.workers, selfieWorkers: 0, detect: args.detect });
    const files = args.crowd.map((c) => new Uint8Array(readFileSync(c)));
    // Every worker loaded and warmed, with one photo each: the first run of each net at a tile's size costs more,
    // once per worker, not per photo (an import of thousands of photos sees the steady rate measured here).
    await pool.whenReady();
    await Promise.all(
      Array.from({ length: args.workers }, (_, i) =>
        pool.index({ photoId: -1 - i, bytes: files[i % files.length] as Uint8Array, bibs: args.bibs }),
      ),
    );
    const t = performance.now();
    await Promise.all(
      Array.from({ length: args.throughput }, (_, i) =>
        pool.index({ photoId: i + 1, bytes: files[i % files.length] as Uint8Array, bibs: args.bibs }),
      ),
    );
    const wall = performance.now() - t;
    await pool.close();
    throughput = {
      photos: args.throughput,
      wall_ms: round(wall, 0),
      photos_per_min: round((args.throughput * 60_000) / wall, 1),
      bibs: args.bibs,
    };
    log(`throughput: ${args.throughput} crowd photos in ${Math.round(wall)} ms`);
  }

  // Scan alone over 500k synthetic faces.
  let scanMs: number | undefined;
  if (args.scan) {
    const big = new FaceMatrix(500_000);
    for (let i = 0; i < 500_000; i++) {
      fill(synthetic);
      big.add(i >> 2, synthetic);
    }
    const q = new Float32Array(DESCRIPTOR_DIMS);
    const times: number[] = [];
    for (let k = 0; k < 21; k++) {
      fill(q);
      const t = performance.now();
      big.search(q, args.threshold, 1000);
      times.push(performance.now() - t);
    }
    scanMs = median(times);
  }

  const per4000 = median(crowdMs);
  const result = {
    queries: perQuery.length,
    recall: main.recall,
    precision: main.precision,
    threshold: args.threshold,
    embed_ms_p50: round(median(embedMs), 1),
    search_ms_p50: round(median(searchMs), 1),
    index_ms_per_photo_p50: round(median(indexMs), 1),
    faces_indexed: facesIndexed,
    crowd_recall: main.crowd,
    same_distance_median: quantile(same, 0.5),
    different_distance_median: quantile(different, 0.5),
    no_face_queries: noFace,
    poor_selfies: poorSelfies,
    search_matrix_faces: matrix.size,
    scan_ms_500k: scanMs === undefined ? null : round(scanMs, 1),
    index_ms_per_4000x3000_photo: crowdMs.length ? round(per4000, 0) : null,
    index_photos_per_min_2_cores: crowdMs.length ? round((2 * 60_000) / per4000, 1) : null,
    index_wall_ms: round(indexWallMs, 0),
    index_throughput: throughput ?? null,
    detection_recall: detection,
    expansion: {
      ...QUERY_EXPANSION,
      recall: expanded.recall,
      precision: expanded.precision,
      crowd_recall: expanded.crowd,
    },
    threshold_sweep: baseSweep,
    expansion_sweep: expansionSweep,
    mirror_sweep: mirrorSweep,
    event_scale: {
      calibration: CALIBRATION_DEFAULTS,
      ...eventFigures,
      ...smallEvents,
      cross_validation: crossValidation ?? null,
    },
    event_scale_mirrored_selfie: Object.fromEntries(
      Object.entries(mirroredFigures).map(([name, f]) => [
        name,
        {
          recall: f.recall,
          precision: f.precision,
          wrong_mean: f.wrong_mean,
          wrong_p90: f.wrong_p90,
          rank1: f.rank1,
        },
      ]),
    ),
    alerts: alertFigures,
    workers: args.workers,
    peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
