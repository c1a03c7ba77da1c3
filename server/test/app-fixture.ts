// Test helper: the real app on a fresh database (PGlite, or PostgreSQL in CI) with a disk store in a temp folder.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type AppOptions, createApp } from '../app';
import type { AppContext } from '../context';
import type { TestDatabase } from '../db/test-databases';
import { embedAtSearchTime } from '../faces/engine';
import { type ApiLimits, apiLimits } from '../routes/api';
import type { PaymentGateway } from '../services/payments/gateway';
import { sandboxGateway } from '../services/payments/sandbox';
import { memoryLimiter } from '../services/rate-limit';
import { DiskStore } from '../storage/disk-store';
import { standInFaces } from './face-engine';

export const TEST_APP_TOKEN = 'test-app-token';
export const TEST_SANDBOX_SECRET = 'test-sandbox-secret';
export const TEST_PHOTO_PASS_SECRET = 'test-photo-pass-secret';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  ctx: AppContext;
  store: DiskStore;
  /** Sets the clock every call sees. */
  setNow(now: Date): void;
  post(url: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

/** Tests make many calls from one in-process "client": limits high enough never to interfere. */
export const generousLimits = (): ApiLimits =>
  apiLimits((name) => memoryLimiter(name, { capacity: 10_000, perMinute: 10_000 }));

export async function openTestApp(
  database: TestDatabase,
  now = new Date('2026-11-22T05:00:00Z'),
  limits: ApiLimits = generousLimits(),
  /** The payment gateway; default the sandbox (signing with TEST_SANDBOX_SECRET). */
  gateway?: (db: TestApp['ctx']['db'], now: () => Date) => PaymentGateway,
  /** More of the app's options (the process's lifecycle, health checks, the metrics token). */
  more: Pick<AppOptions, 'lifecycle' | 'health' | 'metricsToken'> = {},
  /** The object store the app uses, made from the test's disk store (a store that fails, for the health checks). */
  storeOf: (disk: DiskStore) => AppContext['store'] = (disk) => disk,
): Promise<TestApp> {
  const { db, close } = await database.open();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'app-'));
  let clock = now;
  const store = new DiskStore(path.join(dir, 'objects'), {
    baseUrl: '/storage',
    signingSecret: 'test-signing-secret',
    now: () => clock.getTime(),
  });
  await fs.writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="th"><head><title>shell</title></head><body><div id="root"></div></body></html>',
  );
  const ctx: AppContext = {
    db,
    store: storeOf(store),
    now: () => clock,
    appToken: TEST_APP_TOKEN,
    payments: gateway
      ? gateway(db, () => clock)
      : sandboxGateway({ db, secret: TEST_SANDBOX_SECRET, now: () => clock }),
    publicBaseUrl: undefined,
    // ALLOWED_HOSTS' default; a request from any other host is written as the store's port 8080 on loopback.
    ownAddress: { allowedHosts: ['localhost', '127.0.0.1'], host: '0.0.0.0', port: 8080 },
    faces: standInFaces(),
    selfies: embedAtSearchTime,
    photoPassSecret: TEST_PHOTO_PASS_SECRET,
  };
  const app = createApp({ ctx, distDir: dir, diskStore: store, limits, ...more });
  return {
    app,
    ctx,
    store,
    setNow(next) {
      clock = next;
    },
    post: async (url, body, headers = {}) =>
      app.request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    async close() {
      await close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
