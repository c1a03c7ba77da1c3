// Every environment variable the server reads, parsed and defaulted in one place.
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** Embedded database and object store live here unless DATABASE_URL / S3_* say otherwise. */
  dataDir: string;
  /** PostgreSQL connection string; empty means the embedded PGlite database in dataDir. */
  databaseUrl: string | undefined;
  /** The built PWA served at /. */
  distDir: string;
  /** Public base address of stored objects (covers, thumbnails); the server serves the disk store at /storage. */
  storagePublicUrl: string;
  /** The fixed application token of SPEC §3 (inquiry and find-order). */
  appToken: string;
  /** Seed the demo events when the database has no events: "auto" (default) or "off". */
  demoData: 'auto' | 'off';
}

export const DEMO_APP_TOKEN = 'demo-app-token';

function parsePort(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be 0-65535, got "${raw}"`);
  return port;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const demo = env.DEMO_DATA ?? 'auto';
  if (demo !== 'auto' && demo !== 'off') throw new Error(`DEMO_DATA must be "auto" or "off", got "${demo}"`);
  return {
    port: parsePort(env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(cwd, env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    distDir: path.resolve(cwd, env.DIST_DIR || 'dist'),
    storagePublicUrl: (env.STORAGE_PUBLIC_URL || '/storage').replace(/\/+$/, ''),
    appToken: env.APP_TOKEN || DEMO_APP_TOKEN,
    demoData: demo,
  };
}
