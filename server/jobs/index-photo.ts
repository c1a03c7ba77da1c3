// The index-photo job: find every face of an imported photo (worker pool), group the faces with the event's people
// (faces/grouping.ts) and store them; the engine then appends them to the event's in-memory matrix on its next
// search, and the event's alerts are matched (services/alerts/match-alerts.ts). The group-faces job groups the faces
// of an event stored before people were grouped.

import { photoObjectKeys } from '../../core/contract/photos';
import { readsBibs } from '../bibs/event-bibs';
import type { Db } from '../db/database';
import { findById } from '../db/events-repo';
import { facesForGrouping, markIndexFailed, saveFacesOfPhoto, setPeopleOfFaces } from '../db/faces-repo';
import { photoForIndexing } from '../db/photos-repo';
import type { FaceIndexEngine, FaceSearchEngine } from '../faces/engine';
import { FaceGrouping } from '../faces/grouping';
import type { IndexPool } from '../faces/index-pool';
import { descriptorToBytes } from '../faces/matrix';
import { log } from '../ops/log';
import { photosIndexed } from '../ops/metrics';
import { matchAlerts } from '../services/alerts/match-alerts';
import type { ObjectStore } from '../storage/object-store';

export interface IndexPhotoDeps {
  db: Db;
  store: Pick<ObjectStore, 'get'>;
  pool: Pick<IndexPool, 'index'>;
  /** The engine searches see the event's faces with (told of new ones); its searchDescriptor judges the alerts. */
  engine: Pick<FaceIndexEngine, 'noteIndexed' | 'forget'> & Pick<FaceSearchEngine, 'searchDescriptor'>;
  grouping: FaceGrouping;
}

/** The grouping of a process's index jobs, over its database. */
export const groupingOver = (db: Db) =>
  new FaceGrouping((eventId, afterId) => facesForGrouping(db, eventId, afterId));

export type IndexPhotoResult =
  | { photo_id: number; faces: number; people: number; bibs?: number; bibs_failed?: string; ms: number }
  | { photo_id: number; failed: string }
  | { photo_id: number; skipped: 'photo deleted' };

export async function indexPhoto(deps: IndexPhotoDeps, photoId: number): Promise<IndexPhotoResult> {
  const photo = await photoForIndexing(deps.db, photoId);
  if (!photo) return { photo_id: photoId, skipped: 'photo deleted' };
  const event = await findById(deps.db, photo.event_id);
  if (!event) return { photo_id: photoId, skipped: 'photo deleted' };
  const bytes = await deps.store.get(photoObjectKeys(event.event_key, photo.file_name).original);
  // A bad image fails only this photo, with its reason; a missing original is a fault worth retrying.
  if (!bytes) throw new Error(`original of photo ${photoId} is missing from the store`);
  const outcome = await deps.pool.index({ photoId, bytes, bibs: readsBibs(event) });
  if (!outcome.ok) {
    await markIndexFailed(deps.db, photoId, outcome.reason);
    photosIndexed.inc({ outcome: 'failed' });
    return { photo_id: photoId, failed: outcome.reason };
  }
  const w = Math.max(1, photo.width);
  const h = Math.max(1, photo.height);
  const taken = new Date(photo.taken_at as unknown as string | Date).getTime();
  const stored = await deps.grouping.group(
    photo.event_id,
    outcome.faces.map((f) => ({
      photoId,
      descriptor: f.descriptor,
      photographerId: photo.photographer_id,
      camera: photo.camera,
      takenAtMs: Number.isFinite(taken) ? taken : undefined,
      box: { x: f.box.x / w, y: f.box.y / h, width: f.box.width / w, height: f.box.height / h },
    })),
    (personIds) =>
      saveFacesOfPhoto(
        deps.db,
        photoId,
        photo.event_id,
        outcome.faces.map((f, i) => ({
          box: f.box,
          score: f.score,
          descriptor: descriptorToBytes(f.descriptor),
          personId: personIds[i],
        })),
        outcome.bibs,
      ),
  );
  // Bibs that could not be read leave the photo unread: `npm run admin -- read-bibs` reads them again.
  if (outcome.bibsFailed)
    log.warn("a photo's bibs were not read", { photo: photoId, reason: outcome.bibsFailed });
  deps.engine.noteIndexed(photo.event_id);
  photosIndexed.inc({ outcome: 'indexed' });
  // Runners who asked to be told of new photos of them: judged as their search would, with these faces stored.
  await matchAlerts({ db: deps.db, faces: deps.engine }, new Date(), {
    id: photoId,
    eventId: photo.event_id,
    faces: outcome.faces.map((f) => f.descriptor),
    bibs: outcome.bibs?.map((b) => b.bib),
  });
  return {
    photo_id: photoId,
    faces: outcome.faces.length,
    people: new Set(stored.map((s) => s.person_id)).size,
    ...(outcome.bibs ? { bibs: outcome.bibs.length } : {}),
    ...(outcome.bibsFailed ? { bibs_failed: outcome.bibsFailed } : {}),
    ms: Math.round(outcome.ms),
  };
}

/**
 * The group-faces job: the event's faces without a person (stored before people were grouped) are grouped in the
 * order they were stored and their people written; the engine reads the event's faces again.
 */
export async function groupFaces(
  deps: Pick<IndexPhotoDeps, 'db' | 'engine' | 'grouping'>,
  eventId: number,
): Promise<{ event_id: number; grouped: number; people: number }> {
  const grouped = await deps.grouping.groupUngrouped(eventId);
  await setPeopleOfFaces(deps.db, grouped);
  if (grouped.length > 0) deps.engine.forget(eventId);
  return { event_id: eventId, grouped: grouped.length, people: new Set(grouped.map((g) => g.personId)).size };
}
