// At indexing (issue 37): a photo's new faces are compared with the event's alerts' faces, and its bibs read with
// their bibs. A photo that shows an alert's runner is a match; each alert with a new match gets one send-alert job
// (unless one is waiting), due when the runner may be told again: at most one notification every
// ALERT_EVERY_MINUTES, and a minute after the first match, so that a burst of uploads is told in one.
import { ALERT_EVERY_MINUTES } from '../../../core/contract/alerts';
import type { Db } from '../../db/database';
import { jobsWithPayload } from '../../db/jobs-repo';
import { addMatches, alertById, alertsForPhoto } from '../../db/photo-alerts-repo';
import { descriptorFromBytes } from '../../faces/matrix';
import { enqueue } from '../../jobs/queue';

/** Photos matched within this long after the first are told together. */
export const ALERT_GATHER_SECONDS = 60;

const distance = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    sum += d * d;
  }
  return Math.sqrt(sum);
};

export interface IndexedPhoto {
  id: number;
  eventId: number;
  /** The event's face_threshold: the same face as the search's "photos of you". */
  threshold: number;
  faces: readonly ArrayLike<number>[];
  /** The bibs read in it (undefined: not read). */
  bibs?: readonly string[] | undefined;
}

/** Which alerts the photo matches; their matches are stored and their notifications queued. Answers the alert ids. */
export async function matchAlerts(db: Db, now: Date, photo: IndexedPhoto): Promise<number[]> {
  const alerts = await alertsForPhoto(db, photo.eventId, photo.id);
  if (alerts.length === 0) return [];
  const bibs = new Set(photo.bibs ?? []);
  const matched = alerts
    .filter((alert) => {
      if (alert.bib !== null && bibs.has(alert.bib)) return true;
      if (alert.descriptor === null) return false;
      const descriptor = descriptorFromBytes(alert.descriptor);
      return photo.faces.some((face) => distance(face, descriptor) <= photo.threshold);
    })
    .map((alert) => alert.id);
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
