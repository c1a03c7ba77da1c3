// The index-photo job: find every face of an imported photo (worker pool) and store them; the engine then
// appends them to the event's in-memory matrix on its next search.
import { photoObjectKeys } from '../../core/contract/photos';
import type { Db } from '../db/database';
import { findById } from '../db/events-repo';
import { markIndexFailed, saveFacesOfPhoto } from '../db/faces-repo';
import { photosByIds } from '../db/photos-repo';
import type { FaceIndexEngine } from '../faces/engine';
import type { IndexPool } from '../faces/index-pool';
import { descriptorToBytes } from '../faces/matrix';
import type { ObjectStore } from '../storage/object-store';

export interface IndexPhotoDeps {
  db: Db;
  store: ObjectStore;
  pool: Pick<IndexPool, 'index'>;
  engine: Pick<FaceIndexEngine, 'noteIndexed'>;
}

export type IndexPhotoResult =
  | { photo_id: number; faces: number; ms: number }
  | { photo_id: number; failed: string }
  | { photo_id: number; skipped: 'photo deleted' };

export async function indexPhoto(deps: IndexPhotoDeps, photoId: number): Promise<IndexPhotoResult> {
  const [photo] = await photosByIds(deps.db, [photoId]);
  if (!photo) return { photo_id: photoId, skipped: 'photo deleted' };
  const event = await findById(deps.db, photo.event_id);
  if (!event) return { photo_id: photoId, skipped: 'photo deleted' };
  const bytes = await deps.store.get(photoObjectKeys(event.event_key, photo.file_name).original);
  // A bad image fails only this photo, with its reason; a missing original is a fault worth retrying.
  if (!bytes) throw new Error(`original of photo ${photoId} is missing from the store`);
  const outcome = await deps.pool.index({ photoId, bytes });
  if (!outcome.ok) {
    await markIndexFailed(deps.db, photoId, outcome.reason);
    return { photo_id: photoId, failed: outcome.reason };
  }
  await saveFacesOfPhoto(
    deps.db,
    photoId,
    photo.event_id,
    outcome.faces.map((f) => ({ box: f.box, score: f.score, descriptor: descriptorToBytes(f.descriptor) })),
  );
  deps.engine.noteIndexed(photo.event_id);
  return { photo_id: photoId, faces: outcome.faces.length, ms: Math.round(outcome.ms) };
}
