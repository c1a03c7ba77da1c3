// THE rule that keeps a runner who removed their face out of every answer: a matched face is dropped when it no
// longer exists (taken out of search by a removal, though a process's in-memory matrix still holds it) or when it
// lies within REMOVED_FACE_DISTANCE of an active removal's face (one the removal missed: a photo indexed before the
// removal reached it, a face below the confident tier). Every face search passes its matches through here
// (face-search.ts confirmedByBib), so the selfie search, "more like this" and alerts all obey it.
import type { Db } from '../../db/database';
import { activeRemovals, removalsFingerprint } from '../../db/removal-requests-repo';
import type { FaceMatch } from '../../faces/engine';
import { DESCRIPTOR_DIMS, descriptorFromBytes } from '../../faces/matrix';

/**
 * A face this near a removed runner's face is taken as theirs where no search decides: deleted with the removal
 * (beside the confident tier), kept out of photos indexed later, and dropped from an answer whose query is not known.
 * bench:removal (LFW, 60 people, 23 of them East Asian), 0.5 → 0.55 → 0.6: later photos of the runner kept out 0.77
 * → 0.88 → 0.98 (East Asian 0.96 → 0.96 → 1.0), other people's faces deleted per removal 0.33 → 0.70 → 1.62 (East
 * Asian 1.13 → 1.35 → 1.44), other people's later photos kept out 0 → 0.001 → 0.007 (East Asian 0.011 → 0.035 →
 * 0.084). On ../shared/faces 75 of 80 same-person pairs lie within 0.55, none of 700 pairs of different people.
 */
export const REMOVED_FACE_DISTANCE = 0.55;

/**
 * A search whose query lies this near a removed runner's face may be a search for them (theirs, or of a photo of
 * them, or of someone who looks like them): a match is dropped when it is about as near that runner's face as the
 * query's (within REMOVED_MARGIN), so a look-alike still finds the faces that are plainly their own.
 */
export const REMOVED_QUERY_DISTANCE = 0.55;
export const REMOVED_MARGIN = 0.1;

/** How long a process keeps the active removals before asking whether they changed. */
const FRESH_MS = 2000;

export interface RemovedFace {
  removalId: number;
  face: Float32Array;
}

interface Kept {
  fingerprint: string;
  checkedAt: number;
  faces: RemovedFace[];
}
const kept = new WeakMap<Db, Kept>();

/** The active removals' faces, read again when they changed (checked at most every 2 s). */
export async function removedFaces(db: Db, now = Date.now()): Promise<RemovedFace[]> {
  const known = kept.get(db);
  if (known && now - known.checkedAt < FRESH_MS) return known.faces;
  const fingerprint = await removalsFingerprint(db);
  if (known && known.fingerprint === fingerprint) {
    known.checkedAt = now;
    return known.faces;
  }
  const faces = (await activeRemovals(db)).map((removal) => ({
    removalId: removal.id,
    face: descriptorFromBytes(removal.descriptor),
  }));
  kept.set(db, { fingerprint, checkedAt: now, faces });
  return faces;
}

/** Forgets the kept removals (a removal made or undone in this process is seen at once). */
export function removalsChanged(db: Db): void {
  kept.delete(db);
}

export function distanceBetween(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < DESCRIPTOR_DIMS; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    sum += d * d;
  }
  return Math.sqrt(sum);
}

/** The removal whose runner's face this is, or undefined. */
export const removalOfFace = (face: ArrayLike<number>, removed: readonly RemovedFace[]): number | undefined =>
  removed.find((r) => distanceBetween(face, r.face) <= REMOVED_FACE_DISTANCE)?.removalId;

/** For each face of a photo being indexed: the removal it belongs to (not to be kept, to be blurred), or undefined. */
export async function removalsOfNewFaces(
  db: Db,
  faces: readonly ArrayLike<number>[],
): Promise<(number | undefined)[]> {
  if (faces.length === 0) return [];
  const removed = await removedFaces(db);
  return faces.map((face) => (removed.length === 0 ? undefined : removalOfFace(face, removed)));
}

/**
 * The matches without removed runners' faces (nothing to check, and no query, while no removal is active): a face
 * deleted since a process loaded it is dropped; with the query known, a face near a removal the query is near too,
 * unless it is plainly nearer the query (REMOVED_MARGIN); without it, a face within REMOVED_FACE_DISTANCE of any
 * removal.
 */
export async function withoutRemovedFaces(
  db: Db,
  matches: readonly FaceMatch[],
  query?: ArrayLike<number>,
): Promise<FaceMatch[]> {
  if (matches.length === 0) return [...matches];
  const removed = await removedFaces(db);
  if (removed.length === 0) return [...matches];
  const ids = [...new Set(matches.flatMap((m) => (m.faceId === undefined ? [] : [m.faceId])))];
  const rows =
    ids.length === 0
      ? []
      : await db.selectFrom('faces').select(['id', 'descriptor']).where('id', 'in', ids).execute();
  const near =
    query === undefined
      ? undefined
      : removed.filter((r) => distanceBetween(query, r.face) <= REMOVED_QUERY_DISTANCE);
  const theirs = (face: Float32Array) => {
    if (near === undefined || query === undefined) return removalOfFace(face, removed) !== undefined;
    const fromQuery = distanceBetween(face, query);
    return near.some((r) => {
      const fromRemoved = distanceBetween(face, r.face);
      return fromRemoved <= REMOVED_QUERY_DISTANCE && fromRemoved <= fromQuery + REMOVED_MARGIN;
    });
  };
  const kept = new Set(
    rows.filter((row) => !theirs(descriptorFromBytes(row.descriptor))).map((row) => Number(row.id)),
  );
  return matches.filter((m) => m.faceId === undefined || kept.has(m.faceId));
}
