// The index-photo job: find every face of an imported photo (worker pool), group the faces with the event's people
// (faces/grouping.ts) and store them; the engine then appends them to the event's in-memory matrix on its next
// search, and the event's alerts are matched (services/alerts/match-alerts.ts). The group-faces job groups the faces
// of an event stored before people were grouped. An event whose face search is off keeps no face: the faces found
// only place the torsos whose bibs are read, and the bib reads are kept naming no face.

import { photoObjectKeys } from '../../core/contract/photos';
import { readsBibs } from '../bibs/event-bibs';
import type { Db } from '../db/database';
import { findById } from '../db/events-repo';
import {
  facesForGrouping,
  markIndexFailed,
  type NewBibRead,
  saveFacesOfPhoto,
  saveUnkeptFacesOfPhoto,
  setPeopleOfFaces,
} from '../db/faces-repo';
import { photoForIndexing } from '../db/photos-repo';
import { recordRemovedFaces } from '../db/removal-requests-repo';
import type { FaceIndexEngine, FaceSearchEngine } from '../faces/engine';
import { FaceGrouping } from '../faces/grouping';
import type { IndexOutcome, IndexPool } from '../faces/index-pool';
import { descriptorToBytes } from '../faces/matrix';
import { log } from '../ops/log';
import { photosIndexed } from '../ops/metrics';
import { matchAlerts } from '../services/alerts/match-alerts';
import { removalsOfNewFaces } from '../services/privacy/removed-faces';
import type { ObjectStore } from '../storage/object-store';
import { enqueue } from './queue';

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
  | {
      photo_id: number;
      faces: number;
      people: number;
      /** Faces found but not kept: the event's face search is off (they only placed the bibs). */
      faces_not_kept?: number;
      /** Faces of runners who removed their face: not kept, blurred in the photo's public images. */
      faces_removed?: number;
      bibs?: number;
      bibs_failed?: string;
      ms: number;
    }
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
  // An event whose face search is off: its faces are located for the bibs, never described.
  const outcome = await deps.pool.index({
    photoId,
    bytes,
    bibs: readsBibs(event),
    ...(event.face_search ? {} : { describe: false }),
  });
  if (!outcome.ok) {
    await markIndexFailed(deps.db, photoId, outcome.reason);
    photosIndexed.inc({ outcome: 'failed' });
    return { photo_id: photoId, failed: outcome.reason };
  }
  if (!event.face_search) return keepBibsOnly(deps, photo, outcome);
  // A runner who removed their face is not kept: their faces are left out (where they were is kept, to blur them),
  // and the bibs read under them are kept naming no face.
  const faces = await keptOutRemovedFaces(deps.db, photoId, outcome);
  const w = Math.max(1, photo.width);
  const h = Math.max(1, photo.height);
  const taken = new Date(photo.taken_at as unknown as string | Date).getTime();
  const stored = await deps.grouping.group(
    photo.event_id,
    faces.kept.map((f) => ({
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
        faces.kept.map((f, i) => ({
          box: f.box,
          score: f.score,
          descriptor: descriptorToBytes(f.descriptor),
          personId: personIds[i],
        })),
        faces.bibs,
        faces.keptOut,
      ),
  );
  // The event's face search was turned off while the photo was indexed: nothing was kept, and the people grouped in
  // memory (with these faces among them) are dropped.
  const kept = stored.length === faces.kept.length;
  if (!kept) forgetFacesOf(deps, photo.event_id);
  // Bibs that could not be read leave the photo unread: `npm run admin -- read-bibs` reads them again.
  if (outcome.bibsFailed)
    log.warn("a photo's bibs were not read", { photo: photoId, reason: outcome.bibsFailed });
  deps.engine.noteIndexed(photo.event_id);
  photosIndexed.inc({ outcome: 'indexed' });
  // Runners who asked to be told of new photos of them: judged as their search would, with these faces stored.
  await matchAlerts({ db: deps.db, faces: deps.engine }, new Date(), {
    id: photoId,
    eventId: photo.event_id,
    faces: kept ? faces.kept.map((f) => f.descriptor) : [],
    bibs: outcome.bibs?.map((b) => b.bib),
  });
  return {
    photo_id: photoId,
    faces: stored.length,
    people: new Set(stored.map((s) => s.person_id)).size,
    ...(kept ? {} : { faces_not_kept: outcome.faces.length }),
    ...(faces.keptOut > 0 ? { faces_removed: faces.keptOut } : {}),
    ...(outcome.bibs ? { bibs: outcome.bibs.length } : {}),
    ...(outcome.bibsFailed ? { bibs_failed: outcome.bibsFailed } : {}),
    ms: Math.round(outcome.ms),
  };
}

type FoundFace = Extract<IndexOutcome, { ok: true }>['faces'][number];

/**
 * The photo's faces without those of runners who removed theirs (removed-faces.ts), its bibs renumbered so that
 * those read under a left-out face come after the kept ones (saved naming no face); where the left-out faces were
 * is recorded and the photo's public images queued to be made again with them blurred.
 */
async function keptOutRemovedFaces(
  db: Db,
  photoId: number,
  outcome: Extract<IndexOutcome, { ok: true }>,
): Promise<{ kept: FoundFace[]; keptOut: number; bibs: NewBibRead[] | undefined }> {
  const removals = await removalsOfNewFaces(
    db,
    outcome.faces.map((f) => f.descriptor),
  );
  if (removals.every((r) => r === undefined)) return { kept: outcome.faces, keptOut: 0, bibs: outcome.bibs };
  const keptIndexes = outcome.faces.flatMap((_, i) => (removals[i] === undefined ? [i] : []));
  const outIndexes = outcome.faces.flatMap((_, i) => (removals[i] === undefined ? [] : [i]));
  const place = new Map([...keptIndexes, ...outIndexes].map((from, to) => [from, to]));
  await db.transaction().execute(async (trx) => {
    for (const i of outIndexes) {
      const box = (outcome.faces[i] as FoundFace).box;
      await recordRemovedFaces(trx, removals[i] as number, [
        { photo_id: photoId, box_x: box.x, box_y: box.y, box_w: box.width, box_h: box.height },
      ]);
    }
    await enqueue(trx, 'remake-blurred', { photo_id: photoId });
  });
  return {
    kept: keptIndexes.map((i) => outcome.faces[i] as FoundFace),
    keptOut: outIndexes.length,
    bibs: outcome.bibs?.map((b) => ({ ...b, face: place.get(b.face) ?? b.face })),
  };
}

/** The event's faces and people held in this process's memory are dropped (its face search is off). */
function forgetFacesOf(deps: Pick<IndexPhotoDeps, 'engine' | 'grouping'>, eventId: number): void {
  deps.grouping.forget(eventId);
  deps.engine.forget(eventId);
}

/**
 * A photo of an event whose face search is off: no face is kept, grouped or searched; its bib reads are kept naming
 * no face, and the event's bib alerts are told of it.
 */
async function keepBibsOnly(
  deps: IndexPhotoDeps,
  photo: { id: number; event_id: number },
  outcome: Extract<IndexOutcome, { ok: true }>,
): Promise<IndexPhotoResult> {
  await saveUnkeptFacesOfPhoto(deps.db, photo.id, photo.event_id, outcome.faces.length, outcome.bibs);
  // Faces of the event held from before its face search was turned off go from memory too.
  forgetFacesOf(deps, photo.event_id);
  if (outcome.bibsFailed)
    log.warn("a photo's bibs were not read", { photo: photo.id, reason: outcome.bibsFailed });
  photosIndexed.inc({ outcome: 'indexed' });
  await matchAlerts({ db: deps.db, faces: deps.engine }, new Date(), {
    id: photo.id,
    eventId: photo.event_id,
    faces: [],
    bibs: outcome.bibs?.map((b) => b.bib),
  });
  return {
    photo_id: photo.id,
    faces: 0,
    people: 0,
    faces_not_kept: outcome.faces.length,
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
  deps: Pick<IndexPhotoDeps, 'db' | 'grouping'> & { engine: Pick<FaceIndexEngine, 'forget'> },
  eventId: number,
): Promise<{ event_id: number; grouped: number; people: number }> {
  const grouped = await deps.grouping.groupUngrouped(eventId);
  await setPeopleOfFaces(deps.db, grouped);
  if (grouped.length > 0) deps.engine.forget(eventId);
  return { event_id: eventId, grouped: grouped.length, people: new Set(grouped.map((g) => g.personId)).size };
}
