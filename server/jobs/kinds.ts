// Every kind of background job, defined once: the shape of its payload (checked when the job is queued and again
// when it is claimed), how it is retried, and the lane whose loops run it. A lane's loops never wait behind
// another lane's queue: a buyer's money and photos (delivery) before everything, runners' alerts apart from the
// store's upkeep, face indexing and bib reading in the face engine's loops, backups in their own.
//
// The handlers live with the parts of a process that run each lane (jobs/runner.ts: delivery, alerts and upkeep;
// faces/wiring.ts: faces; ops/backup-service.ts: backups), typed by this table: a handler receives its kind's
// payload, and a lane's handlers must cover every kind of the lane. They are not defined here because they need
// what only a running process has (the face workers, the payment gateway, the mailer): defining them here would
// make every module that queues a job load all of that.
import * as v from 'valibot';
import type { JobRow } from '../db/jobs-repo';

export type JobLane = 'delivery' | 'alerts' | 'upkeep' | 'faces' | 'backups';

/** How a kind of job is retried: attempts in all, and the wait before attempt n+1 (n = attempts so far). */
export interface RetryPolicy {
  maxAttempts: number;
  delayMs(attempts: number): number;
}

const MINUTE = 60_000;

/** Doubling from `first`, at most `max`. */
const backoff =
  (first: number, max: number) =>
  (attempts: number): number =>
    Math.min(max, first * 2 ** Math.max(0, attempts - 1));

/** n × `step` before attempt n+1. */
const linear =
  (step: number) =>
  (attempts: number): number =>
    attempts * step;

const id = v.pipe(v.number(), v.safeInteger());

function defineJob<L extends JobLane, S extends v.GenericSchema>(definition: {
  lane: L;
  payload: S;
  retry: RetryPolicy;
}) {
  return definition;
}

export const JOBS = {
  // Faces: a photo's faces found, described, grouped and matched to alerts; its bibs read.
  'index-photo': defineJob({
    lane: 'faces',
    payload: v.object({ photo_id: id }),
    retry: { maxAttempts: 3, delayMs: linear(30_000) },
  }),
  /** An event's faces stored before people were grouped are grouped. */
  'group-faces': defineJob({
    lane: 'faces',
    payload: v.object({ event_id: id }),
    retry: { maxAttempts: 3, delayMs: linear(30_000) },
  }),
  /** The bibs of an event's photos indexed before bibs were read, from the photo after `after_id`. */
  'read-bibs': defineJob({
    lane: 'faces',
    payload: v.object({ event_id: id, after_id: v.optional(id) }),
    retry: { maxAttempts: 3, delayMs: linear(30_000) },
  }),

  // Delivery: a paid order's photos and notices, and money owed back.
  /** A paid order's originals are checked in the store (is_original_image_created). */
  'prepare-originals': defineJob({
    lane: 'delivery',
    payload: v.object({ order_id: v.string() }),
    retry: { maxAttempts: 6, delayMs: backoff(15_000, 30 * MINUTE) },
  }),
  /** A paid order's full-size logo-stamped versions are made (is_logo_image_created). */
  'prepare-logos': defineJob({
    lane: 'delivery',
    payload: v.object({ order_id: v.string() }),
    retry: { maxAttempts: 6, delayMs: backoff(15_000, 30 * MINUTE) },
  }),
  /** The download link of a paid (or free) order is written to the outbox, one notice per channel. */
  'notify-order': defineJob({
    lane: 'delivery',
    payload: v.object({ order_id: v.string(), reason: v.picklist(['paid', 'resend']) }),
    retry: { maxAttempts: 6, delayMs: backoff(30_000, 30 * MINUTE) },
  }),
  /** One notice of the outbox is sent: about a day of tries, 1, 2, 4 … 120 minutes apart. */
  'send-notice': defineJob({
    lane: 'delivery',
    payload: v.object({ notice_id: id }),
    retry: { maxAttempts: 12, delayMs: backoff(MINUTE, 120 * MINUTE) },
  }),
  /** A second charge of one order by card is refunded: money owed back to a buyer, tried for about a day. */
  'refund-duplicate': defineJob({
    lane: 'delivery',
    payload: v.object({ payment_id: id }),
    retry: { maxAttempts: 12, delayMs: backoff(MINUTE, 120 * MINUTE) },
  }),

  // Alerts: runners told of new photos of them.
  /**
   * A runner is told of the new photos of them: soon again, for about two hours (a push service or a mail server
   * down a while); the next match queues it anew anyway.
   */
  'send-alert': defineJob({
    lane: 'alerts',
    payload: v.object({ alert_id: id }),
    retry: { maxAttempts: 8, delayMs: backoff(30_000, 30 * MINUTE) },
  }),
  /** The e-mail that confirms a runner's address for their alert (its secret is only in this payload and the mail). */
  'send-alert-confirmation': defineJob({
    lane: 'alerts',
    payload: v.object({ alert_id: id, secret: v.string() }),
    retry: { maxAttempts: 6, delayMs: backoff(30_000, 30 * MINUTE) },
  }),

  // Upkeep: photographers' uploads, public images made again, the daily retentions.
  /** A photographer's uploaded file imported through the one import path: soon again, for about an hour. */
  'import-upload': defineJob({
    lane: 'upkeep',
    payload: v.object({
      event_id: id,
      key: v.string(),
      sha256: v.string(),
      file_name: v.string(),
      photographer_id: id,
    }),
    retry: { maxAttempts: 6, delayMs: backoff(15_000, 10 * MINUTE) },
  }),
  /** A photo's public images made again under a new name, with the faces of active removals blurred (or none). */
  'remake-blurred': defineJob({
    lane: 'upkeep',
    payload: v.object({ photo_id: id }),
    retry: { maxAttempts: 6, delayMs: backoff(MINUTE, 30 * MINUTE) },
  }),
  /** A photo's objects under a name it no longer has (or never took: a remake that stopped) are deleted. */
  'delete-photo-objects': defineJob({
    lane: 'upkeep',
    payload: v.object({ photo_id: id, file_name: v.string() }),
    retry: { maxAttempts: 6, delayMs: backoff(MINUTE, 30 * MINUTE) },
  }),
  /** An event's public images made in an older way are made again, marked all over. */
  'remake-previews': defineJob({
    lane: 'upkeep',
    payload: v.object({ event_id: id }),
    retry: { maxAttempts: 5, delayMs: backoff(MINUTE, 30 * MINUTE) },
  }),
  /** Photos of events past their retention period are removed (one job a day). */
  retention: defineJob({
    lane: 'upkeep',
    payload: v.object({ day: v.string() }),
    retry: { maxAttempts: 3, delayMs: backoff(10 * MINUTE, 60 * MINUTE) },
  }),
  /** Orders' phones and e-mails older than ORDER_CONTACT_DAYS are erased (one job a day). */
  'contact-retention': defineJob({
    lane: 'upkeep',
    payload: v.object({ day: v.string() }),
    retry: { maxAttempts: 3, delayMs: backoff(10 * MINUTE, 60 * MINUTE) },
  }),

  // Backups.
  /**
   * A backup of the embedded store into this file, made by the store that holds its database. Asked by a person
   * waiting for it: never tried again behind their back.
   */
  backup: defineJob({
    lane: 'backups',
    payload: v.object({ file: v.string(), actor: v.optional(v.string()) }),
    retry: { maxAttempts: 1, delayMs: () => 0 },
  }),
};

export type JobKind = keyof typeof JOBS;
export type JobPayload<K extends JobKind> = v.InferOutput<(typeof JOBS)[K]['payload']>;

/** The kinds of a lane, as a type. */
export type KindOfLane<L extends JobLane> = {
  [K in JobKind]: (typeof JOBS)[K]['lane'] extends L ? K : never;
}[JobKind];

/** The kinds of a lane. */
export const kindsOfLane = <L extends JobLane>(lane: L): KindOfLane<L>[] =>
  (Object.keys(JOBS) as JobKind[]).filter((kind): kind is KindOfLane<L> => JOBS[kind].lane === lane);

export const isJobKind = (kind: string): kind is JobKind => Object.hasOwn(JOBS, kind);

/** Does one job of kind K and returns what it did (stored as the job's result). Throwing fails the attempt. */
export type JobHandler<K extends JobKind> = (payload: JobPayload<K>, job: JobRow) => Promise<unknown>;

/** The handlers of some kinds: what one loop runs. */
export type JobHandlers = { [K in JobKind]?: JobHandler<K> };

/** A handler for every kind of a lane. */
export type LaneHandlers<L extends JobLane> = { [K in KindOfLane<L>]: JobHandler<K> };

/** A payload that is not its kind's shape: a bug where it was queued, or a row written by hand. */
export class JobPayloadError extends Error {
  constructor(kind: string, issues: readonly v.BaseIssue<unknown>[]) {
    const where = issues.map((issue) => `${v.getDotPath(issue) ?? 'payload'}: ${issue.message}`).join('; ');
    super(`a ${kind} job's payload is not valid (${where})`);
    this.name = 'JobPayloadError';
  }
}

/** The payload checked against its kind's shape (unknown fields dropped); throws JobPayloadError. */
export function checkedPayload<K extends JobKind>(kind: K, payload: unknown): JobPayload<K> {
  const checked = v.safeParse(JOBS[kind].payload, payload);
  if (!checked.success) throw new JobPayloadError(kind, checked.issues);
  return checked.output as JobPayload<K>;
}
