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
 * Faces this near a removed runner's face count as theirs, whatever their tier: stricter than the plain threshold
 * (0.6). On ../shared/faces (40 photos of 8 people, the real models) 75 of the 80 same-person pairs lie within it
 * (66 within 0.5) and none of the 700 pairs of different people.
 */
export const REMOVED_FACE_DISTANCE = 0.55;

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

/** The matches without removed runners' faces (nothing to check, and no query, while no removal is active). */
export async function withoutRemovedFaces(db: Db, matches: readonly FaceMatch[]): Promise<FaceMatch[]> {
  if (matches.length === 0) return [...matches];
  const removed = await removedFaces(db);
  if (removed.length === 0) return [...matches];
  const ids = [...new Set(matches.flatMap((m) => (m.faceId === undefined ? [] : [m.faceId])))];
  const rows =
    ids.length === 0
      ? []
      : await db.selectFrom('faces').select(['id', 'descriptor']).where('id', 'in', ids).execute();
  const kept = new Set(
    rows
      .filter((row) => removalOfFace(descriptorFromBytes(row.descriptor), removed) === undefined)
      .map((row) => Number(row.id)),
  );
  return matches.filter((m) => m.faceId === undefined || kept.has(m.faceId));
}
