// Every environment variable the server reads, parsed and defaulted in one place.
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { type S3Config, s3ConfigFromEnv } from './storage/s3-store';

export interface Config {
  port: number;
  host: string;
  /** Embedded database and object store live here unless DATABASE_URL / S3_* say otherwise. */
  dataDir: string;
  /** PostgreSQL connection string; empty means the embedded PGlite database in dataDir. */
  databaseUrl: string | undefined;
  /** The built PWA served at /. */
  distDir: string;
  /** Public base address of the disk store's objects (covers, thumbnails); the server serves it at /storage. */
  storagePublicUrl: string;
  /** S3-compatible object store instead of the disk (all of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY). */
  s3: S3Config | undefined;
  /** Secret for the disk store's signed URLs; empty means one kept in DATA_DIR/signing-secret. */
  signingSecret: string | undefined;
  /** Opn card payments (PAYMENT_GATEWAY=opn): the Opn API address and the secret key. */
  opn: { apiUrl: string; secretKey: string } | undefined;
  /** The store's public address (3-D Secure returns the buyer here); default: each request's own origin. */
  publicBaseUrl: string | undefined;
  /** Face indexing worker threads (default one per core); 0 indexes nothing and embeds selfies in-process. */
  faceWorkers: number;
  /** Payment gateway adapter: sandbox (default), gbp or opn. */
  paymentGateway: 'sandbox' | 'gbp' | 'opn';
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

function opnSettings(env: NodeJS.ProcessEnv): { apiUrl: string; secretKey: string } {
  if (!env.OPN_API_URL) throw new Error('OPN_API_URL is required when PAYMENT_GATEWAY=opn');
  if (!env.OPN_SECRET_KEY) throw new Error('OPN_SECRET_KEY is required when PAYMENT_GATEWAY=opn');
  return { apiUrl: env.OPN_API_URL, secretKey: env.OPN_SECRET_KEY };
}

function parseCount(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 64) throw new Error(`${name} must be 0-64, got "${raw}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const demo = env.DEMO_DATA ?? 'auto';
  const gateway = env.PAYMENT_GATEWAY || 'sandbox';
  if (gateway !== 'sandbox' && gateway !== 'gbp' && gateway !== 'opn') {
    throw new Error(`PAYMENT_GATEWAY must be sandbox, gbp or opn, got "${gateway}"`);
  }
  if (demo !== 'auto' && demo !== 'off') throw new Error(`DEMO_DATA must be "auto" or "off", got "${demo}"`);
  return {
    port: parsePort(env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(cwd, env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    distDir: path.resolve(cwd, env.DIST_DIR || 'dist'),
    storagePublicUrl: (env.STORAGE_PUBLIC_URL || '/storage').replace(/\/+$/, ''),
    s3: s3ConfigFromEnv(env),
    signingSecret: env.STORAGE_SIGNING_SECRET || undefined,
    paymentGateway: gateway,
    opn: gateway === 'opn' ? opnSettings(env) : undefined,
    publicBaseUrl: env.PUBLIC_BASE_URL ? env.PUBLIC_BASE_URL.replace(/\/+$/, '') : undefined,
    faceWorkers: parseCount('FACE_WORKERS', env.FACE_WORKERS, availableParallelism()),
    appToken: env.APP_TOKEN || DEMO_APP_TOKEN,
    demoData: demo,
  };
}
