// Owns face_removals and face_removal_photos: a runner's objection to being found by face, as a request (made,
// confirmed, undone), the faces it took out of search, and where they were in each photo (to blur them in its public
// images while the removal is active). The descriptor is kept only while the removal is active.
import type { Db } from './database';
import { isPhotoId } from './photos-repo';
import type { FaceRemovalState } from './schema';

export interface ActiveRemoval {
  id: number;
  descriptor: Uint8Array;
}

/** Every active removal's face (few: one per runner who objected). */
export async function activeRemovals(db: Db): Promise<ActiveRemoval[]> {
  const rows = await db
    .selectFrom('face_removals')
    .select(['id', 'descriptor'])
    .where('state', '=', 'active')
    .where('descriptor', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, descriptor: row.descriptor as Uint8Array }));
}

/** A cheap fingerprint of the active removals (count and newest change), to know when a kept copy is stale. */
export async function removalsFingerprint(db: Db): Promise<string> {
  const row = await db
    .selectFrom('face_removals')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.max('id').as('last')])
    .where('state', '=', 'active')
    .executeTakeFirstOrThrow();
  return `${row.n}:${row.last ?? 0}`;
}

export async function insertRemoval(
  db: Db,
  removal: {
    descriptor: Uint8Array;
    contact_key: string;
    contact_masked: string;
    language: 'th' | 'en';
    state: FaceRemovalState;
    confirmed_at: Date | null;
  },
): Promise<number> {
  const row = await db.insertInto('face_removals').values(removal).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export interface RemovedFaceBox {
  photo_id: number;
  box_x: number;
  box_y: number;
  box_w: number;
  box_h: number;
}

/** Where a removal's faces were (a photo's earlier record of that removal replaced: a re-run adds nothing). */
export async function recordRemovedFaces(
  db: Db,
  removalId: number,
  faces: readonly RemovedFaceBox[],
): Promise<void> {
  if (faces.length === 0) return;
  const photoIds = [...new Set(faces.map((face) => face.photo_id))];
  await db
    .deleteFrom('face_removal_photos')
    .where('removal_id', '=', removalId)
    .where('photo_id', 'in', photoIds)
    .execute();
  await db
    .insertInto('face_removal_photos')
    .values(faces.map((face) => ({ removal_id: removalId, ...face })))
    .execute();
  await db
    .updateTable('face_removals')
    .set((eb) => ({
      faces_removed: eb
        .selectFrom('face_removal_photos')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .where('removal_id', '=', removalId),
    }))
    .where('id', '=', removalId)
    .execute();
}

export interface RemovalRow {
  id: number;
  contact_masked: string;
  state: FaceRemovalState;
  created_at: Date;
  confirmed_at: Date | null;
  undone_at: Date | null;
  undone_by: string | null;
  faces_removed: number;
  photos: number;
}

const removalColumns = [
  'r.id',
  'r.contact_masked',
  'r.state',
  'r.created_at',
  'r.confirmed_at',
  'r.undone_at',
  'r.undone_by',
  'r.faces_removed',
] as const;

export async function listRemovals(db: Db, where: { contactKey?: string } = {}): Promise<RemovalRow[]> {
  let query = db
    .selectFrom('face_removals as r')
    .leftJoin('face_removal_photos as p', 'p.removal_id', 'r.id')
    .select(removalColumns)
    .select((eb) => eb.fn.count<string>('p.photo_id').distinct().as('photos'))
    .groupBy(removalColumns);
  if (where.contactKey !== undefined) query = query.where('r.contact_key', '=', where.contactKey);
  const rows = await query.orderBy('r.id').execute();
  return rows.map((row) => ({ ...row, photos: Number(row.photos) }));
}

/** Undoes an active removal: its descriptor deleted; answers the photos whose images and faces come back. */
export async function undoRemoval(
  db: Db,
  id: number,
  by: 'runner' | 'owner',
  now: Date,
  contactKey?: string,
): Promise<number[] | undefined> {
  let query = db
    .updateTable('face_removals')
    .set({ state: 'undone', descriptor: null, undone_at: now, undone_by: by })
    .where('id', '=', id)
    .where('state', '=', 'active');
  if (contactKey !== undefined) query = query.where('contact_key', '=', contactKey);
  const undone = await query.returning('id').executeTakeFirst();
  if (!undone) return undefined;
  const photos = await db
    .selectFrom('face_removal_photos')
    .select('photo_id')
    .distinct()
    .where('removal_id', '=', id)
    .execute();
  return photos.map((row) => Number(row.photo_id));
}

/**
 * Faces taken out of search for a removal: where each was is kept (to blur it), its bib reads stop naming it (they
 * stay: the runner's bib still finds their photos), and the face with its descriptor is deleted. Pass a transaction.
 * Answers the photos touched.
 */
export async function takeFacesOutOfSearch(
  db: Db,
  removalId: number,
  faceIds: readonly number[],
): Promise<number[]> {
  if (faceIds.length === 0) return [];
  const faces = await db
    .selectFrom('faces')
    .select(['id', 'photo_id', 'box_x', 'box_y', 'box_w', 'box_h'])
    .where('id', 'in', faceIds)
    .execute();
  if (faces.length === 0) return [];
  await recordRemovedFaces(
    db,
    removalId,
    faces.map((f) => ({
      photo_id: Number(f.photo_id),
      box_x: f.box_x,
      box_y: f.box_y,
      box_w: f.box_w,
      box_h: f.box_h,
    })),
  );
  const ids = faces.map((f) => Number(f.id));
  await db.updateTable('bib_reads').set({ face_id: null }).where('face_id', 'in', ids).execute();
  await db.deleteFrom('faces').where('id', 'in', ids).execute();
  return [...new Set(faces.map((f) => Number(f.photo_id)))];
}

/** The events whose photos are kept and whose faces are searched: where a removal takes a runner's faces out. */
export async function eventsWithFaces(db: Db): Promise<{ event_id: number; face_threshold: number }[]> {
  return db
    .selectFrom('events')
    .select(['event_id', 'face_threshold'])
    .where('purged_at', 'is', null)
    .where('face_search', '=', true)
    .orderBy('event_id')
    .execute();
}

/** The faces of the photo's active removals, to blur in its public images; none when no active removal has it. */
export async function blurBoxesOfPhoto(
  db: Db,
  photoId: number,
): Promise<{ x: number; y: number; width: number; height: number }[]> {
  if (!isPhotoId(photoId)) return [];
  const rows = await db
    .selectFrom('face_removal_photos as p')
    .innerJoin('face_removals as r', 'r.id', 'p.removal_id')
    .select(['p.box_x', 'p.box_y', 'p.box_w', 'p.box_h'])
    .where('p.photo_id', '=', photoId)
    .where('r.state', '=', 'active')
    .orderBy('p.removal_id')
    .orderBy('p.box_x')
    .orderBy('p.box_y')
    .execute();
  return rows.map((row) => ({
    x: Number(row.box_x),
    y: Number(row.box_y),
    width: Number(row.box_w),
    height: Number(row.box_h),
  }));
}
