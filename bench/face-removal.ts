// bench:removal: how completely "remove my face" takes a runner out, and what it costs everyone else, on real people's
// saved descriptors, judged by the store's own code on an in-memory PGlite.
//
//   npm run bench:removal -- --eval FILE [--people N] [--subset NAME=FILE]
//
// FILE is what bench:face saved with --save-eval (about 13 minutes on 2 cores), e.g. for ../shared/faces-lfw:
//   npm run bench:face -- --faces ../shared/faces-lfw --subset asian=../shared/faces-lfw.east-asian.json \
//     --workers 2 --no-scan --save-eval /tmp/lfw-eval.json
//
// Method. The whole set is one event, its photos indexed in the set's order through the index job
// (jobs/index-photo.ts, face-event-eval.ts's savedFacesEvent: grouped into people, calibrated by the engine as the
// store does). N people with at least 3 photos are picked, evenly spread in the set's order (and, with --subset,
// every such person of the subset too, reported apart). A picked person's first photo is the selfie they remove
// themselves with (never in the event, as a selfie is not a race photo), their last photo is held out as a photo
// imported later, their middle photos are in the event. For each picked person, one at a time:
//   1. removeFace (services/privacy/face-removal.ts) with the first photo's selfie descriptor;
//   2. measured with photosOfFace (services/face-search.ts, so withoutRemovedFaces guards every answer):
//      leak (of the person's own photos, how many a search with each of their other photos still answers, either
//      tier), removed_own (share of their event photos whose face was deleted), collateral_faces (faces of other
//      people deleted), hidden_from_others (photos other people's own searches lose: a search with each of their
//      photos before and after, for everyone with a photo holding a face the removal deleted or the guard may hide);
//   3. every picked person's held-out photo is indexed through the index job (its keptOutRemovedFaces): the removed
//      person's should be kept out, the others' kept; then the removed person's searches are asked again (leak_new);
//   4. undone, exactly and cheaply: the held-out photos' faces deleted, the deleted faces put back under their own
//      ids, the removal undone (removal-requests-repo's undoRemoval) and its records and jobs dropped, the engine's
//      and the grouping's memory of the event forgotten (read again from the database, as they were). undoRemovals
//      itself would re-index every touched photo through the queue: slower, and what it restores is what this puts
//      back. Each run then checks that the person's searches answer as before the removal (undo_mismatches: 0).
// Whose face is it: a photo is labelled with its folder's person; its face nearest to the photo's selfie descriptor is
// that person's ("main"), any other face in it is somebody unknown (a few photos of the set hold two faces).
//
// The sweep of REMOVED_FACE_DISTANCE: the constant is compiled into the service, so other values are worked out from
// what the store's code answers, by its own rule: the faces deleted are the removal search's confident-tier matches
// and its matches within the distance; a search drops every face deleted or within the distance of the removal's
// face; a new face within the distance is kept out. Removal, searches and guard leave the engine's memory as it was,
// so the answers before the removal filtered by that rule are exactly the store's answers after it: at the store's
// own distance the worked-out figures must equal the measured ones (sweep_equals_store counts the runs that differ).
// The sweep's search guard is the face-only one (a face within the distance of a removal is dropped from every
// answer); the store's guard looks at the query too (removed-faces.ts: only searches near a removal drop faces, and
// not those plainly nearer the query), so its hidden_from_others is lower and sweep_equals_store reports differences
// there: the measured figures (`all`, each subset) are the store's.
//
// Progress goes to stderr; one JSON line to stdout.
import { readFileSync } from 'node:fs';
import { PRIVACY_NOTICE_VERSION } from '../core/privacy';
import { migrate, openDatabase } from '../server/db/database';
import { findById } from '../server/db/events-repo';
import { undoRemoval } from '../server/db/removal-requests-repo';
import type { EventRow } from '../server/db/schema';
import { DEFAULT_FACE_THRESHOLD, type FaceMatch } from '../server/faces/engine';
import { descriptorFromBytes, descriptorToBytes } from '../server/faces/matrix';
import { indexPhoto } from '../server/jobs/index-photo';
import { photosOfFace } from '../server/services/face-search';
import { removeFace } from '../server/services/privacy/face-removal';
import {
  distanceBetween,
  REMOVED_FACE_DISTANCE,
  removalsChanged,
} from '../server/services/privacy/removed-faces';
import { percentile } from './bench-kit';
import { type EvalPhoto, loadEvalPhotos, savedFacesEvent } from './face-event-eval';

const SWEEP = [0.45, 0.5, 0.55, 0.6];
/** The most photos a removal's search answers per event, as face-removal.ts asks. */
const MOST_PHOTOS = 10_000;
const MIN_PHOTOS = 3;

const argv = process.argv.slice(2);
let evalFile = '';
let wanted = 60;
const subsets: { name: string; people: Set<string> }[] = [];
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  const next = () => argv[++i] ?? '';
  if (a === '--eval') evalFile = next();
  else if (a === '--people') wanted = Number(next());
  else if (a === '--subset') {
    const [name, list] = next().split('=');
    if (!name || !list) throw new Error('--subset NAME=FILE');
    subsets.push({ name, people: new Set(JSON.parse(readFileSync(list, 'utf8')) as string[]) });
  } else throw new Error(`unknown argument ${a}`);
}
if (!evalFile || !(wanted > 0))
  throw new Error('usage: bench:removal -- --eval FILE [--people N] [--subset NAME=FILE]');

const progress = (line: string) => process.stderr.write(`${line}\n`);
const round = (x: number) => Math.round(x * 1000) / 1000;
const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);
const started = performance.now();

const photos = loadEvalPhotos(evalFile);
const photosOf = new Map<string, number[]>();
for (const [p, photo] of photos.entries()) {
  if (photo.crowd) continue;
  photosOf.set(photo.id, [...(photosOf.get(photo.id) ?? []), p]);
}
const at = (p: number) => photos[p] as EvalPhoto;

// Who can remove themselves here: a selfie with a face, a held-out photo and an event photo with faces.
const eligible = [...photosOf].flatMap(([person, own]) => {
  if (own.length < MIN_PHOTOS) return [];
  const first = own[0] as number;
  const last = own.at(-1) as number;
  const middle = own.slice(1, -1);
  const ok = at(first).selfie && at(last).faces.length > 0 && middle.some((p) => at(p).faces.length > 0);
  return ok ? [person] : [];
});
const spread = Array.from(
  { length: Math.min(wanted, eligible.length) },
  (_, i) => eligible[Math.floor(((i + 0.5) * eligible.length) / Math.min(wanted, eligible.length))] as string,
);
const groups: Record<string, Set<string>> = { all: new Set(spread) };
for (const s of subsets) groups[s.name] = new Set(eligible.filter((person) => s.people.has(person)));
const removed = [...new Set(Object.values(groups).flatMap((g) => [...g]))].sort(
  (a, b) => (photosOf.get(a)?.[0] ?? 0) - (photosOf.get(b)?.[0] ?? 0),
);
const selfieOf = (person: string) => (photosOf.get(person) as number[])[0] as number;
const heldOutOf = (person: string) => (photosOf.get(person) as number[]).at(-1) as number;
const outOfEvent = new Set(removed.flatMap((person) => [selfieOf(person), heldOutOf(person)]));
const eventPhotos = photos.flatMap((_, p) => (outOfEvent.has(p) ? [] : [p]));
const heldOut = removed.map(heldOutOf);

/** The face of a photo that is its person's: the one nearest its selfie descriptor (the first without one). */
function mainFaceOf(p: number): number {
  const { faces, selfie } = at(p);
  if (!selfie) return 0;
  let best = 0;
  faces.forEach((face, i) => {
    if (distanceBetween(face, selfie) < distanceBetween(faces[best] as Float32Array, selfie)) best = i;
  });
  return best;
}

const db = await openDatabase({});
await migrate(db);
const built = await savedFacesEvent(
  db,
  photos,
  [...eventPhotos, ...heldOut],
  'removal',
  DEFAULT_FACE_THRESHOLD,
);
const { eventId, ids, photoOfId, engine, deps } = built;
const heldIds = ids.slice(eventPhotos.length);
for (let i = 0; i < eventPhotos.length; i++) {
  await indexPhoto(deps, ids[i] as number);
  if ((i + 1) % 250 === 0) progress(`event: ${i + 1} of ${eventPhotos.length} photos indexed`);
}
const event = (await findById(db, eventId)) as EventRow;

// The event's faces as stored (to put back what a removal deletes) and whose each is.
type FaceRow = {
  id: number;
  photo_id: number;
  event_id: number;
  box_x: number;
  box_y: number;
  box_w: number;
  box_h: number;
  score: number;
  descriptor: Uint8Array;
  person_id: number | null;
};
const stored = (await db.selectFrom('faces').selectAll().where('event_id', '=', eventId).execute()).map(
  (row) => ({ ...row, id: Number(row.id), photo_id: Number(row.photo_id) }) as FaceRow,
);
const faceRowOf = new Map(stored.map((row) => [row.id, row]));
const faceIndexOf = (boxX: number) => Math.round((boxX - 10) / 100);
const faceInfo = new Map(
  stored.map((row) => {
    const p = photoOfId.get(row.photo_id) as number;
    return [
      row.id,
      {
        photo: p,
        person: at(p).id,
        main: faceIndexOf(row.box_x) === mainFaceOf(p),
        descriptor: descriptorFromBytes(row.descriptor),
      },
    ];
  }),
);
const people = new Set(stored.map((row) => row.person_id)).size;
progress(
  `event: ${eventPhotos.length} photos, ${stored.length} faces, ${people} people grouped; ${removed.length} removals to make`,
);

const searchDeps = { db, bibFusion: false, faces: engine };
const search = async (descriptor: Float32Array) =>
  (await photosOfFace(searchDeps, event, descriptor)).matches;
/** Each person's searches: a search with each of their photos' selfie descriptors. */
const queriesOf = (person: string) => (photosOf.get(person) ?? []).filter((p) => at(p).selfie !== undefined);
const ownAnswered = (person: string, matches: readonly FaceMatch[]) =>
  matches.filter((m) => at(photoOfId.get(m.photoId) as number).id === person).length;

// Every search before any removal (the engine's memory is the same after a removal: see the header).
const before = new Map<number, FaceMatch[]>();
for (const p of photos.keys()) {
  if (at(p).selfie && !at(p).crowd) before.set(p, await search(at(p).selfie as Float32Array));
}
progress(`searches before any removal: ${before.size}`);

/** One removal's figures. */
interface RunFigures {
  faces_removed: number;
  removed_own: number;
  leak: number;
  leak_before: number;
  leak_queries: number;
  collateral_faces: number;
  collateral_unknown: number;
  hidden_from_others: number;
  people_losing: number;
  own_kept_out: number;
  others_kept_out: number;
  others: number;
}

/** What a removal does at `distance` by the service's rule, from the answers before it. */
function workedOut(
  person: string,
  selfieMatches: readonly FaceMatch[],
  nearSelfie: ReadonlyMap<number, number>,
  heldNear: readonly number[],
  distance: number,
): RunFigures {
  const deleted = new Set(
    selfieMatches.flatMap((m) =>
      m.faceId !== undefined && (m.tier !== 'maybe' || m.distance <= distance) ? [m.faceId] : [],
    ),
  );
  const hidden = new Set(deleted);
  for (const [id, d] of nearSelfie) if (d <= distance) hidden.add(id);
  const after = (q: number) =>
    (before.get(q) ?? []).filter((m) => m.faceId === undefined || !hidden.has(m.faceId));
  const queries = queriesOf(person).filter((q) => q !== selfieOf(person));
  const own = ownEventPhotos(person);
  const leaks = queries.map((q) => ownAnswered(person, after(q)));
  const others = lossesOfOthers(person, hidden, after);
  const ownHeld = heldNear[removed.indexOf(person)] as number;
  const othersKeptOut = heldNear.filter((d, i) => removed[i] !== person && d <= distance).length;
  return {
    ...deletedFigures(person, deleted, own),
    leak: mean(leaks),
    leak_before: mean(queries.map((q) => ownAnswered(person, before.get(q) ?? []))),
    leak_queries: mean(leaks.map((n) => (n > 0 ? 1 : 0))),
    ...others,
    own_kept_out: ownHeld <= distance ? 1 : 0,
    others_kept_out: othersKeptOut,
    others: removed.length - 1,
  };
}

function ownEventPhotos(person: string) {
  const own = new Set(photosOf.get(person));
  return stored.filter((row) => faceInfo.get(row.id)?.main && own.has(faceInfo.get(row.id)?.photo as number));
}

function deletedFigures(person: string, deleted: ReadonlySet<number>, own: readonly FaceRow[]) {
  let collateral = 0;
  let unknown = 0;
  for (const id of deleted) {
    const info = faceInfo.get(id);
    if (!info || info.person === person) continue;
    if (info.main) collateral++;
    else unknown++;
  }
  return {
    faces_removed: deleted.size,
    removed_own: own.length ? own.filter((row) => deleted.has(row.id)).length / own.length : 0,
    collateral_faces: collateral,
    collateral_unknown: unknown,
  };
}

/** Photos other people's own searches lose: those with a photo holding a face the removal hides (only they can). */
function lossesOfOthers(
  person: string,
  hidden: ReadonlySet<number>,
  after: (q: number) => readonly FaceMatch[],
) {
  const touched = new Set<string>();
  for (const id of hidden) {
    const info = faceInfo.get(id);
    if (info && info.person !== person) touched.add(info.person);
  }
  let lost = 0;
  let losing = 0;
  for (const other of touched) {
    const queries = queriesOf(other);
    const loss = mean(
      queries.map((q) => ownAnswered(other, before.get(q) ?? []) - ownAnswered(other, after(q))),
    );
    lost += loss;
    if (loss > 0) losing++;
  }
  return { hidden_from_others: lost, people_losing: losing };
}

const sameFigures = (a: RunFigures, b: RunFigures | undefined) =>
  b !== undefined &&
  (Object.keys(a) as (keyof RunFigures)[]).every((key) => Math.abs(a[key] - b[key]) < 1e-9);

const consent = { version: PRIVACY_NOTICE_VERSION, device: 'bench-removal-device-0000000' };
const ctx = { db, faces: engine, now: () => new Date(), photoPassSecret: 'bench-removal' };
const baselineIds = new Set(stored.map((row) => row.id));
const measured = new Map<string, RunFigures>();
const swept = new Map<number, Map<string, RunFigures>>(SWEEP.map((d) => [d, new Map()]));
const leakNew: number[] = [];
let sweepDiffers = 0;
let undoMismatches = 0;

for (const [n, person] of removed.entries()) {
  const selfie = at(selfieOf(person)).selfie as Float32Array;
  // The removal's own search (face-removal.ts asks the same), and the distances its guard and keep-out judge.
  const selfieMatches = await engine.searchDescriptor(selfie, {
    eventId,
    threshold: event.face_threshold,
    maxResults: MOST_PHOTOS,
  });
  const kept = descriptorFromBytes(descriptorToBytes(selfie));
  const nearSelfie = new Map(
    [...faceInfo].map(([id, info]) => [id, distanceBetween(info.descriptor, kept)] as const),
  );
  const heldNear = heldOut.map((p) => distanceBetween(at(p).faces[mainFaceOf(p)] as Float32Array, kept));
  for (const d of SWEEP) swept.get(d)?.set(person, workedOut(person, selfieMatches, nearSelfie, heldNear, d));

  // 1. The removal, by the service.
  const removal = await removeFace(ctx, {
    descriptor: selfie,
    contactKey: `bench-${n}`,
    contactMasked: `b***${n}`,
    language: 'en',
    consent,
    actor: 'bench:removal',
  });
  const remaining = new Set(
    (await db.selectFrom('faces').select('id').where('event_id', '=', eventId).execute()).map((r) =>
      Number(r.id),
    ),
  );
  const deleted = new Set([...baselineIds].filter((id) => !remaining.has(id)));
  // 2. The searches after it, by the store's code.
  const queries = queriesOf(person).filter((q) => q !== selfieOf(person));
  const afterOf = new Map<number, FaceMatch[]>();
  const after = (q: number) => afterOf.get(q) ?? [];
  const maybeHidden = new Set(deleted);
  for (const [id, d] of nearSelfie) if (d <= Math.max(...SWEEP)) maybeHidden.add(id);
  const asked = new Set(queries);
  for (const id of maybeHidden) {
    const info = faceInfo.get(id);
    if (info && info.person !== person) for (const q of queriesOf(info.person)) asked.add(q);
  }
  for (const q of asked) afterOf.set(q, await search(at(q).selfie as Float32Array));
  const leaks = queries.map((q) => ownAnswered(person, after(q)));
  // Everyone who may have lost photos is asked (more than lose any): only the store's answers count.
  const losses = lossesOfOthers(person, maybeHidden, after);
  // 3. Photos imported later, through the index job.
  for (const id of heldIds) await indexPhoto(deps, id);
  const keptOut = await db
    .selectFrom('face_removal_photos')
    .select(['photo_id', 'box_x'])
    .where('removal_id', '=', removal.removal_id)
    .where('photo_id', 'in', heldIds)
    .execute();
  const keptOutMain = new Set(
    keptOut.flatMap((row) => {
      const p = photoOfId.get(Number(row.photo_id)) as number;
      return faceIndexOf(row.box_x) === mainFaceOf(p) ? [p] : [];
    }),
  );
  const ownHeld = heldOutOf(person);
  const newAnswers = await Promise.all(queries.map((q) => search(at(q).selfie as Float32Array)));
  leakNew.push(
    mean(newAnswers.map((matches) => matches.filter((m) => photoOfId.get(m.photoId) === ownHeld).length)),
  );
  const figures: RunFigures = {
    ...deletedFigures(person, deleted, ownEventPhotos(person)),
    leak: mean(leaks),
    leak_before: mean(queries.map((q) => ownAnswered(person, before.get(q) ?? []))),
    leak_queries: mean(leaks.map((k) => (k > 0 ? 1 : 0))),
    ...losses,
    own_kept_out: keptOutMain.has(ownHeld) ? 1 : 0,
    others_kept_out: [...keptOutMain].filter((p) => p !== ownHeld).length,
    others: removed.length - 1,
  };
  measured.set(person, figures);
  if (!sameFigures(figures, swept.get(REMOVED_FACE_DISTANCE)?.get(person))) {
    sweepDiffers++;
    progress(
      `  ${person}: store ${JSON.stringify(figures)} worked out ${JSON.stringify(swept.get(REMOVED_FACE_DISTANCE)?.get(person))}`,
    );
  }

  // 4. Undone: the event as it was before the removal.
  await db.deleteFrom('faces').where('photo_id', 'in', heldIds).execute();
  const back = [...deleted].map((id) => faceRowOf.get(id) as FaceRow);
  if (back.length > 0) {
    await db
      .insertInto('faces')
      .values(back.map((row) => ({ ...row }) as never))
      .execute();
  }
  await undoRemoval(db, removal.removal_id, 'owner', new Date());
  await db.deleteFrom('face_removal_photos').where('removal_id', '=', removal.removal_id).execute();
  await db.deleteFrom('jobs').execute();
  removalsChanged(db);
  engine.forget(eventId);
  deps.grouping.forget(eventId);
  for (const q of queries) {
    const again = await search(at(q).selfie as Float32Array);
    if (JSON.stringify(again) !== JSON.stringify(before.get(q))) undoMismatches++;
  }
  progress(
    `removal ${n + 1} of ${removed.length} (${person}): ${removal.faces_removed} faces removed, leak ${round(figures.leak)}, collateral ${figures.collateral_faces}, others lose ${round(figures.hidden_from_others)}, own new photo kept out ${figures.own_kept_out}`,
  );
}

function summary(runs: readonly RunFigures[]) {
  const collateral = runs.map((r) => r.collateral_faces).sort((a, b) => a - b);
  const others = runs.reduce((s, r) => s + r.others, 0);
  return {
    removals: runs.length,
    faces_removed_mean: round(mean(runs.map((r) => r.faces_removed))),
    removed_own: round(mean(runs.map((r) => r.removed_own))),
    leak: round(mean(runs.map((r) => r.leak))),
    leak_before: round(mean(runs.map((r) => r.leak_before))),
    leak_queries: round(mean(runs.map((r) => r.leak_queries))),
    collateral_faces: {
      mean: round(mean(collateral)),
      p90: percentile(collateral, 90),
      max: collateral.at(-1) ?? 0,
    },
    collateral_unknown_mean: round(mean(runs.map((r) => r.collateral_unknown))),
    hidden_from_others: {
      mean: round(mean(runs.map((r) => r.hidden_from_others))),
      max: round(Math.max(0, ...runs.map((r) => r.hidden_from_others))),
      people_losing_mean: round(mean(runs.map((r) => r.people_losing))),
    },
    new_photos: {
      own_kept_out: round(mean(runs.map((r) => r.own_kept_out))),
      others_wrongly_kept_out: round(others ? runs.reduce((s, r) => s + r.others_kept_out, 0) / others : 0),
    },
  };
}

const runsOf = (from: ReadonlyMap<string, RunFigures>, group: ReadonlySet<string>) =>
  [...group].map((person) => from.get(person) as RunFigures);
const leakNewOf = (group: ReadonlySet<string>) =>
  round(mean([...group].map((person) => leakNew[removed.indexOf(person)] as number)));
const out: Record<string, unknown> = {
  eval: evalFile,
  event: { photos: eventPhotos.length, faces: stored.length, people, threshold: event.face_threshold },
  removed_face_distance: REMOVED_FACE_DISTANCE,
  ...Object.fromEntries(
    Object.entries(groups).map(([name, group]) => [
      name,
      { ...summary(runsOf(measured, group)), leak_new: leakNewOf(group) },
    ]),
  ),
  sweep: Object.fromEntries(
    Object.entries(groups).map(([name, group]) => [
      name,
      SWEEP.map((d) => {
        const s = summary(runsOf(swept.get(d) as Map<string, RunFigures>, group));
        return {
          distance: d,
          removed_own: s.removed_own,
          leak: s.leak,
          collateral_faces: s.collateral_faces,
          hidden_from_others: s.hidden_from_others.mean,
          own_kept_out: s.new_photos.own_kept_out,
          others_wrongly_kept_out: s.new_photos.others_wrongly_kept_out,
        };
      }),
    ]),
  ),
  sweep_equals_store: { runs: removed.length, differ: sweepDiffers },
  undo_mismatches: undoMismatches,
  ms: Math.round(performance.now() - started),
};
await db.destroy();
process.stdout.write(`${JSON.stringify(out)}\n`);
