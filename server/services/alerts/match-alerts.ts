// At indexing: a photo's new faces and bibs against the event's alerts. A photo matches an alert when it is one of
// the alert runner's "photos of you" by the face search's own rule (photosOfFace: the event's calibration, people
// and bibs; the alert's descriptor is its selfie's), or when one of its reads is the alert's bib and the event's
// rule and start list say that read is one of its bibs (bibs/event-bibs.ts). Each alert with a new match gets one
// send-alert job (unless one is waiting), due when the runner may be told again: at most one notification every
// ALERT_EVERY_MINUTES, and a minute after the first match, so that a burst of uploads is told in one.
import { ALERT_EVERY_MINUTES } from '../../../core/contract/alerts';
import { eventBibs } from '../../bibs/event-bibs';
import type { Db } from '../../db/database';
import { findById } from '../../db/events-repo';
import { jobsWithPayload } from '../../db/jobs-repo';
import { addMatches, alertById, alertsForPhoto } from '../../db/photo-alerts-repo';
import type { EventRow } from '../../db/schema';
import { descriptorFromBytes, FaceMatrix } from '../../faces/matrix';
import { enqueue } from '../../jobs/queue';
import { type PhotosOfYouDeps, photosOfFace } from '../face-search';

/** Photos matched within this long after the first are told together. */
export const ALERT_GATHER_SECONDS = 60;

export interface IndexedPhoto {
  id: number;
  eventId: number;
  /** The faces found in it, as stored with it (the engine holds them once it is told the photo was indexed). */
  faces: readonly ArrayLike<number>[];
  /** The bibs read in it, as read (undefined: not read). */
  bibs?: readonly string[] | undefined;
}

/** No limit on the search's answer: a photo of you past the result page's length is still one. */
const EVERY_MATCH = Number.MAX_SAFE_INTEGER;

/**
 * Whether the photo is one of "photos of you" for the alert's face: the face search with that descriptor, over the
 * event as it stands (the photo's faces stored and grouped), answers it in the confident tier. A photo none of whose
 * faces lies within the event's threshold cannot be (the search looks no farther), so the search runs only for a
 * photo with such a face (`faces`: the photo's faces, scanned as the engine scans the event's).
 */
async function showsAlertFace(
  deps: PhotosOfYouDeps,
  event: EventRow,
  descriptor: ArrayLike<number>,
  photoId: number,
  faces: FaceMatrix,
): Promise<boolean> {
  if (faces.nearRows(descriptor, event.face_threshold).length === 0) return false;
  const { matches } = await photosOfFace(deps, event, descriptor, EVERY_MATCH);
  return matches.some((m) => m.photoId === photoId && m.tier !== 'maybe');
}

/** Which alerts the photo matches; their matches are stored and their notifications queued. Answers the alert ids. */
export async function matchAlerts(deps: PhotosOfYouDeps, now: Date, photo: IndexedPhoto): Promise<number[]> {
  const { db } = deps;
  const alerts = await alertsForPhoto(db, photo.eventId, photo.id);
  if (alerts.length === 0) return [];
  const event = await findById(db, photo.eventId);
  if (!event) return [];
  const reads = photo.bibs ?? [];
  const bibs =
    reads.length > 0 && alerts.some((a) => a.bib !== null) ? await eventBibs(db, event, reads) : new Set();
  const faces = new FaceMatrix(Math.max(1, photo.faces.length));
  for (const face of photo.faces) faces.add(photo.id, face);
  const matched: number[] = [];
  for (const alert of alerts) {
    if (
      (alert.bib !== null && bibs.has(alert.bib)) ||
      (alert.descriptor !== null &&
        faces.size > 0 &&
        (await showsAlertFace(deps, event, descriptorFromBytes(alert.descriptor), photo.id, faces)))
    )
      matched.push(alert.id);
  }
  const fresh = await addMatches(db, matched, photo.id);
  for (const alertId of fresh) await queueAlert(db, now, alertId);
  return matched;
}

/** Queues the alert's notification unless one waits; due a minute from now, or ten after its last. */
export async function queueAlert(db: Db, now: Date, alertId: number): Promise<void> {
  const waiting = await jobsWithPayload(db, 'send-alert', { alert_id: alertId });
  if (waiting.some((job) => job.state === 'queued' || job.state === 'running')) return;
  const alert = await alertById(db, alertId);
  if (!alert) return;
  await enqueue(db, 'send-alert', { alert_id: alertId }, nextTellAt(now, alert.last_sent_at));
}

/** When the runner may be told next: a minute after now, and not sooner than ten minutes after the last time. */
export function nextTellAt(now: Date, lastSentAt: Date | string | null): Date {
  const gathered = now.getTime() + ALERT_GATHER_SECONDS * 1000;
  const last = lastSentAt === null ? 0 : new Date(lastSentAt).getTime() + ALERT_EVERY_MINUTES * 60_000;
  return new Date(Math.max(gathered, last));
}
