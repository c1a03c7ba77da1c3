// bench:face's measure at event scale: the face set as an event, every photo a selfie once, judged the way
// the store judges (people.ts groups the event's faces, calibration.ts tiers the matches), beside the plain threshold.
//
// Protocol: held-out folds. Fold f takes the f-th photo of every person as the selfies and the person's other photos
// as the event (grouped into people, calibrated); the folds together make every photo a selfie once, and a selfie
// is never part of the event it searches, as on race day. A query's relevant photos are its person's photos in the
// event; precision is per query (a query answering nothing counts 1, as DESIGN §4's bench always has); "wrong" is
// the photos of other people a query answers; rank-1 is the share of queries whose nearest photo is their person's.
// Runners' alerts (evaluateAlerts) follow the same folds: each selfie makes an alert, then the event's photos arrive
// one at a time through the store's own index job and alert matching.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Db, migrate, openDatabase } from '../server/db/database';
import { insertEvent } from '../server/db/events-repo';
import { faceBlockOfEvent } from '../server/db/faces-repo';
import { insertAlert } from '../server/db/photo-alerts-repo';
import { insertPhotos } from '../server/db/photos-repo';
import {
  CALIBRATION_DEFAULTS,
  type CalibrationOptions,
  type CandidateFace,
  type CohortStats,
  othersThan,
  PeopleCohort,
  tierPhotos,
} from '../server/faces/calibration';
import { FaceIndexEngine } from '../server/faces/engine';
import { DESCRIPTOR_DIMS, descriptorToBytes } from '../server/faces/matrix';
import { EventPeople, PEOPLE_DEFAULTS, type PeopleOptions } from '../server/faces/people';
import { groupingOver, indexPhoto } from '../server/jobs/index-photo';
import { seeded } from '../server/test/seeded-random';
import { crossValidate, scenariosOf } from './face-cross-validation';

export interface EvalPhoto {
  /** The person shown (the set's folder). */
  id: string;
  /** The faces the photo pipeline indexed in it. */
  faces: Float32Array[];
  /** The selfie pipeline's descriptor of it (undefined: no face found). */
  selfie: Float32Array | undefined;
  /**
   * A crowd photo (bench:face's --crowd): the people it shows. It is in every fold's event and never a selfie; the
   * face-set figures leave it out, `crowd` says how often it is found by the selfies of the people it shows.
   */
  crowd?: { name: string; shows: ReadonlySet<string> };
}

export interface TierFigures {
  queries: number;
  recall: number;
  precision: number;
  wrong_mean: number;
  wrong_p90: number;
}

export interface EventFigures extends TierFigures {
  rank1: number;
  /** The confident tier plus "maybe": how many photos of others a runner scrolls past there. */
  with_maybe: TierFigures;
  /** The plain distance threshold at the event's setting: one global cut-off, without people or calibration. */
  plain: TierFigures & { threshold: number };
  plain_sweep: (TierFigures & { threshold: number })[];
  confident_sweep: (TierFigures & { confident: number })[];
  people: { faces: number; people: number; pair_precision: number; pair_recall: number };
  /** Per crowd photo: the share of the selfies of the people it shows that find it, by tier and plainly. */
  crowd: Record<string, { confident: number; with_maybe: number; plain: number; of: number }>;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

function distance(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let j = 0; j < DESCRIPTOR_DIMS; j++) {
    const d = (a[j] as number) - (b[j] as number);
    s += d * d;
  }
  return Math.sqrt(s);
}

interface Answer {
  relevant: Set<number>;
  /** The photos the store answers (both tiers) with their best distance, tier and score. */
  found: { photo: number; distance: number; score: number | undefined; tier: 'confident' | 'maybe' }[];
  /** Every photo within the event's threshold at its best distance (the plain threshold's answer). */
  within: { photo: number; distance: number }[];
  nearest: number;
}

function figuresOf(answers: Answer[], take: (a: Answer) => number[]) {
  let recall = 0;
  let precision = 0;
  const wrong: number[] = [];
  for (const a of answers) {
    const got = take(a);
    const right = got.filter((p) => a.relevant.has(p)).length;
    recall += a.relevant.size ? right / a.relevant.size : 1;
    precision += got.length ? right / got.length : 1;
    wrong.push(got.length - right);
  }
  const n = answers.length || 1;
  wrong.sort((x, y) => x - y);
  return {
    queries: answers.length,
    recall: round(recall / n),
    precision: round(precision / n),
    wrong_mean: round(wrong.reduce((s, w) => s + w, 0) / n),
    wrong_p90: wrong.length ? (wrong[Math.round((wrong.length - 1) * 0.9)] as number) : 0,
  };
}

/** The held-out folds: the f-th photo of each person (in the set's order) is in fold f; crowd photos are in none. */
function heldOutFolds(photos: readonly EvalPhoto[]) {
  const foldOf = new Map<number, number>();
  const seenOf = new Map<string, number>();
  for (const [p, photo] of photos.entries()) {
    const k = seenOf.get(photo.id) ?? 0;
    foldOf.set(p, k);
    seenOf.set(photo.id, k + 1);
  }
  const isCrowd = (p: number) => photos[p]?.crowd !== undefined;
  const folds = Math.max(0, ...[...foldOf].filter(([p]) => !isCrowd(p)).map(([, k]) => k)) + 1;
  return { foldOf, isCrowd, folds };
}

/** A selfie's search, prepared: its candidates within the event's threshold and its neighbourhood. */
export interface PreparedQuery {
  /** The selfie (photo index). */
  query: number;
  /** Its person's photos in the event. */
  relevant: Set<number>;
  /** The faces within the event's threshold (empty: no face in the selfie). */
  candidates: CandidateFace[];
  queryStats: CohortStats | undefined;
  /** The photo of the nearest face (crowd photos left out; -1: none). */
  nearest: number;
  /** Whether the selfie had a face. */
  hasFace: boolean;
  /** Whether its event was too small and borrowed people (tiered at `borrowedConfident`). */
  lent: boolean;
}

/** The held-out folds' events and searches, before any tiering (which is cheap to repeat at other settings). */
export interface PreparedEvent {
  queries: PreparedQuery[];
  faces: number;
  people: number;
  pairs: { tp: number; fp: number; fn: number };
}

/**
 * The searches of `queries` (photo indexes) on the event made of `eventPhotos` (photo indexes), by held-out folds:
 * the event's faces grouped into people, each face's and selfie's neighbourhood measured, the candidates within
 * `threshold` (the event's face_threshold: the outer limit of both tiers) gathered.
 */
export function prepareEvent(
  photos: readonly EvalPhoto[],
  eventPhotos: readonly number[],
  queries: readonly number[],
  threshold: number,
  calibration: CalibrationOptions = CALIBRATION_DEFAULTS,
  grouping: Partial<PeopleOptions> = {},
  /** People from outside the event (one face each), lent to an event of fewer than `calibration.borrowBelow`. */
  borrowed: readonly Float32Array[] = [],
): PreparedEvent {
  const { foldOf, isCrowd, folds } = heldOutFolds(photos);
  const crowds = eventPhotos.filter(isCrowd);
  const prepared: PreparedQuery[] = [];
  const pairs = { tp: 0, fp: 0, fn: 0 };
  let faceCount = 0;
  let peopleCount = 0;
  for (let f = 0; f < folds; f++) {
    const event = [...eventPhotos.filter((p) => !isCrowd(p) && foldOf.get(p) !== f), ...crowds];
    const selfies = queries.filter((p) => !isCrowd(p) && foldOf.get(p) === f);
    // The event: its faces grouped into people, in the set's order (as photos would arrive).
    const people = new EventPeople(grouping);
    const rows: { photo: number; descriptor: Float32Array; person: number }[] = [];
    for (const p of event) {
      for (const descriptor of (photos[p] as EvalPhoto).faces) {
        const person = people.add({ photoId: p, descriptor });
        rows.push({ photo: p, descriptor, person });
      }
    }
    faceCount += rows.length;
    peopleCount += people.peopleCount;
    for (let a = 0; a < rows.length; a++) {
      for (let b = a + 1; b < rows.length; b++) {
        const ra = rows[a] as (typeof rows)[number];
        const rb = rows[b] as (typeof rows)[number];
        if (isCrowd(ra.photo) || isCrowd(rb.photo)) continue;
        const same = photos[ra.photo]?.id === photos[rb.photo]?.id;
        const grouped = ra.person === rb.person;
        if (same && grouped) pairs.tp++;
        else if (grouped) pairs.fp++;
        else if (same) pairs.fn++;
      }
    }
    const centroids = Array.from({ length: people.peopleCount }, (_, i) => people.centroidOf(i));
    // As the store's event-calibration.ts: a small event calibrates against its people and people lent from others.
    const lent = borrowed.length > 0 && centroids.length < calibration.borrowBelow;
    const cohort = new PeopleCohort(
      lent ? [...centroids, ...othersThan(borrowed, centroids, PEOPLE_DEFAULTS.join)] : centroids,
    );
    const faceStats = rows.map((r) => cohort.statsOf(r.descriptor, r.person, calibration));
    for (const q of selfies) {
      const selfie = (photos[q] as EvalPhoto).selfie;
      const relevant = new Set(
        event.filter((p) => !isCrowd(p) && photos[p]?.id === photos[q]?.id && photos[p]?.faces.length),
      );
      if (!selfie) {
        prepared.push({
          query: q,
          relevant,
          candidates: [],
          queryStats: undefined,
          nearest: -1,
          hasFace: false,
          lent,
        });
        continue;
      }
      const candidates: CandidateFace[] = [];
      let nearest = -1;
      let nearestDistance = Number.POSITIVE_INFINITY;
      rows.forEach((r, i) => {
        const d = distance(selfie, r.descriptor);
        // Rank-1 is about the face set's photos (a crowd photo holds the person and many others).
        if (d < nearestDistance && !isCrowd(r.photo)) {
          nearestDistance = d;
          nearest = r.photo;
        }
        if (d <= threshold)
          candidates.push({
            photoId: r.photo,
            person: r.person,
            distance: d,
            stats: faceStats[i],
            descriptor: () => r.descriptor,
          });
      });
      prepared.push({
        query: q,
        relevant,
        candidates,
        queryStats: cohort.statsOf(selfie, undefined, calibration),
        nearest,
        hasFace: true,
        lent,
      });
    }
  }
  return { queries: prepared, faces: faceCount, people: peopleCount, pairs };
}

/** A prepared search's answer at a calibration's tier settings: each photo once, with its tier. */
export function tieredAnswer(
  q: PreparedQuery,
  calibration: CalibrationOptions,
): { photo: number; distance: number; score: number | undefined; tier: 'confident' | 'maybe' }[] {
  if (!q.hasFace) return [];
  const options = q.lent ? { ...calibration, confident: calibration.borrowedConfident } : calibration;
  return tierPhotos(q.candidates, q.queryStats, options).map((t) => ({
    photo: t.photoId,
    distance: t.distance,
    score: t.score,
    tier: t.tier,
  }));
}

/**
 * The figures for `queries` (photo indexes) searching the event made of `eventPhotos` (photo indexes), by folds.
 * `threshold` is the event's face_threshold (the outer limit of both tiers).
 */
export function evaluateEvent(
  photos: readonly EvalPhoto[],
  eventPhotos: readonly number[],
  queries: readonly number[],
  threshold: number,
  plainSweep: readonly number[],
  confidentSweep: readonly number[],
  calibration: CalibrationOptions = CALIBRATION_DEFAULTS,
  grouping: Partial<PeopleOptions> = {},
  /** People lent to the event when it is small (see prepareEvent). */
  borrowed: readonly Float32Array[] = [],
): EventFigures {
  const { isCrowd } = heldOutFolds(photos);
  const crowds = eventPhotos.filter(isCrowd);
  const crowdTally = new Map<number, { confident: number; withMaybe: number; plain: number; of: number }>();
  const answers: Answer[] = [];
  const answersSwept = new Map<number, Answer[]>();
  const prepared = prepareEvent(photos, eventPhotos, queries, threshold, calibration, grouping, borrowed);
  const { pairs } = prepared;
  for (const q of prepared.queries) {
    const { relevant, nearest } = q;
    if (!q.hasFace) {
      answers.push({ relevant, found: [], within: [], nearest: -1 });
      continue;
    }
    const best = new Map<number, number>();
    for (const c of q.candidates)
      best.set(c.photoId, Math.min(c.distance, best.get(c.photoId) ?? c.distance));
    const within = [...best].map(([photo, d]) => ({ photo, distance: d }));
    const found = tieredAnswer(q, calibration);
    for (const c of crowds) {
      if (!photos[c]?.crowd?.shows.has(photos[q.query]?.id ?? '')) continue;
      const tally = crowdTally.get(c) ?? { confident: 0, withMaybe: 0, plain: 0, of: 0 };
      crowdTally.set(c, tally);
      tally.of++;
      const hit = found.find((x) => x.photo === c);
      if (hit?.tier === 'confident') tally.confident++;
      if (hit) tally.withMaybe++;
      if (best.has(c)) tally.plain++;
    }
    answers.push({ relevant, found, within, nearest });
    for (const c of confidentSweep) {
      const list = answersSwept.get(c) ?? [];
      list.push({ relevant, found: tieredAnswer(q, { ...calibration, confident: c }), within, nearest });
      answersSwept.set(c, list);
    }
  }
  const faceCount = prepared.faces;
  const peopleCount = prepared.people;
  // The face set's figures: crowd photos left out (they have figures of their own).
  const faceSet = answers.map((a) => ({
    ...a,
    found: a.found.filter((x) => !isCrowd(x.photo)),
    within: a.within.filter((x) => !isCrowd(x.photo)),
  }));
  const confident = figuresOf(faceSet, (a) =>
    a.found.filter((x) => x.tier === 'confident').map((x) => x.photo),
  );
  const plainAt = (t: number) =>
    figuresOf(faceSet, (a) => a.within.filter((x) => x.distance <= t).map((x) => x.photo));
  const withRelevant = faceSet.filter((a) => a.relevant.size > 0);
  return {
    ...confident,
    rank1: round(withRelevant.filter((a) => a.relevant.has(a.nearest)).length / (withRelevant.length || 1)),
    with_maybe: figuresOf(faceSet, (a) => a.found.map((x) => x.photo)),
    plain: { threshold, ...plainAt(threshold) },
    plain_sweep: plainSweep.filter((t) => t <= threshold).map((t) => ({ threshold: t, ...plainAt(t) })),
    confident_sweep: confidentSweep.map((c) => ({
      confident: c,
      ...figuresOf(answersSwept.get(c) ?? [], (a) =>
        a.found.filter((x) => x.tier === 'confident' && !isCrowd(x.photo)).map((x) => x.photo),
      ),
    })),
    people: {
      faces: faceCount,
      people: peopleCount,
      pair_precision: round(pairs.tp / (pairs.tp + pairs.fp || 1)),
      pair_recall: round(pairs.tp / (pairs.tp + pairs.fn || 1)),
    },
    crowd: Object.fromEntries(
      [...crowdTally].map(([c, t]) => [
        photos[c]?.crowd?.name ?? String(c),
        {
          confident: round(t.confident / t.of),
          with_maybe: round(t.withMaybe / t.of),
          plain: round(t.plain / t.of),
          of: t.of,
        },
      ]),
    ),
  };
}

/** How runners' alerts did: the photos they told of, against the photos that showed their runner. */
export interface AlertFigures {
  /** Alerts made: one for each held-out selfie with a face. */
  alerts: number;
  /** Face-set photos told (each photo once an alert) and how many showed the alert's runner. */
  told: number;
  right: number;
  /** right / told. */
  precision: number;
  /** Per alert, averaged as the search's precision is (an alert that told nothing counts 1). */
  precision_per_alert: number;
  /** Per alert, averaged as the search's recall is: the share of the runner's arriving photos told. */
  recall: number;
  /** Photos of other people told, per alert. */
  wrong_mean: number;
}

/** One alert's run: its selfie, the runner's arriving photos and the photos told (photo indexes). */
export interface AlertOutcome {
  query: number;
  relevant: ReadonlySet<number>;
  /** Told by the store (services/alerts/match-alerts.ts at indexing). */
  told: number[];
  /** Told by the plain distance rule (any face within the event's threshold). */
  plainTold: number[];
}

/**
 * An event of saved descriptors on an in-memory store: `arriving` (photo indexes) inserted as its photos in that
 * order, none indexed yet, with the index job's deps over it (jobs/index-photo.ts: the event's grouping, an engine
 * reading its faces, and a pool standing in for the detector that answers each photo's saved faces).
 */
export async function savedFacesEvent(
  db: Db,
  photos: readonly EvalPhoto[],
  arriving: readonly number[],
  eventKey: string,
  threshold: number,
) {
  const eventId = await insertEvent(db, {
    event: {
      event_key: eventKey,
      title: eventKey,
      cover_object: 'c.jpg',
      event_date_text: '1',
      eventdate: '2026-11-22',
      province: 'x',
      team_key: null,
      on_sale_start: new Date(),
      on_sale_end: new Date(),
      face_threshold: threshold,
      // The face set has no bibs.
      bib_min_digits: 0,
      bib_max_digits: 0,
    },
  });
  const ids = await insertPhotos(
    db,
    arriving.map((p, i) => ({
      event_id: eventId,
      stage_id: null,
      original_file_name: `${p}.jpg`,
      file_name: `${i}.jpg`,
      width: 1000,
      height: 1000,
      taken_at: new Date(),
      index_error: null,
    })),
  );
  const photoOfId = new Map(ids.map((id, i) => [id, arriving[i] as number]));
  const engine = new FaceIndexEngine({
    loadFaces: (event, after) => faceBlockOfEvent(db, event, after),
  });
  const deps = {
    db,
    store: { get: async () => new Uint8Array(1) },
    pool: {
      index: async (job: { photoId: number }) => ({
        photoId: job.photoId,
        ok: true as const,
        ms: 0,
        faces: (photos[photoOfId.get(job.photoId) as number]?.faces ?? []).map((descriptor, i) => ({
          box: { x: 10 + 100 * i, y: 10, width: 80, height: 80 },
          score: 0.9,
          descriptor,
        })),
      }),
    },
    engine,
    grouping: groupingOver(db),
  };
  return { eventId, ids, photoOfId, engine, deps };
}

/**
 * Runners' alerts on race day, judged by the store's own code: for the same held-out folds as evaluateEvent, each
 * selfie of fold f (of `queries`) makes an alert, and the fold's event photos arrive one at a time (in a seeded
 * shuffle of `eventPhotos`, as a race day mixes its runners) through the index job (jobs/index-photo.ts, a pool
 * standing in for the detector with the faces already found): grouped into people, stored, and matched with the
 * alerts as the store matches them (services/alerts/match-alerts.ts: the face search's rule over the event as it
 * stands when the photo arrives), on an in-memory PGlite. The alerts are made before the first photo, or after the
 * share `arrivedBefore` of them (those match no alert and are not counted). Beside it the plain rule the alerts
 * used before: any face of the photo within the event's threshold.
 */
export async function evaluateAlerts(
  photos: readonly EvalPhoto[],
  eventPhotos: readonly number[],
  queries: readonly number[],
  threshold: number,
  options: { arrivedBefore?: number; progress?: (line: string) => void } = {},
): Promise<AlertOutcome[]> {
  const progress = options.progress ?? (() => {});
  const db = await openDatabase({});
  await migrate(db);
  const { foldOf, isCrowd, folds } = heldOutFolds(photos);
  const random = seeded(32);
  const outcomes: AlertOutcome[] = [];
  try {
    for (let f = 0; f < folds; f++) {
      const arriving = eventPhotos.filter((p) => isCrowd(p) || foldOf.get(p) !== f);
      for (let i = arriving.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [arriving[i], arriving[j]] = [arriving[j] as number, arriving[i] as number];
      }
      const selfies = queries.filter((p) => !isCrowd(p) && foldOf.get(p) === f && photos[p]?.selfie);
      const { eventId, ids, photoOfId, deps } = await savedFacesEvent(
        db,
        photos,
        arriving,
        `alerts-fold-${f}-${outcomes.length}`,
        threshold,
      );
      const started = performance.now();
      const arrive = async (from: number, to: number) => {
        for (let i = from; i < to; i++) {
          await indexPhoto(deps, ids[i] as number);
          if ((i + 1) % 250 === 0) progress(`  alerts, fold ${f}: ${i + 1} of ${ids.length} photos arrived`);
        }
      };
      // The photos that arrived before the alerts were made match none of them.
      const before = Math.round((options.arrivedBefore ?? 0) * ids.length);
      await arrive(0, before);
      const alertOf = new Map<number, number>();
      for (const q of selfies) {
        const alertId = await insertAlert(db, {
          event_id: eventId,
          token: `alert-${eventId}-${q}`,
          descriptor: descriptorToBytes(photos[q]?.selfie as Float32Array),
          bib: null,
          language: 'en',
          channel: 'push',
          push_endpoint: 'https://push.example/x',
          push_p256dh: 'p',
          push_auth: 'a',
          email: null,
          confirm_sha256: null,
          after_photo_id: before > 0 ? (ids[before - 1] as number) : 0,
        });
        alertOf.set(alertId, q);
      }
      await arrive(before, ids.length);
      progress(
        `  alerts, fold ${f}: ${selfies.length} alerts, ${ids.length} photos in ${Math.round(performance.now() - started)} ms`,
      );
      const told = new Map<number, number[]>();
      const rows = await db
        .selectFrom('photo_alert_matches as m')
        .innerJoin('photo_alerts as a', 'a.id', 'm.alert_id')
        .select(['m.alert_id', 'm.photo_id'])
        .where('a.event_id', '=', eventId)
        .execute();
      for (const row of rows) {
        const q = alertOf.get(row.alert_id) as number;
        told.set(q, [...(told.get(q) ?? []), photoOfId.get(row.photo_id) as number]);
      }
      const after = arriving.slice(before);
      for (const q of selfies) {
        const selfie = photos[q]?.selfie as Float32Array;
        const relevant = new Set(
          after.filter((p) => !isCrowd(p) && photos[p]?.id === photos[q]?.id && photos[p]?.faces.length),
        );
        const plainTold = after.filter((p) =>
          (photos[p] as EvalPhoto).faces.some((face) => distance(selfie, face) <= threshold),
        );
        outcomes.push({ query: q, relevant, told: told.get(q) ?? [], plainTold });
      }
    }
  } finally {
    await db.destroy();
  }
  return outcomes;
}

/** The figures of alerts' outcomes, face-set photos only (as the search's figures are). */
export function alertFiguresOf(
  photos: readonly EvalPhoto[],
  outcomes: readonly AlertOutcome[],
  take: (o: AlertOutcome) => readonly number[],
): AlertFigures {
  let told = 0;
  let right = 0;
  let precision = 0;
  let recall = 0;
  for (const o of outcomes) {
    const got = take(o).filter((p) => photos[p]?.crowd === undefined);
    const hits = got.filter((p) => o.relevant.has(p)).length;
    told += got.length;
    right += hits;
    precision += got.length ? hits / got.length : 1;
    recall += o.relevant.size ? hits / o.relevant.size : 1;
  }
  const n = outcomes.length || 1;
  return {
    alerts: outcomes.length,
    told,
    right,
    precision: round(told ? right / told : 1),
    precision_per_alert: round(precision / n),
    recall: round(recall / n),
    wrong_mean: round((told - right) / n),
  };
}

/** Alerts' figures beside the search's (its confident tier), for one set of alerts. */
export interface AlertScale extends AlertFigures {
  /** The rule alerts used before: any face within the event's threshold. */
  plain: AlertFigures & { threshold: number };
  /** The same people's face search ("photos of you", evaluateEvent) at the final event. */
  search: { recall: number; precision: number; wrong_mean: number } | null;
}

/**
 * Alerts for the whole set, made before its first photo (`all`) and when half its photos had arrived
 * (`all_half_arrived`), and for each subset: its people's alerts at the whole set's event (`<name>`) and at an event
 * of their own (`<name>_event`), each beside the search's figures for the same queries at the whole event.
 */
export async function alertsAtEventScale(
  photos: readonly EvalPhoto[],
  subsets: readonly { name: string; people: ReadonlySet<string> }[],
  threshold: number,
  search: Readonly<Record<string, EventFigures>>,
  progress: (line: string) => void = () => {},
): Promise<Record<string, AlertScale>> {
  const everyone = photos.map((_, i) => i);
  const scale = (name: string, outcomes: readonly AlertOutcome[]): AlertScale => {
    const beside = search[name];
    return {
      ...alertFiguresOf(photos, outcomes, (o) => o.told),
      plain: { threshold, ...alertFiguresOf(photos, outcomes, (o) => o.plainTold) },
      search: beside
        ? { recall: beside.recall, precision: beside.precision, wrong_mean: beside.wrong_mean }
        : null,
    };
  };
  const all = await evaluateAlerts(photos, everyone, everyone, threshold, { progress });
  const figures: Record<string, AlertScale> = { all: scale('all', all) };
  // Alerts are made after a search, mostly while the event's photos are arriving: made at half of them here.
  figures.all_half_arrived = scale(
    'all',
    await evaluateAlerts(photos, everyone, everyone, threshold, { arrivedBefore: 0.5, progress }),
  );
  for (const subset of subsets) {
    const own = everyone.filter((i) => subset.people.has((photos[i] as EvalPhoto).id));
    figures[subset.name] = scale(
      subset.name,
      all.filter((o) => subset.people.has((photos[o.query] as EvalPhoto).id)),
    );
    figures[`${subset.name}_event`] = scale(
      `${subset.name}_event`,
      await evaluateAlerts(photos, own, own, threshold, { progress }),
    );
  }
  return figures;
}

interface SavedPhoto {
  id: string;
  faces: number[][];
  selfie: number[] | null;
  mirrored: number[] | null;
  crowd?: { name: string; shows: string[] };
}

/** Keeps what bench:face measured (its --save-eval) so that other settings can be measured on it. */
export function saveEvalPhotos(
  file: string,
  photos: readonly EvalPhoto[],
  mirrored: readonly (Float32Array | undefined)[],
): void {
  const saved: SavedPhoto[] = photos.map((p, i) => ({
    id: p.id,
    faces: p.faces.map((f) => Array.from(f)),
    selfie: p.selfie ? Array.from(p.selfie) : null,
    mirrored: mirrored[i] ? Array.from(mirrored[i] as Float32Array) : null,
    ...(p.crowd ? { crowd: { name: p.crowd.name, shows: [...p.crowd.shows] } } : {}),
  }));
  writeFileSync(file, JSON.stringify(saved));
}

/** What saveEvalPhotos kept; `mirrored` takes the mirror-averaged selfies. */
export function loadEvalPhotos(file: string, mirrored = false): EvalPhoto[] {
  const saved = JSON.parse(readFileSync(file, 'utf8')) as SavedPhoto[];
  return saved.map((p) => {
    const selfie = mirrored ? (p.mirrored ?? p.selfie) : p.selfie;
    return {
      id: p.id,
      faces: p.faces.map((f) => Float32Array.from(f)),
      selfie: selfie ? Float32Array.from(selfie) : undefined,
      ...(p.crowd ? { crowd: { name: p.crowd.name, shows: new Set(p.crowd.shows) } } : {}),
    };
  });
}

/** One face of each person of a saved set (their first photo's first face): people to lend to a small event. */
export function lendablePeople(photos: readonly EvalPhoto[]): Float32Array[] {
  const seen = new Set<string>();
  const people: Float32Array[] = [];
  for (const p of photos) {
    const face = p.faces[0];
    if (p.crowd || seen.has(p.id) || !face) continue;
    seen.add(p.id);
    people.push(face);
  }
  return people;
}

/**
 * The face set's people as an event of their own, crowd photos left out (`own_event`), and, with people to lend,
 * the same as a small event of the store that borrows them (`small_event`).
 */
export function smallEventFigures(
  photos: readonly EvalPhoto[],
  threshold: number,
  borrowed: readonly Float32Array[],
  calibration: CalibrationOptions = CALIBRATION_DEFAULTS,
): Record<string, EventFigures> {
  const own = photos.map((_, i) => i).filter((i) => !photos[i]?.crowd);
  const figures: Record<string, EventFigures> = {
    own_event: evaluateEvent(photos, own, own, threshold, [], [], calibration),
  };
  if (borrowed.length > 0)
    figures.small_event = evaluateEvent(photos, own, own, threshold, [], [], calibration, {}, borrowed);
  return figures;
}

/**
 * Two selfies against one, on the set's people with three photos: for each pair of their photos as the selfies, the
 * event is every photo but those two of each person (so the third is the one to find), grouped and calibrated as the
 * store does. Answers the figures of the first selfie alone and of both averaged (tiered at confident +
 * twoSelfiesStricter, as the store judges two selfies), everyone and each subset.
 */
export function twoSelfieFigures(
  photos: readonly EvalPhoto[],
  threshold: number,
  subsets: readonly { name: string; people: ReadonlySet<string> }[] = [],
  calibration: CalibrationOptions = CALIBRATION_DEFAULTS,
): Record<
  string,
  { queries: number; one: { recall: number; precision: number }; two: { recall: number; precision: number } }
> {
  const { foldOf } = heldOutFolds(photos);
  const count = new Map<string, number>();
  for (const p of photos) if (!p.crowd) count.set(p.id, (count.get(p.id) ?? 0) + 1);
  const tally = new Map<string, { n: number; one: [number, number]; two: [number, number] }>();
  const add = (key: string, one: [number, number], two: [number, number]) => {
    const t = tally.get(key) ?? { n: 0, one: [0, 0], two: [0, 0] };
    tally.set(key, t);
    t.n++;
    t.one = [t.one[0] + one[0], t.one[1] + one[1]];
    t.two = [t.two[0] + two[0], t.two[1] + two[1]];
  };
  for (const [a, b] of [
    [0, 1],
    [1, 2],
    [0, 2],
  ] as const) {
    const event = photos.map((_, i) => i).filter((i) => foldOf.get(i) !== a && foldOf.get(i) !== b);
    const people = new EventPeople();
    const rows: { photo: number; descriptor: Float32Array; person: number }[] = [];
    for (const p of event)
      for (const descriptor of (photos[p] as EvalPhoto).faces)
        rows.push({ photo: p, descriptor, person: people.add({ photoId: p, descriptor }) });
    const centroids = Array.from({ length: people.peopleCount }, (_, i) => people.centroidOf(i));
    const cohort = new PeopleCohort(centroids);
    const stats = rows.map((r) => cohort.statsOf(r.descriptor, r.person, calibration));
    const confidentOf = (q: Float32Array, options: CalibrationOptions) => {
      const candidates: CandidateFace[] = [];
      rows.forEach((r, i) => {
        const d = distance(q, r.descriptor);
        if (d <= threshold)
          candidates.push({
            photoId: r.photo,
            person: r.person,
            distance: d,
            stats: stats[i],
            descriptor: () => r.descriptor,
          });
      });
      return tierPhotos(candidates, cohort.statsOf(q, undefined, options), options)
        .filter((t) => t.tier === 'confident')
        .map((t) => t.photoId);
    };
    for (const [id, n] of count) {
      if (n < 3) continue;
      const mine = photos.map((_, i) => i).filter((i) => photos[i]?.id === id);
      const first = photos[mine.find((i) => foldOf.get(i) === a) ?? -1]?.selfie;
      const second = photos[mine.find((i) => foldOf.get(i) === b) ?? -1]?.selfie;
      const relevant = new Set(event.filter((p) => photos[p]?.id === id && photos[p]?.faces.length));
      if (!first || !second || relevant.size === 0) continue;
      const figures = (found: number[]): [number, number] => {
        const right = found.filter((p) => relevant.has(p)).length;
        return [right / relevant.size, found.length ? right / found.length : 1];
      };
      const averaged = Float32Array.from(first, (v, j) => (v + (second[j] as number)) / 2);
      const one = figures(confidentOf(first, calibration));
      const two = figures(
        confidentOf(averaged, {
          ...calibration,
          confident: calibration.confident + calibration.twoSelfiesStricter,
        }),
      );
      add('all', one, two);
      for (const s of subsets) if (s.people.has(id)) add(s.name, one, two);
    }
  }
  return Object.fromEntries(
    [...tally].map(([key, t]) => [
      key,
      {
        queries: t.n,
        one: { recall: round(t.one[0] / t.n), precision: round(t.one[1] / t.n) },
        two: { recall: round(t.two[0] / t.n), precision: round(t.two[1] / t.n) },
      },
    ]),
  );
}

// node --import tsx bench/face-event-eval.ts <saved.json> [--subset NAME=FILE] [--threshold X] [--set key=value ...]
// [--alerts] [--cross-validate] [--borrow <other-saved.json>] [--two-selfies]: the event-scale figures of saved descriptors at other
// calibration settings (one JSON line); --alerts adds the alerts' figures (the store's code at its own settings:
// --set does not reach them); --cross-validate the people-disjoint cross-validation (face-cross-validation.ts);
// --borrow the set as a small event that borrows the other set's people; --two-selfies one selfie against two
// (twoSelfieFigures).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const file = argv[0];
  if (!file)
    throw new Error(
      'usage: face-event-eval.ts <saved.json> [--subset NAME=FILE] [--set key=value] [--alerts]',
    );
  let threshold = 0.6;
  const calibration: CalibrationOptions = { ...CALIBRATION_DEFAULTS };
  const subsets: { name: string; people: Set<string> }[] = [];
  let alerts = false;
  let crossValidation = false;
  let borrowFrom = '';
  let twoSelfies = false;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    const next = () => argv[++i] ?? '';
    if (a === '--threshold') threshold = Number(next());
    else if (a === '--alerts') alerts = true;
    else if (a === '--cross-validate') crossValidation = true;
    else if (a === '--borrow') borrowFrom = next();
    else if (a === '--two-selfies') twoSelfies = true;
    else if (a === '--subset') {
      const [name, list] = next().split('=');
      if (!name || !list) throw new Error('--subset NAME=FILE');
      subsets.push({ name, people: new Set(JSON.parse(readFileSync(list, 'utf8')) as string[]) });
    } else if (a === '--set') {
      const [key, value] = next().split('=');
      if (!key || !(key in calibration)) throw new Error(`--set: no calibration setting ${key}`);
      (calibration as unknown as Record<string, number>)[key] = Number(value);
    } else throw new Error(`unknown argument ${a}`);
  }
  const photos = loadEvalPhotos(file);
  const everyone = photos.map((_, i) => i);
  const sweep = [0.4, 0.45, 0.5, 0.55, 0.6];
  const confidentSweep = [2.5, 3, 3.5];
  const brief = (f: EventFigures) => ({
    recall: f.recall,
    precision: f.precision,
    wrong_mean: f.wrong_mean,
    wrong_p90: f.wrong_p90,
    rank1: f.rank1,
    with_maybe: f.with_maybe,
    people: f.people,
    crowd: f.crowd,
  });
  const figures: Record<string, EventFigures> = {
    all: evaluateEvent(photos, everyone, everyone, threshold, sweep, confidentSweep, calibration),
  };
  for (const s of subsets) {
    const own = everyone.filter((i) => s.people.has((photos[i] as EvalPhoto).id));
    figures[s.name] = evaluateEvent(photos, everyone, own, threshold, sweep, confidentSweep, calibration);
    figures[`${s.name}_event`] = evaluateEvent(
      photos,
      own,
      own,
      threshold,
      sweep,
      confidentSweep,
      calibration,
    );
  }
  const borrowed = borrowFrom ? lendablePeople(loadEvalPhotos(borrowFrom)) : [];
  Object.assign(figures, smallEventFigures(photos, threshold, borrowed, calibration));
  const out: Record<string, unknown> = Object.fromEntries(
    Object.entries(figures).map(([name, f]) => [name, brief(f)]),
  );
  if (twoSelfies) out.two_selfies = twoSelfieFigures(photos, threshold, subsets, calibration);
  if (crossValidation)
    out.cross_validation = crossValidate(photos, scenariosOf(photos, subsets), {
      threshold,
      spread: new Set(subsets.flatMap((s) => [...s.people])),
      progress: (line) => process.stderr.write(`${line}\n`),
    });
  if (alerts)
    out.alerts = await alertsAtEventScale(photos, subsets, threshold, figures, (line) =>
      process.stderr.write(`${line}\n`),
    );
  process.stdout.write(`${JSON.stringify(out)}\n`);
}
