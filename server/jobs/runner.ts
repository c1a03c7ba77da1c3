// Runs the store's background jobs other than face indexing (faces/wiring.ts runs those): delivering paid orders
// (originals, logo versions), the outbox of notices, refunds, runners' alerts, photographers' uploads, the daily
// retentions (events' photos, orders' contacts), and remaking older public images: the delivery, alerts and upkeep
// lanes of kinds.ts, each with loops of its own, each kind retried by its own policy.
// A job whose worker died (killed, crashed, cut off) is queued again once its lease runs out (queue.ts JOB_LEASE_MS):
// every process that runs jobs sweeps every kind, the face indexing's too.

import type { Db } from '../db/database';
import { jobsWithPayload } from '../db/jobs-repo';
import { log } from '../ops/log';
import type { PushSender } from '../services/alerts/push-sender';
import { sendAlert, sendAlertConfirmation } from '../services/alerts/send-alert';
import { deletePhotoObjects } from '../services/blurred-images';
import { importUpload } from '../services/live-uploads';
import type { Notifier } from '../services/notify/outbox';
import { notifyOrder, sendNotice } from '../services/notify/outbox';
import type { PaymentGateway } from '../services/payments/gateway';
import { refundDuplicateCharge } from '../services/payments/refund';
import type { ObjectStore } from '../storage/object-store';
import { CONTACT_RETENTION_JOB, eraseExpiredContacts } from './contact-retention';
import { JOBS, type JobHandlers, kindsOfLane, type LaneHandlers } from './kinds';
import { prepareLogos, prepareOriginals } from './order-delivery';
import { enqueue, JOB_LEASE_MS, requeueExpiredLeases, runJobs } from './queue';
import { remakeBlurred } from './remake-blurred';
import { queuePreviewRemakes, remakePreviews } from './remake-previews';
import { purgeExpiredEvents, retentionDay } from './retention';

export interface JobRunnerDeps {
  db: Db;
  store: ObjectStore;
  now: () => Date;
  notifier: Notifier;
  /** Told of each event retention purged (the face engine drops its matrix). */
  onEventPurged?: (eventId: number) => void;
  /** Sends runners' push messages; absent: push alerts wait for a process that has it. */
  push?: PushSender | undefined;
  /** The payment gateway (duplicate card charges are refunded through it). */
  payments?: Pick<PaymentGateway, 'name' | 'cards'> | undefined;
  /** Days an order's phone and e-mail are kept (ORDER_CONTACT_DAYS); absent, the default. */
  orderContactDays?: number | undefined;
}

const HOUR_MS = 60 * 60_000;

/** The lanes this runner takes (kinds.ts); the face engine and the backup service run the others. */
export const RUNNER_LANES = ['delivery', 'alerts', 'upkeep'] as const;
type RunnerLane = (typeof RUNNER_LANES)[number];

/** A handler for every kind of the runner's lanes. */
export type RunnerHandlers = LaneHandlers<'delivery'> & LaneHandlers<'alerts'> & LaneHandlers<'upkeep'>;

export function jobHandlers(deps: JobRunnerDeps): RunnerHandlers {
  const alertDeps = {
    db: deps.db,
    now: deps.now,
    push: deps.push,
    email: deps.notifier.email,
    baseUrl: deps.notifier.baseUrl,
  };
  return {
    'prepare-originals': (payload) => prepareOriginals(deps, payload.order_id),
    'prepare-logos': (payload) => prepareLogos(deps, payload.order_id),
    'notify-order': (payload, job) => notifyOrder(deps, payload.order_id, job),
    'send-notice': (payload, job) =>
      sendNotice(deps, payload.notice_id, job, JOBS['send-notice'].retry.maxAttempts),
    'refund-duplicate': (payload) => refundDuplicateCharge(deps, payload.payment_id),
    'send-alert': (payload) => sendAlert(alertDeps, payload.alert_id),
    'send-alert-confirmation': (payload) => sendAlertConfirmation(alertDeps, payload),
    'import-upload': (payload) => importUpload(deps, payload),
    'remake-blurred': (payload) => remakeBlurred(deps, payload.photo_id),
    'delete-photo-objects': (payload) => deletePhotoObjects(deps, payload),
    'remake-previews': (payload) => remakePreviews(deps, payload.event_id),
    retention: () => purgeExpiredEvents(deps),
    [CONTACT_RETENTION_JOB]: () => eraseExpiredContacts(deps),
  };
}

/** The handlers of one lane's kinds. */
function handlersOfLane(all: RunnerHandlers, lane: RunnerLane): JobHandlers {
  const picked: Record<string, unknown> = {};
  for (const kind of kindsOfLane(lane)) picked[kind] = all[kind];
  return picked as JobHandlers;
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
      options.retentionCheckMs ?? HOUR_MS,
    ),
  ];
  for (const t of timers) t.unref();
  const perLane = Math.max(1, options.loops ?? 1);
  const loops = RUNNER_LANES.flatMap((lane) =>
    Array.from({ length: perLane }, () =>
      first
        .then(() =>
          runJobs(deps, handlersOfLane(handlers, lane), {
            until: stop.signal,
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
