// Health and readiness for load balancers and orchestrators, answered before the API's rate limits and
// never with a secret in them:
// - GET /healthz: the process answers (200 while it runs, also while it stops).
// - GET /readyz: this process can serve buyers: the database answers and its schema is today's, the object store
//   takes a write, the disk the store writes to has room, the face models are loaded, and the process is not
//   stopping. 503 with the failing checks' reasons otherwise. The checks run at most every READY_CHECK_MS (a
//   load balancer's probes from several places cost one round), each within CHECK_TIMEOUT_MS.
import fs from 'node:fs/promises';
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { migrations } from '../db/migrations';
import { isDiskFull } from '../storage/disk-full';
import type { ObjectStore } from '../storage/object-store';
import { log } from './log';

export const READY_CHECK_MS = 2000;
const CHECK_TIMEOUT_MS = 3000;
/** Free space under which the store's disk counts as full: a photo and its derivatives no longer fit. */
export const DISK_LOW_BYTES = 64 * 1024 * 1024;

export interface HealthDeps {
  db: Db;
  store: ObjectStore;
  /** Whether the face models are loaded (faces/wiring.ts). */
  facesReady: () => boolean;
  /** Folders the store writes to on this machine (DATA_DIR, the disk store's root): their free space is checked. */
  disks: string[];
  /** True once the process has begun to stop (ops/shutdown.ts). */
  stopping: () => boolean;
}

/** The checks run at most every READY_CHECK_MS; whether the process is stopping is seen at every ask. */
export type CheckName = 'database' | 'migrations' | 'storage' | 'disk' | 'faces';
type Check = { ok: boolean; reason?: string };

const latestMigration = Object.keys(migrations).sort().at(-1);
const PROBE_BYTES = new TextEncoder().encode('ready');

const within = <T>(promise: Promise<T>, what: string): Promise<T> =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${what} took over ${CHECK_TIMEOUT_MS} ms`)),
        CHECK_TIMEOUT_MS,
      );
      timer.unref();
    }),
  ]);

/** Why a failed check failed, in words safe to show anyone (the detail goes to the log). */
function failure(what: CheckName, error: unknown, reason: string): { ok: false; reason: string } {
  log.warn(`readiness: ${what} failed`, { err: error });
  return { ok: false, reason };
}

/** Runs every check once. */
export async function checkReadiness(deps: HealthDeps): Promise<Record<CheckName, Check>> {
  const checks = {} as Record<CheckName, Check>;
  try {
    const rows = await within(
      sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(deps.db),
      'the database',
    );
    checks.database = { ok: true };
    const applied = rows.rows[0]?.name;
    checks.migrations =
      applied === latestMigration
        ? { ok: true }
        : {
            ok: false,
            reason: `the database's schema is at ${applied ?? 'none'}, this store needs ${latestMigration}`,
          };
  } catch (error) {
    checks.database = failure('database', error, 'the database does not answer');
    checks.migrations = { ok: false, reason: 'unknown: the database does not answer' };
  }
  const probe = `private/health/ready-${process.pid}`;
  try {
    await within(deps.store.put(probe, PROBE_BYTES, 'text/plain'), 'the object store');
    await within(deps.store.delete(probe), 'the object store');
    checks.storage = { ok: true };
  } catch (error) {
    checks.storage = failure(
      'storage',
      error,
      isDiskFull(error) ? 'the object store cannot write: the disk is full' : 'the object store cannot write',
    );
  }
  checks.disk = { ok: true };
  for (const folder of deps.disks) {
    const stats = await fs.statfs(folder).catch(() => undefined);
    if (stats && stats.bavail * stats.bsize < DISK_LOW_BYTES) {
      checks.disk = { ok: false, reason: `the disk is full (under ${DISK_LOW_BYTES / 1024 / 1024} MB free)` };
    }
  }
  checks.faces = deps.facesReady() ? { ok: true } : { ok: false, reason: 'the face models are loading' };
  return checks;
}

/** The routes, with the readiness checked at most every READY_CHECK_MS (stopping is seen at once). */
export function healthRoutes(deps: HealthDeps): Hono {
  const routes = new Hono();
  let last: { at: number; result: Promise<Record<CheckName, Check>> } | undefined;
  routes.get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' });
  });
  routes.get('/readyz', async (c) => {
    const now = Date.now();
    if (!last || now - last.at >= READY_CHECK_MS) last = { at: now, result: checkReadiness(deps) };
    const checks: Record<CheckName | 'process', Check> = {
      ...(await last.result),
      process: deps.stopping() ? { ok: false, reason: 'the store is stopping' } : { ok: true },
    };
    const ready = Object.values(checks).every((check) => check.ok);
    c.header('Cache-Control', 'no-store');
    return c.json({ status: ready ? 'ready' : 'not ready', checks }, ready ? 200 : 503);
  });
  return routes;
}
