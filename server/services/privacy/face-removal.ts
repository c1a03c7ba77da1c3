// "Remove my face": a runner's objection to being found by face (PDPA's rights of objection and erasure). Their
// face is searched in every event whose photos are kept; the faces "photos of you" would answer (the confident tier)
// and any face within REMOVED_FACE_DISTANCE are taken out of search (descriptors deleted), and each photo's public
// images are made again with those faces blurred, under new addresses (the remake-blurred job). The runner's own
// descriptor is kept, with their consent, only to keep them out: later photos are judged against it as they are
// indexed, and every search drops what is near it (removed-faces.ts). Buyers keep what they paid for (originals
// are untouched). Undoing it (the runner with a code to the same contact, or the shop owner) deletes the kept face
// and indexes and remakes the photos as they were.
import type { FaceConsent } from '../../../core/contract/privacy';
import type { AppContext } from '../../context';
import { writeAudit } from '../../db/audit-repo';
import {
  eventsWithFaces,
  insertRemoval,
  listRemovals,
  takeFacesOutOfSearch,
  undoRemoval,
} from '../../db/removal-requests-repo';
import { descriptorToBytes } from '../../faces/matrix';
import { enqueue } from '../../jobs/queue';
import { accept, type Outcome, refuse } from '../outcome';
import { recordConsent } from './consents';
import { REMOVED_FACE_DISTANCE, removalsChanged } from './removed-faces';

/** The most photos one event's search answers for a removal (far above any runner's count). */
const MOST_PHOTOS_PER_EVENT = 10_000;

export interface RemovalResult {
  removal_id: number;
  faces_removed: number;
  photos: number;
  events: number;
}

export type RemovalContext = Pick<AppContext, 'db' | 'faces' | 'now' | 'photoPassSecret'>;

export async function removeFace(
  ctx: RemovalContext,
  request: {
    descriptor: Float32Array;
    contactKey: string;
    contactMasked: string;
    language: 'th' | 'en';
    consent: FaceConsent;
    actor: string;
  },
): Promise<RemovalResult> {
  const now = ctx.now();
  const removalId = await ctx.db.transaction().execute(async (trx) => {
    const id = await insertRemoval(trx, {
      descriptor: descriptorToBytes(request.descriptor),
      contact_key: request.contactKey,
      contact_masked: request.contactMasked,
      language: request.language,
      state: 'active',
      confirmed_at: now,
    });
    await recordConsent(
      ctx,
      { purpose: 'face-removal', consent: request.consent, eventId: null, removalId: id },
      trx,
    );
    return id;
  });
  // From here every search drops the runner's faces, before their rows are even deleted.
  removalsChanged(ctx.db);
  let faces = 0;
  const photos = new Set<number>();
  let events = 0;
  for (const event of await eventsWithFaces(ctx.db)) {
    const matches = await ctx.faces.searchDescriptor(request.descriptor, {
      eventId: event.event_id,
      threshold: event.face_threshold,
      maxResults: MOST_PHOTOS_PER_EVENT,
    });
    const theirs = matches.flatMap((m) =>
      m.faceId !== undefined && (m.tier !== 'maybe' || m.distance <= REMOVED_FACE_DISTANCE) ? [m.faceId] : [],
    );
    if (theirs.length === 0) continue;
    const touched = await ctx.db.transaction().execute(async (trx) => {
      const photoIds = await takeFacesOutOfSearch(trx, removalId, theirs);
      for (const photoId of photoIds) await enqueue(trx, 'remake-blurred', { photo_id: photoId });
      return photoIds;
    });
    faces += theirs.length;
    for (const id of touched) photos.add(id);
    events += 1;
  }
  await writeAudit(ctx.db, {
    actor: request.actor,
    action: 'face removal',
    subject: `removal ${removalId} (${request.contactMasked})`,
    records: faces,
  });
  return { removal_id: removalId, faces_removed: faces, photos: photos.size, events };
}

/**
 * Undoes removals: the runner's (every active one under their contact) or the shop owner's (one by its id). The kept
 * face is deleted; the photos are indexed again (their faces found and kept) and their public images made again
 * unblurred where no other removal is.
 */
export async function undoRemovals(
  ctx: Pick<AppContext, 'db' | 'now'>,
  which: { contactKey: string; by: 'runner' } | { id: number; by: 'owner' },
  actor: string,
): Promise<Outcome<{ undone: number; photos: number }>> {
  const ids =
    'id' in which
      ? [which.id]
      : (await listRemovals(ctx.db, { contactKey: which.contactKey }))
          .filter((r) => r.state === 'active')
          .map((r) => r.id);
  let undone = 0;
  const photos = new Set<number>();
  for (const id of ids) {
    const done = await ctx.db.transaction().execute(async (trx) => {
      const photoIds = await undoRemoval(
        trx,
        id,
        which.by,
        ctx.now(),
        'contactKey' in which ? which.contactKey : undefined,
      );
      if (!photoIds) return undefined;
      for (const photoId of photoIds) {
        await enqueue(trx, 'index-photo', { photo_id: photoId });
        await enqueue(trx, 'remake-blurred', { photo_id: photoId });
      }
      return photoIds;
    });
    if (!done) continue;
    undone += 1;
    for (const photoId of done) photos.add(photoId);
    await writeAudit(ctx.db, {
      actor,
      action: 'face removal undone',
      subject: `removal ${id}`,
      records: done.length,
    });
  }
  removalsChanged(ctx.db);
  if ('id' in which && undone === 0) {
    return refuse(404, 'no active removal with this id', {
      field: 'id',
      code: 'removal-not-found',
      th: 'ไม่พบคำขอลบใบหน้าที่ยังมีผลอยู่ตามหมายเลขนี้',
    });
  }
  return accept({ undone, photos: photos.size });
}
