// The read-bibs job: the photos of an event indexed before bibs were read (or whose reading failed) get
// their bibs read under the faces already found, a few photos a run; the job then queues itself for the next
// ones, behind the photos queued meanwhile (new photos are indexed first; searches go first in the workers).
import { photoObjectKeys } from '../../core/contract/photos';
import { readsBibs } from '../bibs/event-bibs';
import { photosWithUnreadBibs } from '../db/bibs-repo';
import type { Db } from '../db/database';
import { findById } from '../db/events-repo';
import { facesOfPhoto, replaceBibReads } from '../db/faces-repo';
import type { IndexPool } from '../faces/index-pool';
import type { ObjectStore } from '../storage/object-store';
import { enqueue } from './queue';

export interface ReadBibsDeps {
  db: Db;
  store: ObjectStore;
  pool: Pick<IndexPool, 'readBibs'>;
}

/** Photos a run reads (a run stays well within a job's lease). */
export const READ_BIBS_BATCH = 10;

export interface ReadBibsResult {
  event_id: number;
  photos: number;
  bibs: number;
  failed: { photo_id: number; reason: string }[];
  /** Queued for the photos after these. */
  more: boolean;
}

export async function readEventBibs(
  deps: ReadBibsDeps,
  eventId: number,
  afterId = 0,
): Promise<ReadBibsResult> {
  const result: ReadBibsResult = { event_id: eventId, photos: 0, bibs: 0, failed: [], more: false };
  const event = await findById(deps.db, eventId);
  if (!event || !readsBibs(event)) return result;
  const photos = await photosWithUnreadBibs(deps.db, eventId, afterId, READ_BIBS_BATCH);
  // An event whose face search is off keeps no faces to read under: its photos are indexed again, which locates
  // their faces and reads the bibs under them.
  if (!event.face_search) {
    for (const photo of photos) await enqueue(deps.db, 'index-photo', { photo_id: photo.id });
    result.photos = photos.length;
  }
  for (const photo of event.face_search ? photos : []) {
    // One photo's failure (the store not answering, its faces replaced meanwhile) is passed over, not the rest's.
    try {
      const bytes = await deps.store.get(photoObjectKeys(event.event_key, photo.file_name).original);
      const faces = await facesOfPhoto(deps.db, photo.id);
      if (!bytes) {
        result.failed.push({ photo_id: photo.id, reason: 'its original is missing from the store' });
        continue;
      }
      const outcome =
        faces.length === 0
          ? ({ ok: true, bibs: [] } as const)
          : await deps.pool.readBibs({ photoId: photo.id, bytes, faces: faces.map((f) => f.box) });
      if (!outcome.ok) {
        result.failed.push({ photo_id: photo.id, reason: outcome.reason });
        continue;
      }
      await replaceBibReads(deps.db, photo.id, eventId, outcome.bibs, faces);
      result.photos++;
      result.bibs += outcome.bibs.length;
    } catch (error) {
      result.failed.push({
        photo_id: photo.id,
        reason: error instanceof Error ? error.message : String(error),
      });
    }
  }
  const last = photos.at(-1);
  if (photos.length === READ_BIBS_BATCH && last) {
    // Each photo is tried once a round: one that failed is passed over, not tried again and again.
    await enqueue(deps.db, 'read-bibs', { event_id: eventId, after_id: last.id });
    result.more = true;
  }
  return result;
}
