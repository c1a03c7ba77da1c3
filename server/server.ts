// Builds the running store from a config: database (migrated), object store, demo data, the app.
import path from 'node:path';
import { createApp } from './app';
import type { Config } from './config';
import { type Db, migrate, openDatabase } from './db/database';
import { countEvents } from './db/events-repo';
import { seedDemoData } from './services/demo-data';
import { DiskStore } from './storage/disk-store';

export interface Store {
  app: ReturnType<typeof createApp>;
  db: Db;
  close(): Promise<void>;
}

export async function openStore(config: Config, log: (line: string) => void = console.log): Promise<Store> {
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
  });
  const applied = await migrate(db);
  if (applied.length) log(`database: applied ${applied.join(', ')}`);
  const storageDir = path.join(config.dataDir, 'objects');
  const store = new DiskStore(storageDir);
  if (config.demoData === 'auto' && (await countEvents(db)) === 0) {
    log(`demo data: created ${await seedDemoData(db, store, new Date())} events`);
  }
  const app = createApp({
    events: { db, storageUrl: config.storagePublicUrl, now: () => new Date() },
    distDir: config.distDir,
    storageDir,
  });
  return { app, db, close: () => db.destroy() };
}
