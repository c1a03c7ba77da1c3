// The remake-previews job: an event's photos whose public images (thumbnail, preview) were made in an older way
// (photos.preview_version below PREVIEW_VERSION: an unmarked thumbnail, a 1600 px preview stamped in one corner)
// are made again from their originals, marked all over, under the same addresses. Photo by photo, each recorded
// as done, so a stopped job resumes where it was. Queued at start for every event that has such photos.
import { photoObjectKeys } from '../../core/contract/photos';
import type { Db } from '../db/database';
import { findById } from '../db/events-repo';
import { jobsWithPayload } from '../db/jobs-repo';
import { eventsWithOlderPreviews, setPreviewVersion, unpurgedPhotos } from '../db/photos-repo';
import { PREVIEW_VERSION, photoDerivatives } from '../services/photo-import';
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
      const original = await deps.store.get(keys.original);
      if (original) {
        const made = await photoDerivatives(original);
        await deps.store.put(keys.thumbnail, made.thumbnail, 'image/jpeg');
        await deps.store.put(keys.preview, made.preview, 'image/jpeg');
        remade += 1;
      } else {
        // Nothing to make them from: the old images are removed rather than left unmarked.
        await deps.store.delete(keys.thumbnail);
        await deps.store.delete(keys.preview);
        missing += 1;
      }
      await setPreviewVersion(deps.db, photo.id, PREVIEW_VERSION);
    }
  }
  return { event_id: eventId, remade, missing };
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
