// The job queue over the jobs table (server/db/jobs-repo.ts): enqueue, claim, complete, fail, and the one loop that
// runs handlers until the queue is drained or a signal stops it. What each kind's payload is and how it is retried
// is in kinds.ts. A handler returns what it did; that is stored.

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
import {
  checkedPayload,
  isJobKind,
  JOBS,
  type JobHandler,
  type JobHandlers,
  type JobKind,
  type JobPayload,
  JobPayloadError,
} from './kinds';

export type { JobRow } from '../db/jobs-repo';

/**
 * Queues a job, its payload checked against its kind's (kinds.ts; a wrong one throws JobPayloadError and queues
 * nothing); pass a transaction as `db` to queue it together with the rows it is about.
 */
export async function enqueue<K extends JobKind>(
  db: Db,
  kind: K,
  payload: JobPayload<K>,
  runAfter?: Date,
): Promise<number> {
  return insertJob(db, kind, checkedPayload(kind, payload), runAfter);
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

export interface RunJobsOptions {
  /** 'drained': return when no job is ready. A signal: keep polling until it aborts. */
  until: 'drained' | AbortSignal;
  /** Wait between polls of an empty queue when running until a signal (default 1 s). */
  pollMs?: number;
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

/**
 * Claims and runs jobs of the handlers' kinds one at a time, each retried by its kind's policy (kinds.ts). A job
 * whose payload is not its kind's shape fails at once, never retried. Start one loop per worker; claims never hand
 * a job to two loops.
 */
export async function runJobs(
  ctx: { db: Db; now?: () => Date },
  handlers: JobHandlers,
  options: RunJobsOptions,
): Promise<RunJobsResult> {
  const now = ctx.now ?? (() => new Date());
  const kinds = (Object.keys(handlers) as JobKind[]).filter((kind) => handlers[kind] !== undefined);
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  const { until } = options;
  const counts: RunJobsResult = { done: 0, retried: 0, failed: 0 };
  while (until === 'drained' || !until.aborted) {
    const job = await claim(ctx.db, kinds, now());
    if (!job) {
      if (until === 'drained') break;
      await sleep(options.pollMs ?? 1000, until);
      continue;
    }
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
      const result = await runOne(job, handlers);
      clearInterval(renewal);
      if (!runningHere.delete(job)) continue;
      if (await complete(ctx.db, job, result)) counts.done += 1;
    } catch (error) {
      clearInterval(renewal);
      // Given back while it ran (the process is stopping): another process does it.
      if (!runningHere.delete(job)) continue;
      // A payload that is not its kind's will not become one: failed at once.
      const policy =
        isJobKind(job.kind) && !(error instanceof JobPayloadError) ? JOBS[job.kind].retry : undefined;
      if (policy && job.attempts < policy.maxAttempts) {
        await fail(ctx.db, job, errorText(error), new Date(now().getTime() + policy.delayMs(job.attempts)));
        counts.retried += 1;
      } else {
        await fail(ctx.db, job, errorText(error));
        counts.failed += 1;
      }
    }
  }
  return counts;
}

/** Runs a claimed job's handler on its checked payload. */
function runOne(job: JobRow, handlers: JobHandlers): Promise<unknown> {
  const kind = job.kind;
  if (!isJobKind(kind)) throw new Error(`no handler for job kind ${kind}`);
  const handler = handlers[kind] as JobHandler<typeof kind> | undefined;
  if (!handler) throw new Error(`no handler for job kind ${kind}`);
  return handler(checkedPayload(kind, job.payload), job);
}
