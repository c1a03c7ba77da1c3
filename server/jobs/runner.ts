// Runs the store's background jobs other than face indexing (faces/wiring.ts runs those): delivering paid orders
// (originals, logo versions), the outbox of notices, refunds, runners' alerts, photographers' uploads, the daily
// retentions (events' photos, orders' contacts), and remaking older public images, each in its lane (JOB_LANES).
// Each kind has its own retry policy.
// A job whose worker died (killed, crashed, cut off) is queued again once its lease runs out (queue.ts JOB_LEASE_MS):
// every process that runs jobs sweeps every kind, the face indexing's too.

import type { Db } from '../db/database';
import { jobsWithPayload } from '../db/jobs-repo';
import { log } from '../ops/log';
import type { PushSender } from '../services/alerts/push-sender';
import { sendAlert, sendAlertConfirmation } from '../services/alerts/send-alert';
import { importUpload } from '../services/live-uploads';
import type { Notifier } from '../services/notify/outbox';
import { notifyOrder, sendNotice } from '../services/notify/outbox';
import type { PaymentGateway } from '../services/payments/gateway';
import { refundDuplicateCharge } from '../services/payments/refund';
import type { ObjectStore } from '../storage/object-store';
import { CONTACT_RETENTION_JOB, eraseExpiredContacts } from './contact-retention';
import { prepareLogos, prepareOriginals } from './order-delivery';
import {
  enqueue,
  JOB_LEASE_MS,
  type JobHandler,
  type JobPayloads,
  type RetryPolicy,
  requeueExpiredLeases,
  runJobs,
} from './queue';
import { deleteOldPhotoObjects, remakeBlurred } from './remake-blurred';
import { queuePreviewRemakes, remakePreviews } from './remake-previews';
import { purgeExpiredEvents, retentionDay } from './retention';

export interface JobRunnerDeps {
  db: Db;
  store: ObjectStore;
  now: () => Date;
  notifier: Notifier;
  /** Told of each event retention purged (the face engine drops its matrix). */
  onEventPurged?: (eventId: number) => void;
  /** Sends runners' push messages (issue 37); absent: push alerts wait for a process that has it. */
  push?: PushSender | undefined;
  /** The payment gateway (duplicate card charges are refunded through it). */
  payments?: Pick<PaymentGateway, 'name' | 'cards'> | undefined;
  /** Days an order's phone and e-mail are kept (ORDER_CONTACT_DAYS); absent, the default. */
  orderContactDays?: number | undefined;
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
  [CONTACT_RETENTION_JOB]: { maxAttempts: 3, delayMs: backoff(10 * MINUTE, 60 * MINUTE) },
  'remake-previews': { maxAttempts: 5, delayMs: backoff(MINUTE, 30 * MINUTE) },
  // A runner's face blurred in (or brought back to) a photo's public images; the old name's objects deleted.
  'remake-blurred': { maxAttempts: 6, delayMs: backoff(MINUTE, 30 * MINUTE) },
  'delete-photo-objects': { maxAttempts: 6, delayMs: backoff(MINUTE, 30 * MINUTE) },
  // About a day of tries, like a notice: money owed back to a buyer.
  'refund-duplicate': { maxAttempts: 12, delayMs: backoff(MINUTE, 120 * MINUTE) },
  // A photographer's upload (issue 37): soon again after a failed write, for about an hour.
  'import-upload': { maxAttempts: 6, delayMs: backoff(15_000, 10 * MINUTE) },
  // A runner's notification of new photos (issue 37): soon again, for about two hours (a push service or a mail
  // server down a while); the next match queues it anew anyway.
  'send-alert': { maxAttempts: 8, delayMs: backoff(30_000, 30 * MINUTE) },
  'send-alert-confirmation': { maxAttempts: 6, delayMs: backoff(30_000, 30 * MINUTE) },
};

export const RUNNER_KINDS = Object.keys(JOB_POLICIES);

/**
 * The runner's lanes: each has loops of its own, so a kind never waits behind another lane's queue. A buyer's money
 * and photos (delivery after PAID, its notices, refunds) first of all: a thousand runners' confirmation e-mails, a
 * photographer's upload or a retention purge never delay them. Runners' alerts apart from the store's upkeep, so
 * race-day uploads are not held up by a burst of mail either. (Face indexing and bib reading run in the face
 * engine's loops, backups in their own.)
 */
export const JOB_LANES: Readonly<Record<string, readonly string[]>> = {
  delivery: ['prepare-originals', 'prepare-logos', 'notify-order', 'send-notice', 'refund-duplicate'],
  alerts: ['send-alert', 'send-alert-confirmation'],
  upkeep: [
    'import-upload',
    'remake-blurred',
    'delete-photo-objects',
    'remake-previews',
    'retention',
    CONTACT_RETENTION_JOB,
  ],
};

export function jobHandlers(deps: JobRunnerDeps): Record<string, JobHandler> {
  const orderOf = (payload: unknown) => String((payload as { order_id?: unknown }).order_id ?? '');
  const sendPolicy = JOB_POLICIES['send-notice'] as RetryPolicy;
  const alertDeps = {
    db: deps.db,
    now: deps.now,
    push: deps.push,
    email: deps.notifier.email,
    baseUrl: deps.notifier.baseUrl,
  };
  return {
    'prepare-originals': (payload) => prepareOriginals(deps, orderOf(payload)),
    'prepare-logos': (payload) => prepareLogos(deps, orderOf(payload)),
    'notify-order': (payload, job) => notifyOrder(deps, orderOf(payload), job),
    'send-notice': (payload, job) =>
      sendNotice(deps, Number((payload as { notice_id?: unknown }).notice_id), job, sendPolicy.maxAttempts),
    retention: () => purgeExpiredEvents(deps),
    [CONTACT_RETENTION_JOB]: () => eraseExpiredContacts(deps),
    'remake-previews': (payload) =>
      remakePreviews(deps, Number((payload as { event_id?: unknown }).event_id)),
    'import-upload': (payload) => importUpload(deps, payload as JobPayloads['import-upload']),
    'remake-blurred': (payload) =>
      remakeBlurred(deps, Number((payload as JobPayloads['remake-blurred']).photo_id)),
    'delete-photo-objects': (payload) => deleteOldPhotoObjects(deps, payload),
    'send-alert': (payload) => sendAlert(alertDeps, (payload as JobPayloads['send-alert']).alert_id),
    'send-alert-confirmation': (payload) =>
      sendAlertConfirmation(alertDeps, payload as JobPayloads['send-alert-confirmation']),
    'refund-duplicate': (payload) =>
      refundDuplicateCharge(deps, Number((payload as { payment_id?: unknown }).payment_id)),
  };
}

/** Queues today's job of a daily kind unless one is already there. */
async function queueDailyIfDue(db: Db, kind: 'retention' | typeof CONTACT_RETENTION_JOB, now: Date) {
  const day = retentionDay(now);
  if ((await jobsWithPayload(db, kind, { day })).length > 0) return false;
  await enqueue(db, kind, { day });
  return true;
}

/** Queues today's retention job unless one is already there. */
export const queueRetentionIfDue = (db: Db, now: Date): Promise<boolean> =>
  queueDailyIfDue(db, 'retention', now);

/** Queues today's retention of orders' contacts unless it is already there. */
export const queueContactRetentionIfDue = (db: Db, now: Date): Promise<boolean> =>
  queueDailyIfDue(db, CONTACT_RETENTION_JOB, now);

/** Queues both daily retentions that are due. */
const queueRetentionsIfDue = async (db: Db, now: Date) => {
  await queueRetentionIfDue(db, now);
  await queueContactRetentionIfDue(db, now);
};

export interface JobRunnerOptions {
  /** Concurrent job loops of each lane (default 1). */
  loops?: number;
  pollMs?: number;
  /** How often a process checks that today's retention jobs exist (default hourly). */
  retentionCheckMs?: number;
  /** A claimed job's lease (default JOB_LEASE_MS); expired leases are swept every quarter of it. */
  leaseMs?: number;
}

export function startJobRunner(
  deps: JobRunnerDeps,
  options: JobRunnerOptions = {},
): { stop(): Promise<void> } {
  const stop = new AbortController();
  const handlers = jobHandlers(deps);
  const failed = (what: string) => (error: unknown) => log.error(`jobs: ${what} failed`, { err: error });
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  const sweep = async () => {
    const n = await requeueExpiredLeases(deps.db, deps.now(), leaseMs);
    if (n > 0) log.warn(`jobs: queued again ${n} jobs whose worker stopped (lease ran out)`, { jobs: n });
  };
  const first = Promise.all([
    sweep(),
    queueRetentionsIfDue(deps.db, deps.now()),
    queuePreviewRemakes(deps.db),
  ]).catch(failed('start'));
  const timers = [
    setInterval(() => void sweep().catch(failed('lease sweep')), leaseMs / 4),
    setInterval(
      () => void queueRetentionsIfDue(deps.db, deps.now()).catch(failed('retention check')),
      options.retentionCheckMs ?? 60 * MINUTE,
    ),
  ];
  for (const t of timers) t.unref();
  const perLane = Math.max(1, options.loops ?? 1);
  const loops = Object.values(JOB_LANES).flatMap((kinds) =>
    Array.from({ length: perLane }, () =>
      first
        .then(() =>
          runJobs(deps, handlers, {
            kinds,
            until: stop.signal,
            policies: JOB_POLICIES,
            pollMs: options.pollMs ?? 1000,
            leaseMs,
          }),
        )
        .catch(failed('job loop')),
    ),
  );
  return {
    async stop() {
      for (const t of timers) clearInterval(t);
      stop.abort();
      await Promise.all(loops);
    },
  };
}
