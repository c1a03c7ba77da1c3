// Owns a photo's objects when its public images are made again with faces blurred (a runner removed theirs) or
// unblurred (a removal undone). The images are made from the original and written under a new stored file name,
// because the old addresses are cached where the store cannot reach: the WebP copies a year (immutable), the JPEGs a
// day, thumbnails in the PWA's service worker. The original and its private versions (logo-stamped, the buyer's
// thumbnail) are copied to the new name, so paid orders keep downloading them. Steps in an order that leaves a
// working photo after a crash at any point: the new objects first, then the photo's row (with a job that deletes
// the old name's objects, in the same transaction), then the old objects deleted; a job queued before anything is
// written deletes the new name's objects a day later unless the photo has taken that name.
import { PREVIEW_VERSION, photoObjectKeys } from '../../core/contract/photos';
import type { Db } from '../db/database';
import { findById } from '../db/events-repo';
import { photoForIndexing, setFileName } from '../db/photos-repo';
import { enqueue } from '../jobs/queue';
import type { ObjectStore } from '../storage/object-store';
import { type BlurBox, newPhotoFileName, photoDerivatives } from './photo-import';

export interface BlurredImagesDeps {
  db: Db;
  store: ObjectStore;
}

export type RemadeImages =
  | { photo_id: number; file_name: string; blurred: number }
  | { photo_id: number; skipped: string };

/** The job that deletes a photo's objects under a name it does not have (any more, or ever). */
export const DELETE_PHOTO_OBJECTS = 'delete-photo-objects';
export interface DeletePhotoObjectsPayload {
  photo_id: number;
  file_name: string;
}

/** A new name's objects are deleted this long after a remake began unless the photo took the name (a crash). */
export const UNTAKEN_NAME_DELETED_AFTER_MS = 24 * 60 * 60_000;
/**
 * The old name's objects are deleted at once, and again this long after: a paid order's delivery that read the
 * old name just before the change may write its logo version under it meanwhile; it is then moved to the new name.
 */
export const OLD_NAME_DELETED_AGAIN_AFTER_MS = 10 * 60_000;

type PhotoKeys = ReturnType<typeof photoObjectKeys>;

const later = (ms: number) => new Date(Date.now() + ms);

const isPng = (bytes: Uint8Array) => bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e;

/**
 * Makes a photo's thumbnail, preview and their WebP copies again from its original, with `blurBoxes` (faces, in the
 * upright original's pixels) blurred beyond recognition, none for an undo, under a new name; answers that name. Run
 * again after a failure, it finishes the job (under yet another name). Throws when the original is missing (the
 * faces to blur then leave the public images: their objects are deleted) or when another remake of the photo
 * finished first (the next attempt makes them from the photo as it is then).
 */
export async function remakePublicImages(
  deps: BlurredImagesDeps,
  photoId: number,
  blurBoxes: readonly BlurBox[],
): Promise<RemadeImages> {
  const photo = await photoForIndexing(deps.db, photoId);
  if (!photo) return { photo_id: photoId, skipped: 'no such photo' };
  const event = await findById(deps.db, photo.event_id);
  if (!event || event.purged_at !== null)
    return { photo_id: photoId, skipped: "the event's photos were purged" };
  const from = photo.file_name;
  const old = photoObjectKeys(event.event_key, from);
  const original = await deps.store.get(old.original);
  if (!original) {
    if (blurBoxes.length > 0) await deleteKeys(deps.store, publicKeys(old));
    throw new Error(`the original of photo ${photoId} is missing (${old.original})`);
  }
  const made = await photoDerivatives(original, blurBoxes);
  const to = newPhotoFileName();
  const fresh = photoObjectKeys(event.event_key, to);
  await enqueue(
    deps.db,
    DELETE_PHOTO_OBJECTS,
    { photo_id: photoId, file_name: to } satisfies DeletePhotoObjectsPayload,
    later(UNTAKEN_NAME_DELETED_AFTER_MS),
  );
  // Every write settled before going on (or failing): none is left to land after the clean-up of this name.
  const writes = await Promise.allSettled([
    deps.store.put(fresh.thumbnail, made.thumbnail, 'image/jpeg'),
    deps.store.put(fresh.preview, made.preview, 'image/jpeg'),
    deps.store.put(fresh.thumbnailCopy, made.thumbnailCopy, 'image/webp'),
    deps.store.put(fresh.previewCopy, made.previewCopy, 'image/webp'),
    deps.store.put(fresh.original, original, isPng(original) ? 'image/png' : 'image/jpeg'),
    copyIfThere(deps.store, old.logo, fresh.logo),
    copyIfThere(deps.store, old.paidThumbnail, fresh.paidThumbnail),
  ]);
  const failed = writes.find((write) => write.status === 'rejected');
  if (failed) throw failed.reason;
  const taken = await deps.db.transaction().execute(async (trx) => {
    if (!(await setFileName(trx, photoId, { from, to, previewVersion: PREVIEW_VERSION }))) return false;
    await enqueue(
      trx,
      DELETE_PHOTO_OBJECTS,
      { photo_id: photoId, file_name: from } satisfies DeletePhotoObjectsPayload,
      later(OLD_NAME_DELETED_AGAIN_AFTER_MS),
    );
    return true;
  });
  if (!taken) {
    await deleteKeys(deps.store, Object.values(fresh));
    throw new Error(`photo ${photoId} was given another name while its images were made again`);
  }
  await deleteOldObjects(deps.store, old, fresh);
  return { photo_id: photoId, file_name: to, blurred: made.blurred };
}

export type DeletedPhotoObjects =
  | { photo_id: number; file_name: string; deleted: true }
  | { photo_id: number; file_name: string; skipped: string };

/**
 * The delete-photo-objects job: the photo's objects under `file_name` are deleted, unless that is the photo's name
 * (a remake that took it); a logo version or buyer's thumbnail found there that the photo's name lacks is moved to it.
 */
export async function deletePhotoObjects(
  deps: BlurredImagesDeps,
  payload: DeletePhotoObjectsPayload,
): Promise<DeletedPhotoObjects> {
  const { photo_id: photoId, file_name: fileName } = payload;
  if (!STORED_NAME.test(fileName))
    return { photo_id: photoId, file_name: fileName, skipped: 'not a stored name' };
  const photo = await photoForIndexing(deps.db, photoId);
  const event = photo ? await findById(deps.db, photo.event_id) : undefined;
  if (!photo || !event) return { photo_id: photoId, file_name: fileName, skipped: 'no such photo' };
  if (photo.file_name === fileName)
    return { photo_id: photoId, file_name: fileName, skipped: 'the photo has this name' };
  await deleteOldObjects(
    deps.store,
    photoObjectKeys(event.event_key, fileName),
    photoObjectKeys(event.event_key, photo.file_name),
  );
  return { photo_id: photoId, file_name: fileName, deleted: true };
}

/** A stored file name: one path part of the object keys' characters. */
const STORED_NAME = /^(?!\.\.?$)[A-Za-z0-9._-]{1,200}$/;

const publicKeys = (keys: PhotoKeys) => [keys.thumbnail, keys.preview, keys.thumbnailCopy, keys.previewCopy];

const deleteKeys = (store: ObjectStore, keys: readonly string[]) =>
  Promise.all(keys.map((key) => store.delete(key)));

async function copyIfThere(store: ObjectStore, from: string, to: string): Promise<void> {
  const bytes = await store.get(from);
  if (bytes) await store.put(to, bytes, 'image/jpeg');
}

/**
 * Every object of the old name deleted; first its private versions that the current name lacks are copied there (a
 * delivery that wrote one under the old name as it changed), while the photo's original is kept (not purged).
 */
async function deleteOldObjects(store: ObjectStore, old: PhotoKeys, current: PhotoKeys): Promise<void> {
  for (const kind of ['logo', 'paidThumbnail'] as const) {
    if (!(await store.exists(old[kind])) || (await store.exists(current[kind]))) continue;
    if (await store.exists(current.original)) await copyIfThere(store, old[kind], current[kind]);
  }
  await deleteKeys(store, Object.values(old));
}
