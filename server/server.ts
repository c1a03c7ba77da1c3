// Builds the running store from a config: database (migrated), object store, demo data, the app.
import path from 'node:path';
import { createApp } from './app';
import type { Config } from './config';
import type { AppContext } from './context';
import { type Db, migrate, openDatabase } from './db/database';
import { countEvents } from './db/events-repo';
import { type FaceService, openFaceService } from './faces/wiring';
import { seedDemoData } from './services/demo-data';
import { opnClient } from './services/payments/opn';
import { DiskStore } from './storage/disk-store';
import { openObjectStore } from './storage/open-store';

export interface Store {
  app: ReturnType<typeof createApp>;
  ctx: AppContext;
  faces: FaceService;
  close(): Promise<void>;
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
  const store = await openObjectStore(config);
  const faces = openFaceService({ db, store }, config.faceWorkers);
  const ctx: AppContext = {
    db,
    store,
    now: () => new Date(),
    appToken: config.appToken,
    paymentGatewayName: config.paymentGateway === 'sandbox' ? 'GBP' : config.paymentGateway.toUpperCase(),
    faces: faces.engine,
  };
  if (config.demoData === 'auto' && (await countEvents(db)) === 0) {
    log(`demo data: created ${await seedDemoData(db, store, new Date())} events`);
  }
  const app = createApp({
    ctx,
    distDir: config.distDir,
    diskStore: store instanceof DiskStore ? store : undefined,
    opn: config.opn ? opnClient(config.opn) : undefined,
    publicBaseUrl: config.publicBaseUrl,
  });
  return {
    app,
    ctx,
    faces,
    async close() {
      await faces.close();
      await db.destroy();
    },
  };
}
