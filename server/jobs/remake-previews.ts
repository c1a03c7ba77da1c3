// The remake-previews job: an event's photos whose public images (thumbnail, preview) were made in an older way
// (photos.preview_version below PREVIEW_VERSION, core/contract/photos.ts) are brought up to date under the same
// addresses: from their originals when they were not marked all over (version 1), and for version 2 (marked, no
// WebP copies) only their copies, made from the marked JPEGs (no original decoded again). Photo by photo, each
// recorded as done, so a stopped job resumes where it was. Queued at start for every event that has such photos.
import { PREVIEW_VERSION, photoObjectKeys } from '../../core/contract/photos';
import type { Db } from '../db/database';
import { findById } from '../db/events-repo';
import { jobsWithPayload } from '../db/jobs-repo';
import { eventsWithOlderPreviews, setPreviewVersion, unpurgedPhotos } from '../db/photos-repo';
import { blurBoxesOfPhoto } from '../db/removal-requests-repo';
import type { BlurBox } from '../services/photo-import';
import { photoCopyOf, photoDerivatives } from '../services/photo-import';
import type { ObjectStore } from '../storage/object-store';
import { enqueue } from './queue';

export interface RemakePreviewsDeps {
  db: Db;
  store: ObjectStore;
}

const BATCH = 20;

export async function remakePreviews(
  deps: RemakePreviewsDeps,
  eventId: number,
): Promise<{ event_id: number; remade: number; missing: number }> {
  const event = await findById(deps.db, eventId);
  let remade = 0;
  let missing = 0;
  if (!event) return { event_id: eventId, remade, missing };
  for (;;) {
    const batch = await unpurgedPhotos(deps.db, eventId, BATCH, PREVIEW_VERSION);
    if (batch.length === 0) break;
    for (const photo of batch) {
      const keys = photoObjectKeys(event.event_key, photo.file_name);
      // Faces of runners who removed theirs stay blurred in whatever is made again.
      const blur = await blurBoxesOfPhoto(deps.db, photo.id);
      if (await remakeOne(deps.store, keys, photo.preview_version, blur)) remade += 1;
      else {
        // Nothing to make them from: the old images are removed rather than left unmarked.
        await Promise.all([keys.thumbnail, keys.preview].map((key) => deps.store.delete(key)));
        missing += 1;
      }
      await setPreviewVersion(deps.db, photo.id, PREVIEW_VERSION);
    }
  }
  return { event_id: eventId, remade, missing };
}

/** Makes one photo's public images as PREVIEW_VERSION makes them; false when there is nothing to make them from. */
async function remakeOne(
  store: ObjectStore,
  keys: ReturnType<typeof photoObjectKeys>,
  version: number,
  blur: readonly BlurBox[],
): Promise<boolean> {
  if (version >= 2) {
    const [thumbnail, preview] = await Promise.all([store.get(keys.thumbnail), store.get(keys.preview)]);
    if (thumbnail && preview) {
      const [thumbnailCopy, previewCopy] = await Promise.all([photoCopyOf(thumbnail), photoCopyOf(preview)]);
      await store.put(keys.thumbnailCopy, thumbnailCopy, 'image/webp');
      await store.put(keys.previewCopy, previewCopy, 'image/webp');
      return true;
    }
  }
  const original = await store.get(keys.original);
  if (!original) return false;
  const made = await photoDerivatives(original, blur);
  await store.put(keys.thumbnail, made.thumbnail, 'image/jpeg');
  await store.put(keys.preview, made.preview, 'image/jpeg');
  await store.put(keys.thumbnailCopy, made.thumbnailCopy, 'image/webp');
  await store.put(keys.previewCopy, made.previewCopy, 'image/webp');
  return true;
}

/** Queues a remake for each event with older public images, unless one is queued or running already. */
export async function queuePreviewRemakes(db: Db): Promise<number> {
  let queued = 0;
  for (const eventId of await eventsWithOlderPreviews(db, PREVIEW_VERSION)) {
    const pending = (await jobsWithPayload(db, 'remake-previews', { event_id: eventId })).some(
      (job) => job.state === 'queued' || job.state === 'running',
    );
    if (pending) continue;
    await enqueue(db, 'remake-previews', { event_id: eventId });
    queued += 1;
  }
  return queued;
}
