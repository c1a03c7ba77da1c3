// The job queue over the jobs table (server/db/jobs-repo.ts): enqueue, claim, complete, fail, and a small loop that
// runs handlers until the queue is drained or a signal stops it. A handler returns what it did; that is stored.

import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import {
  claimJob,
  completeJob,
  failJob,
  handBackJob,
  insertJob,
  type JobRow,
  renewLease,
  requeueStaleJobs,
} from '../db/jobs-repo';
import { log } from '../ops/log';
import { pause as sleep } from '../services/pause';

export type { JobRow } from '../db/jobs-repo';

/** Job kinds and their payloads. The index-photo handler belongs to the face engine. */
export interface JobPayloads {
  'index-photo': { photo_id: number };
  /** An event's faces stored before people were grouped (issue 32) are grouped. */
  'group-faces': { event_id: number };
  /** A photographer's uploaded file (issue 37) imported through the one import path. */
  'import-upload': {
    event_id: number;
    key: string;
    sha256: string;
    file_name: string;
    photographer_id: number;
  };
  /** The bibs of an event's photos indexed before bibs were read (issue 36), from the photo after `after_id`. */
  'read-bibs': { event_id: number; after_id?: number };
  /** A paid order's originals are checked in the store (is_original_image_created). */
  'prepare-originals': { order_id: string };
  /** A paid order's full-size logo-stamped versions are made (is_logo_image_created). */
  'prepare-logos': { order_id: string };
  /** The download link of a paid (or FREE) order is written to the outbox, one notice per channel. */
  'notify-order': { order_id: string; reason: 'paid' | 'resend' };
  /** One notice of the outbox is sent. */
  'send-notice': { notice_id: number };
  /** A runner is told of the new photos of them (issue 37). */
  'send-alert': { alert_id: number };
  /** The e-mail that confirms a runner's address for their alert (its secret is only in this payload and the mail). */
  'send-alert-confirmation': { alert_id: number; secret: string };
  /** A backup of the embedded store into this file, made by the store that holds its database (issue 38). */
  backup: { file: string; actor?: string };
  /** Photos of events past their retention period are removed. */
  retention: { day: string };
  /** Orders' phones and e-mails older than ORDER_CONTACT_DAYS are erased (one a day). */
  'contact-retention': { day: string };
  /** An event's public images made in an older way are made again, marked all over. */
  'remake-previews': { event_id: number };
  /** A photo's public images made again under a new name, with the faces of active removals blurred (or none). */
  'remake-blurred': { photo_id: number };
  /** A photo's objects under a name it no longer has (or never took: a remake that stopped) are deleted. */
  'delete-photo-objects': { photo_id: number; file_name: string };
}
export type JobKind = keyof JobPayloads;

/** Queues a job; pass a transaction as `db` to queue it together with the rows it is about. */
export function enqueue<K extends JobKind>(
  db: Db,
  kind: K,
  payload: JobPayloads[K],
  runAfter?: Date,
): Promise<number>;
export function enqueue(db: Db, kind: string, payload: unknown, runAfter?: Date): Promise<number>;
export function enqueue(db: Db, kind: string, payload: unknown, runAfter?: Date): Promise<number> {
  return insertJob(db, kind, payload, runAfter);
}

/**
 * A job's lease: the claim renews it every quarter of this while the handler runs; a running job whose lease ran
 * out lost its worker (killed, crashed, cut off) and is queued again by the sweep.
 */
export const JOB_LEASE_MS = 60_000;

/** A new claim's token: the process (for the operator: who did it) and a random part (claims never share one). */
export const claimToken = () => `${process.pid}:${randomUUID().slice(0, 8)}`;

export const claim = (
  db: Db,
  kinds: readonly string[],
  now: Date,
  token: string = claimToken(),
): Promise<JobRow | undefined> => claimJob(db, kinds, now, token);
export const complete = (db: Db, job: Pick<JobRow, 'id' | 'locked_by'>, result: unknown): Promise<boolean> =>
  completeJob(db, job.id, result, job.locked_by);
export const fail = (
  db: Db,
  job: Pick<JobRow, 'id' | 'locked_by'>,
  error: string,
  retryAt?: Date,
): Promise<boolean> => failJob(db, job.id, job.locked_by, error, retryAt);

/** Queues again the running jobs whose lease ran out (see JOB_LEASE_MS); answers how many. */
export function requeueExpiredLeases(
  db: Db,
  now: Date,
  leaseMs: number = JOB_LEASE_MS,
  kinds?: readonly string[],
): Promise<number> {
  return requeueStaleJobs(db, new Date(now.getTime() - leaseMs), 3, kinds);
}

/** Does one job and returns what it did (stored as the job's result). Throwing fails the attempt. */
export type JobHandler = (payload: unknown, job: JobRow) => Promise<unknown>;

/** How a kind of job is retried: attempts in all, and the wait before attempt n+1 (n = attempts so far). */
export interface RetryPolicy {
  maxAttempts: number;
  delayMs(attempts: number): number;
}

export interface RunJobsOptions {
  /** Kinds to take; default every kind with a handler. */
  kinds?: readonly string[];
  /** 'drained': return when no job is ready. A signal: keep polling until it aborts. */
  until: 'drained' | AbortSignal;
  /** Attempts before a job fails for good (default 3). */
  maxAttempts?: number;
  /** Wait before attempt n+1 is n × this (default 30 s). */
  retryDelayMs?: number;
  /** Wait between polls of an empty queue when running until a signal (default 1 s). */
  pollMs?: number;
  /** Per kind, instead of maxAttempts / retryDelayMs. */
  policies?: Readonly<Record<string, RetryPolicy>>;
  /** The lease of a claimed job (default JOB_LEASE_MS), renewed every quarter of it while the handler runs. */
  leaseMs?: number;
}

export interface RunJobsResult {
  done: number;
  retried: number;
  failed: number;
}

/** The jobs this process's loops are running now (a stopping process gives back those it cannot finish). */
const runningHere = new Set<JobRow>();

/**
 * Gives every job this process is still running back to the queue (the process stops before they end): the next
 * process takes them at once instead of after their lease. Returns how many.
 */
export async function handBackRunningJobs(db: Db): Promise<number> {
  let given = 0;
  for (const job of [...runningHere]) {
    runningHere.delete(job);
    if (await handBackJob(db, job.id, job.locked_by ?? '')) given += 1;
  }
  return given;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)) || 'failed';

/** Claims and runs jobs one at a time. Start one loop per worker; claims never hand a job to two loops. */
export async function runJobs(
  ctx: { db: Db; now?: () => Date },
  handlers: Readonly<Record<string, JobHandler>>,
  options: RunJobsOptions,
): Promise<RunJobsResult> {
  const now = ctx.now ?? (() => new Date());
  const kinds = options.kinds ?? Object.keys(handlers);
  const maxAttempts = options.maxAttempts ?? 3;
  const retryDelayMs = options.retryDelayMs ?? 30_000;
  const { until } = options;
  const counts: RunJobsResult = { done: 0, retried: 0, failed: 0 };
  while (until === 'drained' || !until.aborted) {
    const job = await claim(ctx.db, kinds, now());
    if (!job) {
      if (until === 'drained') break;
      await sleep(options.pollMs ?? 1000, until);
      continue;
    }
    const handler = handlers[job.kind];
    const policy = options.policies?.[job.kind];
    const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
    runningHere.add(job);
    const renewal = setInterval(() => {
      renewLease(ctx.db, job.id, job.locked_by ?? '', now())
        .then((held) => {
          if (!held)
            log.warn('jobs: a job was taken over after its lease ran out', { job: job.id, kind: job.kind });
        })
        .catch((error) => log.error('jobs: renewing a lease failed', { job: job.id, err: error }));
    }, leaseMs / 4);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      const result = await handler(job.payload, job);
      clearInterval(renewal);
      if (!runningHere.delete(job)) continue;
      if (await complete(ctx.db, job, result)) counts.done += 1;
    } catch (error) {
      clearInterval(renewal);
      // Given back while it ran (the process is stopping): another process does it.
      if (!runningHere.delete(job)) continue;
      if (handler && job.attempts < (policy?.maxAttempts ?? maxAttempts)) {
        const wait = policy ? policy.delayMs(job.attempts) : job.attempts * retryDelayMs;
        await fail(ctx.db, job, errorText(error), new Date(now().getTime() + wait));
        counts.retried += 1;
      } else {
        await fail(ctx.db, job, errorText(error));
        counts.failed += 1;
      }
    }
  }
  return counts;
}
