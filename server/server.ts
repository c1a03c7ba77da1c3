// Builds the running store from a config: database (migrated), object store, demo data, the app.
import path from 'node:path';
import { createApp } from './app';
import type { Config } from './config';
import type { AppContext } from './context';
import { type Db, migrate, openDatabase } from './db/database';
import { countEvents } from './db/events-repo';
import { requeueStaleJobs } from './db/jobs-repo';
import { type FaceService, openFaceService } from './faces/wiring';
import type { JobRunnerDeps } from './jobs/runner';
import { seedDemoData } from './services/demo-data';
import { smtpSender } from './services/notify/email';
import type { Notifier } from './services/notify/outbox';
import { thaiBulkSmsSender } from './services/notify/sms';
import { openPaymentGateway } from './services/payments/open-gateway';
import { DiskStore } from './storage/disk-store';
import { loadSigningSecret, openObjectStore } from './storage/open-store';

export interface Store {
  app: ReturnType<typeof createApp>;
  ctx: AppContext;
  faces: FaceService;
  /** What the background jobs need (jobs/runner.ts). */
  jobs: JobRunnerDeps;
  close(): Promise<void>;
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

export async function openDatabaseFor(config: Config): Promise<Db> {
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
  });
  await migrate(db);
  return db;
}

export async function openStore(config: Config, log: (line: string) => void = console.log): Promise<Store> {
  const db = await openDatabaseFor(config);
  if (!config.databaseUrl) {
    // The embedded database is this process's alone: every job still marked running was held by a process that
    // stopped (a kill, a crash), so it is queued again now rather than after the stale timeout.
    const requeued = await requeueStaleJobs(db, new Date(Date.now() + 60_000));
    if (requeued > 0) log(`jobs: queued again ${requeued} jobs a stopped process was running`);
  }
  const store = await openObjectStore(config);
  const faces = openFaceService({ db, store }, config.faceWorkers);
  const ctx: AppContext = {
    db,
    store,
    now: () => new Date(),
    appToken: config.appToken,
    payments: openPaymentGateway(config, db, await loadSigningSecret(config)),
    publicBaseUrl: config.publicBaseUrl,
    faces: faces.engine,
  };
  if (config.demoData === 'auto' && (await countEvents(db)) === 0) {
    log(`demo data: created ${await seedDemoData(db, store, new Date())} events`);
  }
  const app = createApp({
    ctx,
    distDir: config.distDir,
    diskStore: store instanceof DiskStore ? store : undefined,
  });
  const notifier = notifierFor(config);
  return {
    app,
    ctx,
    faces,
    jobs: { db, store, now: ctx.now, notifier, onEventPurged: (eventId) => faces.engine.forget(eventId) },
    async close() {
      notifier.email?.close();
      await faces.close();
      await db.destroy();
    },
  };
}
