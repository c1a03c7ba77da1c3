// Runs the store's background jobs other than face indexing (faces/wiring.ts runs those): delivering paid orders
// (originals, logo versions), the outbox of notices, and the daily retention. Each kind has its own retry policy.
// After a crash, the jobs the dead process held are queued again: at once on the embedded database (server.ts, at
// start: only this process can hold its jobs), after STALE_JOB_MINUTES on PostgreSQL (others may run theirs).
import type { Db } from '../db/database';
import { jobsWithPayload, requeueStaleJobs } from '../db/jobs-repo';
import type { Notifier } from '../services/notify/outbox';
import { notifyOrder, sendNotice } from '../services/notify/outbox';
import type { ObjectStore } from '../storage/object-store';
import { prepareLogos, prepareOriginals } from './order-delivery';
import { enqueue, type JobHandler, type RetryPolicy, runJobs } from './queue';
import { purgeExpiredEvents, retentionDay } from './retention';

export interface JobRunnerDeps {
  db: Db;
  store: ObjectStore;
  now: () => Date;
  notifier: Notifier;
  /** Told of each event retention purged (the face engine drops its matrix). */
  onEventPurged?: (eventId: number) => void;
}

/** Doubling from `first`, at most `max`. */
const backoff = (first: number, max: number) => (attempts: number) =>
  Math.min(max, first * 2 ** Math.max(0, attempts - 1));

const MINUTE = 60_000;
export const JOB_POLICIES: Record<string, RetryPolicy> = {
  'prepare-originals': { maxAttempts: 6, delayMs: backoff(15_000, 30 * MINUTE) },
  'prepare-logos': { maxAttempts: 6, delayMs: backoff(15_000, 30 * MINUTE) },
  'notify-order': { maxAttempts: 6, delayMs: backoff(30_000, 30 * MINUTE) },
  // About a day of tries: 1, 2, 4 ... 120 minutes apart.
  'send-notice': { maxAttempts: 12, delayMs: backoff(MINUTE, 120 * MINUTE) },
  retention: { maxAttempts: 3, delayMs: backoff(10 * MINUTE, 60 * MINUTE) },
};

export const RUNNER_KINDS = Object.keys(JOB_POLICIES);

export function jobHandlers(deps: JobRunnerDeps): Record<string, JobHandler> {
  const orderOf = (payload: unknown) => String((payload as { order_id?: unknown }).order_id ?? '');
  const sendPolicy = JOB_POLICIES['send-notice'] as RetryPolicy;
  return {
    'prepare-originals': (payload) => prepareOriginals(deps, orderOf(payload)),
    'prepare-logos': (payload) => prepareLogos(deps, orderOf(payload)),
    'notify-order': (payload, job) => notifyOrder(deps, orderOf(payload), job),
    'send-notice': (payload, job) =>
      sendNotice(deps, Number((payload as { notice_id?: unknown }).notice_id), job, sendPolicy.maxAttempts),
    retention: () => purgeExpiredEvents(deps),
  };
}

/** Queues today's retention job unless one is already there. */
export async function queueRetentionIfDue(db: Db, now: Date): Promise<boolean> {
  const day = retentionDay(now);
  if ((await jobsWithPayload(db, 'retention', { day })).length > 0) return false;
  await enqueue(db, 'retention', { day });
  return true;
}

export interface JobRunnerOptions {
  /** Concurrent job loops (default 1). */
  loops?: number;
  pollMs?: number;
  /** How often a process checks that today's retention job exists (default hourly). */
  retentionCheckMs?: number;
}

export const STALE_JOB_MINUTES = 10;

export function startJobRunner(
  deps: JobRunnerDeps,
  options: JobRunnerOptions = {},
): { stop(): Promise<void> } {
  const stop = new AbortController();
  const handlers = jobHandlers(deps);
  const log = (what: string) => (error: unknown) => console.error(`jobs: ${what} failed:`, error);
  const sweep = async () => {
    const before = new Date(deps.now().getTime() - STALE_JOB_MINUTES * MINUTE);
    const n = await requeueStaleJobs(deps.db, before, 3, RUNNER_KINDS);
    if (n > 0) console.warn(`jobs: queued again ${n} jobs left running by a stopped process`);
  };
  const first = queueRetentionIfDue(deps.db, deps.now()).catch(log('start'));
  const timers = [
    setInterval(() => void sweep().catch(log('stale sweep')), MINUTE),
    setInterval(
      () => void queueRetentionIfDue(deps.db, deps.now()).catch(log('retention check')),
      options.retentionCheckMs ?? 60 * MINUTE,
    ),
  ];
  for (const t of timers) t.unref();
  const loops = Array.from({ length: Math.max(1, options.loops ?? 1) }, () =>
    first
      .then(() =>
        runJobs(deps, handlers, {
          kinds: RUNNER_KINDS,
          until: stop.signal,
          policies: JOB_POLICIES,
          pollMs: options.pollMs ?? 1000,
        }),
      )
      .catch(log('job loop')),
  );
  return {
    async stop() {
      for (const t of timers) clearInterval(t);
      stop.abort();
      await Promise.all(loops);
    },
  };
}
