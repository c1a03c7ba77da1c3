// `npm run worker`: a process that runs the background jobs (face indexing, order delivery, notices, retention) and
// nothing else, beside `npm start` on the same database: PostgreSQL, or the embedded one through the running
// store's socket. Any number may run; the queue hands each job to one of them (jobs/queue.ts: claims and leases).
import './ops/private-umask';
import { loadConfig } from './config';
import { DatabaseUnreachable, openClientDatabase } from './db/open-for-role';
import { openFaceService } from './faces/wiring';
import { startJobRunner } from './jobs/runner';
import { configureLog, log } from './ops/log';
import { startMetrics } from './ops/metrics';
import { serveMetricsPort } from './ops/metrics-server';
import { stopOnSignals } from './ops/shutdown';
import { notifierFor } from './server';
import { pushKeysOnce } from './services/alerts/push-keys';
import { webPushSender } from './services/alerts/push-sender';
import { openPaymentGateway } from './services/payments/open-gateway';
import { loadSigningSecret, openObjectStore } from './storage/open-store';

const config = loadConfig();
configureLog(config.log, { role: 'worker' });
const database = await openClientDatabase(config, 'worker').catch((error: unknown) => {
  if (!(error instanceof DatabaseUnreachable)) throw error;
  log.error(`worker: ${error.message}`);
  process.exit(1);
});
const { db } = database;
startMetrics('worker', db);
const store = await openObjectStore(config);
// No selfie workers: a worker process answers no search.
const faces = openFaceService({ db, store }, { photos: config.faceWorkers, selfies: 0 }, config.jobLeaseMs);
const notifier = notifierFor(config);
// Duplicate card charges are refunded through the store's gateway from here too.
const payments = openPaymentGateway(config, db, await loadSigningSecret(config));
faces.startIndexing();
const jobs = startJobRunner(
  {
    db,
    store,
    now: () => new Date(),
    notifier,
    // Runners' notifications of new photos are sent from here too, signed with the store's keys.
    push: webPushSender(pushKeysOnce(db, config.push), config.pushServices),
    payments,
    onEventPurged: (eventId) => faces.engine.forget(eventId),
    orderContactDays: config.orderContactDays,
  },
  { leaseMs: config.jobLeaseMs },
);
log.info(
  `worker ${process.pid}: running jobs on ${database.via} (${config.faceWorkers} face indexing threads)`,
);
// A worker's metrics (its indexing, notices, payments) on a port of its own; METRICS_TOKEN has no port to serve on.
const metricsServer =
  config.metricsPort !== undefined
    ? await serveMetricsPort({ metricsPort: config.metricsPort, metricsHost: config.metricsHost })
    : undefined;

stopOnSignals(
  {
    servers: metricsServer ? [metricsServer] : [],
    jobs: [() => jobs.stop(), () => faces.stopIndexing()],
    db,
    async close(abandon) {
      await faces.close(abandon);
      notifier.email?.close();
      await database.close();
    },
  },
  config.shutdownSeconds,
  'worker',
);
