// Builds the running store from a config: database (migrated), object store, demo data, the app.
import pg from 'pg';
import { createApp } from './app';
import { appSettingsFor } from './app-settings';
import type { Config } from './config';
import type { AppContext } from './context';
import { survivingIdleErrors } from './db/database';
import { type OpenedDatabase, openStoreDatabase } from './db/open-for-role';
import { type FaceService, openFaceService } from './faces/wiring';
import type { JobRunnerDeps } from './jobs/runner';
import { Lifecycle } from './ops/lifecycle';
import { log } from './ops/log';
import { startMetrics } from './ops/metrics';
import { apiLimits } from './routes/api';
import { pushKeysOnce } from './services/alerts/push-keys';
import { webPushSender } from './services/alerts/push-sender';
import { describeSeeding, ensureDemoData } from './services/demo-seeding';
import { smtpSender } from './services/notify/email';
import type { Notifier } from './services/notify/outbox';
import { thaiBulkSmsSender } from './services/notify/sms';
import { openPaymentGateway } from './services/payments/open-gateway';
import { photoPassSecretFrom } from './services/photo-pass';
import { memoryLimiter, postgresLimiter } from './services/rate-limit';
import { DiskStore } from './storage/disk-store';
import { loadSigningSecret, openObjectStore } from './storage/open-store';

export interface Store {
  app: ReturnType<typeof createApp>;
  ctx: AppContext;
  faces: FaceService;
  /** What the background jobs need (jobs/runner.ts). */
  jobs: JobRunnerDeps;
  /** The process's stop as the HTTP answers see it (ops/lifecycle.ts). */
  lifecycle: Lifecycle;
  /** The database as this process opened it (its embedded files, when it holds them). */
  database: OpenedDatabase;
  /** Closes the face workers and the database; `abandon`: the photos being indexed are not waited for. */
  close(abandon?: boolean): Promise<void>;
}

/** Where delivery notices go, from the config; links point at PUBLIC_BASE_URL (else this machine's port). */
export function notifierFor(config: Config): Notifier {
  return {
    email: config.smtp ? smtpSender(config.smtp.url, config.smtp.from) : undefined,
    sms: config.sms ? thaiBulkSmsSender(config.sms) : undefined,
    baseUrl: config.publicBaseUrl ?? `http://localhost:${config.port}`,
    retentionDays: config.retentionDays,
  };
}

export async function openStore(
  config: Config,
  say: (line: string) => void = (line) => log.info(line),
): Promise<Store> {
  const database = await openStoreDatabase(config, say);
  const { db } = database;
  startMetrics('api', db);
  const store = await openObjectStore(config);
  const faces = openFaceService(
    { db, store },
    { photos: config.faceWorkers, selfies: config.selfieWorkers },
    config.jobLeaseMs,
  );
  const signingSecret = await loadSigningSecret(config);
  // Read (or made) once, on the first push message or key asked.
  const alertKeys = pushKeysOnce(db, config.push);
  // One mail transport and SMS client for the delivery notices and the one-time codes, closed with the store.
  const notifier = notifierFor(config);
  const ctx: AppContext = {
    db,
    store,
    now: () => new Date(),
    appToken: config.appToken,
    payments: openPaymentGateway(config, db, signingSecret),
    publicBaseUrl: config.publicBaseUrl,
    ownAddress: { allowedHosts: config.allowedHosts, host: config.host, port: config.port },
    faces: faces.engine,
    selfies: faces.engine,
    photoPassSecret: photoPassSecretFrom(signingSecret),
    alerts: { canEmail: config.smtp !== undefined, pushKeys: alertKeys, pushServices: config.pushServices },
    orderContactDays: config.orderContactDays,
    senders: { email: notifier.email, sms: notifier.sms },
  };
  if (config.demoData === 'auto') {
    const line = describeSeeding(await ensureDemoData(db, store, new Date()));
    if (line) say(line);
  }
  // Several API processes may share a PostgreSQL database: their rate limits count there, together.
  const limitsPool = config.databaseUrl
    ? survivingIdleErrors(new pg.Pool({ connectionString: config.databaseUrl, max: 2 }), 'rate limits')
    : undefined;
  const lifecycle = new Lifecycle();
  const app = createApp({
    ctx,
    lifecycle,
    health: {
      facesReady: () => faces.ready(),
      // The folders of this machine the store writes to: the embedded database's, the disk store's.
      disks: [
        ...(config.databaseUrl ? [] : [config.dataDir]),
        ...(store instanceof DiskStore ? [store.root] : []),
      ],
    },
    metricsToken: config.metricsToken,
    limits: apiLimits(
      limitsPool ? (name, limit) => postgresLimiter(limitsPool, name, limit) : memoryLimiter,
      config.trustedProxies,
      config.trustedProxyAddresses,
    ),
    distDir: config.distDir,
    diskStore: store instanceof DiskStore ? store : undefined,
    settings: appSettingsFor(config),
    prepareSelfiesOnUpload: config.apiProcesses === 1,
  });
  return {
    app,
    ctx,
    faces,
    lifecycle,
    database,
    jobs: {
      db,
      store,
      now: ctx.now,
      notifier,
      push: webPushSender(alertKeys, config.pushServices),
      payments: ctx.payments,
      onEventPurged: (eventId) => faces.engine.forget(eventId),
      orderContactDays: config.orderContactDays,
    },
    async close(abandon = false) {
      notifier.email?.close();
      await faces.close(abandon);
      await limitsPool?.end();
      await database.close();
    },
  };
}
