// Every environment variable the server reads, parsed and defaulted in one place.
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import { ORDER_CONTACT_DAYS, PHOTO_RETENTION_DAYS } from '../core/constants';
import { hasSupportChannels, type SupportChannels, supportChannelsSchema } from '../core/contract/settings';
import { isValidEmail } from '../core/rules';
import type { BackupSchedule } from './ops/backup-service';
import type { LogSettings } from './ops/log';
import { DEFAULT_PUSH_SERVICES } from './services/alerts/push-endpoint';
import { defaultPushSubject, type PushKeySettings } from './services/alerts/push-keys';
import { DEFAULT_MAIL_FROM } from './services/notify/email';
import type { S3Config } from './storage/s3-store';

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
  /** Opn (PAYMENT_GATEWAY=opn): the Opn API address and the secret key. */
  opn: { apiUrl: string; secretKey: string } | undefined;
  /** The Opn public key (pkey_…) the PWA's card form uses (OPN_PUBLIC_KEY); empty: no card form. */
  opnPublicKey: string;
  /** GB Prime Pay (PAYMENT_GATEWAY=gbp): the API address, the customer token and the secret key. */
  gbp: { apiUrl: string; token: string; secretKey: string } | undefined;
  /** The store's public address (3-D Secure returns the buyer here); default: each request's own origin. */
  publicBaseUrl: string | undefined;
  /** Face indexing worker threads, at background priority (default one per core); 0 indexes nothing. */
  faceWorkers: number;
  /**
   * Selfie worker threads of the searches, at normal priority (default as many as faceWorkers); with neither, selfies
   * are embedded in the server thread. `npm run worker` starts none: it answers no search.
   */
  selfieWorkers: number;
  /**
   * API processes behind the one port (node:cluster; default 1). Above 1 it needs DATABASE_URL: the embedded
   * database has one session, in one process.
   */
  apiProcesses: number;
  /** Payment gateway adapter: sandbox (default), gbp or opn. */
  paymentGateway: 'sandbox' | 'gbp' | 'opn';
  /** The PromptPay id the sandbox's QR pays to (PROMPTPAY_ID); unset, no one's (the sandbox checks its form). */
  promptPayId: string | undefined;
  /** The fixed application token of SPEC §3 (inquiry and find-order). */
  appToken: string;
  /** The API base address the PWA calls (PUBLIC_API_BASE, default /api): another host can serve the API. */
  publicApiBase: string;
  /** Support channels the About page lists (SUPPORT_LINE_ID, _LINE_URL, _FACEBOOK_URL, _PHONE, _EMAIL). */
  support: SupportChannels;
  /**
   * The privacy notice's controller and its data protection officer's e-mail (PRIVACY_CONTROLLER,
   * PRIVACY_CONTACT_EMAIL); a demo store names itself.
   */
  privacy: PrivacySettings;
  /** Days an order's phone and e-mail are kept, then erased (ORDER_CONTACT_DAYS, default 730: the accounts' need). */
  orderContactDays: number;
  /** Seed the demo events when the database has no events: "auto" (default) or "off". */
  demoData: 'auto' | 'off';
  /** Delivery notices by e-mail (SMTP_URL, MAIL_FROM); undefined: no e-mail. */
  smtp: { url: string; from: string } | undefined;
  /**
   * The VAPID keys that sign runners' push messages (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT); without
   * the keys, the store makes its own once and keeps them in its database (services/alerts/push-keys.ts).
   */
  push: PushKeySettings;
  /** Delivery notices by SMS (SMS_API_URL, SMS_API_KEY, SMS_API_SECRET, SMS_SENDER); undefined: no SMS. */
  sms: { apiUrl: string; apiKey: string; apiSecret: string; sender: string } | undefined;
  /** Days a new event's photos are kept after its date (RETENTION_DAYS, default 35). */
  retentionDays: number;
  /** JOBS: "on" (default) runs the background jobs in this process too; "off" leaves them to `npm run worker`. */
  runJobs: boolean;
  /** JOB_LEASE_SECONDS (default 60): a running job whose worker stops renewing is taken again after this. */
  jobLeaseMs: number;
  /**
   * TRUST_PROXY: how many reverse proxies in front of the store append to X-Forwarded-For (default 0: the
   * socket's address is the client's). Rate limits take the address the outermost of them saw.
   */
  trustedProxies: number;
  /** LOG_LEVEL (debug, info, warn, error, silent; default info) and LOG_FORMAT (json, the default, or pretty). */
  log: LogSettings;
  /** METRICS_TOKEN: GET /metrics on the store's port answers with this bearer token; empty: not served there. */
  metricsToken: string | undefined;
  /** METRICS_PORT: the metrics on a port of their own (no token); empty: none. */
  metricsPort: number | undefined;
  /** METRICS_HOST (default 127.0.0.1): the address METRICS_PORT listens on; only this machine reaches it by default. */
  metricsHost: string;
  /**
   * TRUSTED_PROXIES (default loopback: 127.0.0.0/8, ::1): the proxies' addresses, single or CIDR blocks. With
   * TRUST_PROXY, X-Forwarded-For is believed only on a connection from one of them; any other connection counts as
   * its socket's address.
   */
  trustedProxyAddresses: readonly string[];
  /**
   * PUSH_SERVICES: the push services a runner's subscription may point at, as host names ("fcm.googleapis.com",
   * "*.notify.windows.com": that domain's subdomains) or whole origins ("http://127.0.0.1:9999": exactly that one,
   * the operator's own choice, exempt from the https and public-address rules). Default: the browsers' own services.
   */
  pushServices: readonly string[];
  /**
   * ALLOWED_HOSTS (default localhost, 127.0.0.1): without PUBLIC_BASE_URL, the request hosts the store writes into
   * its public answers (sitemap, robots, canonical and og: addresses); any other Host gets the listener's own address.
   */
  allowedHosts: readonly string[];
  /**
   * DRAIN_SECONDS (default 5, 0-60): on SIGTERM /readyz turns 503 at once, and requests still arriving are answered
   * (with Connection: close) for this long before the listener closes.
   */
  drainSeconds: number;
  /** SHUTDOWN_SECONDS (default 20): on SIGTERM the process has answered, given back and exited within this. */
  shutdownSeconds: number;
  /**
   * BACKUP_DIR, BACKUP_EVERY (e.g. 24h, 6h, 1d) and BACKUP_KEEP (default 7): the embedded store writes an archive of
   * itself there that often, keeping the newest BACKUP_KEEP; undefined: no scheduled backups.
   */
  backups: BackupSchedule | undefined;
}

export const DEMO_APP_TOKEN = 'demo-app-token';

const PORT = { min: 0, max: 65535 };
/** Worker threads and processes. */
const WORKERS = { min: 0, max: 64 };
const DAYS = { min: 1, max: 3650 };

/**
 * A whole-number setting: `fallback` when it is unset or empty, else a whole number from `min` to `max`; anything
 * else stops the start with a message naming the variable (and `means`, what the number is, when given).
 */
function wholeNumber(
  env: NodeJS.ProcessEnv,
  name: string,
  { fallback, min, max, means }: { fallback: number; min: number; max: number; means?: string },
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be ${means ? `${means} (${min}-${max})` : `${min}-${max}`}, got "${raw}"`);
  return n;
}

const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;

function logSettings(env: NodeJS.ProcessEnv): LogSettings {
  const level = env.LOG_LEVEL || 'info';
  const format = env.LOG_FORMAT || 'json';
  if (!(LOG_LEVELS as readonly string[]).includes(level))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${level}"`);
  if (format !== 'json' && format !== 'pretty')
    throw new Error(`LOG_FORMAT must be "json" or "pretty", got "${format}"`);
  return { level: level as LogSettings['level'], format };
}

function metricsToken(raw: string | undefined): string | undefined {
  const token = raw?.trim();
  if (!token) return undefined;
  if (token.length < 16 || /\s/.test(token))
    throw new Error('METRICS_TOKEN must be at least 16 characters without spaces (a secret a scraper sends)');
  return token;
}

function backupSchedule(env: NodeJS.ProcessEnv, cwd: string): BackupSchedule | undefined {
  const dir = env.BACKUP_DIR?.trim();
  const every = env.BACKUP_EVERY?.trim();
  if (!dir && !every && !env.BACKUP_KEEP) return undefined;
  if (!dir || !every)
    throw new Error('BACKUP_DIR and BACKUP_EVERY go together: set both (e.g. BACKUP_EVERY=24h)');
  if (env.DATABASE_URL || env.S3_ENDPOINT)
    throw new Error(
      "BACKUP_DIR backs up the embedded store only: with PostgreSQL or S3 use pg_dump and the bucket's versioning (README: Backups)",
    );
  const match = /^(\d+)\s*(m|h|d)$/.exec(every);
  const minutes = match
    ? Number(match[1]) * { m: 1, h: 60, d: 1440 }[match[2] as 'm' | 'h' | 'd']
    : Number.NaN;
  if (!(minutes >= 10 && minutes <= 7 * 1440))
    throw new Error(`BACKUP_EVERY must be 10m to 7d (e.g. 24h, 6h, 1d), got "${every}"`);
  const keep = wholeNumber(env, 'BACKUP_KEEP', { fallback: 7, min: 1, max: 365 });
  return { dir: path.resolve(cwd, dir), everyMs: minutes * 60_000, keep };
}

function opnSettings(env: NodeJS.ProcessEnv): { apiUrl: string; secretKey: string } {
  if (!env.OPN_API_URL) throw new Error('OPN_API_URL is required when PAYMENT_GATEWAY=opn');
  if (!env.OPN_SECRET_KEY) throw new Error('OPN_SECRET_KEY is required when PAYMENT_GATEWAY=opn');
  return { apiUrl: env.OPN_API_URL, secretKey: env.OPN_SECRET_KEY };
}

function smsSettings(env: NodeJS.ProcessEnv): Config['sms'] {
  const names = ['SMS_API_URL', 'SMS_API_KEY', 'SMS_API_SECRET'] as const;
  const given = names.filter((n) => env[n]);
  if (given.length === 0) return undefined;
  if (given.length < names.length) {
    throw new Error(
      `SMS needs all of ${names.join(', ')}; missing ${names.filter((n) => !env[n]).join(', ')}`,
    );
  }
  return {
    apiUrl: env.SMS_API_URL as string,
    apiKey: env.SMS_API_KEY as string,
    apiSecret: env.SMS_API_SECRET as string,
    sender: env.SMS_SENDER || 'RunFoto',
  };
}

function pushSettings(env: NodeJS.ProcessEnv, publicBaseUrl: string | undefined, support: SupportChannels) {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() || undefined;
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() || undefined;
  if ((publicKey === undefined) !== (privateKey === undefined)) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither');
  }
  if (publicKey !== undefined && !/^[A-Za-z0-9_-]{87}$/.test(publicKey)) {
    throw new Error('VAPID_PUBLIC_KEY must be a P-256 public key, 65 bytes in base64url (87 characters)');
  }
  if (privateKey !== undefined && !/^[A-Za-z0-9_-]{43}$/.test(privateKey)) {
    throw new Error('VAPID_PRIVATE_KEY must be a P-256 private key, 32 bytes in base64url (43 characters)');
  }
  const subject = env.VAPID_SUBJECT?.trim() || defaultPushSubject(publicBaseUrl, support.email);
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject)) {
    throw new Error(`VAPID_SUBJECT must be a mailto: or https: address, got "${subject}"`);
  }
  return { publicKey, privateKey, subject };
}

export interface PrivacySettings {
  /** Who decides what is done with the data (a company's or a person's name); '' when not set. */
  controller: string;
  /** Where people write about their data (the data protection officer); '' when not set. */
  contactEmail: string;
}

export const DEMO_PRIVACY: PrivacySettings = {
  controller: 'Runfoto demo store',
  contactEmail: 'privacy@runfoto.example',
};

function privacySettings(env: NodeJS.ProcessEnv, demo: boolean): PrivacySettings {
  const controller = (env.PRIVACY_CONTROLLER ?? '').trim();
  if (controller.length > 200) throw new Error('PRIVACY_CONTROLLER must be at most 200 characters');
  const contactEmail = (env.PRIVACY_CONTACT_EMAIL ?? '').trim();
  if (contactEmail && !isValidEmail(contactEmail)) {
    throw new Error(`PRIVACY_CONTACT_EMAIL must be an e-mail address, got "${contactEmail}"`);
  }
  if (demo && !controller && !contactEmail) return DEMO_PRIVACY;
  return { controller, contactEmail };
}

function gbpSettings(env: NodeJS.ProcessEnv): NonNullable<Config['gbp']> {
  for (const name of ['GBP_API_URL', 'GBP_TOKEN', 'GBP_SECRET_KEY']) {
    if (!env[name]) throw new Error(`${name} is required when PAYMENT_GATEWAY=gbp`);
  }
  return {
    apiUrl: env.GBP_API_URL as string,
    token: env.GBP_TOKEN as string,
    secretKey: env.GBP_SECRET_KEY as string,
  };
}

/** The environment variable of each support channel. */
export const SUPPORT_VARIABLES = {
  lineId: 'SUPPORT_LINE_ID',
  lineUrl: 'SUPPORT_LINE_URL',
  facebookUrl: 'SUPPORT_FACEBOOK_URL',
  phone: 'SUPPORT_PHONE',
  email: 'SUPPORT_EMAIL',
} as const satisfies Record<keyof SupportChannels, string>;

/**
 * The demo store's channels (the sandbox gateway with the demo data, no SUPPORT_* set): every "contact us" link of
 * the demo leads somewhere, as a real store's do once its owner sets theirs. Addresses of the reserved .example
 * domain and LINE's own sample id: nothing real is reached.
 */
export const DEMO_SUPPORT: SupportChannels = {
  lineId: '@runfoto-demo',
  phone: '02-123-4567',
  email: 'help@runfoto.example',
};

/** Checked with the PWA's own schema at start, so a channel the About page could not link never gets that far. */
function supportSettings(env: NodeJS.ProcessEnv): SupportChannels {
  const given: Record<string, string> = {};
  for (const [field, name] of Object.entries(SUPPORT_VARIABLES)) {
    const value = env[name]?.trim();
    if (value) given[field] = value;
  }
  const parsed = v.safeParse(supportChannelsSchema, given);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const field = issue.path?.[0]?.key as keyof SupportChannels | undefined;
    const name = field ? SUPPORT_VARIABLES[field] : 'SUPPORT_*';
    throw new Error(`${name} ${issue.message}, got "${field ? given[field] : ''}"`);
  }
  return parsed.output;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const demo = env.DEMO_DATA ?? 'auto';
  const gateway = env.PAYMENT_GATEWAY || 'sandbox';
  if (gateway !== 'sandbox' && gateway !== 'gbp' && gateway !== 'opn') {
    throw new Error(`PAYMENT_GATEWAY must be sandbox, gbp or opn, got "${gateway}"`);
  }
  // A production store never falls back on the sandbox by default: it takes no money.
  if (env.NODE_ENV === 'production' && !env.PAYMENT_GATEWAY) {
    throw new Error(
      'NODE_ENV=production needs PAYMENT_GATEWAY set explicitly (gbp or opn to take money; sandbox only on purpose: ' +
        "on the sandbox anyone holding an order's address can mark it paid)",
    );
  }
  if (demo !== 'auto' && demo !== 'off') throw new Error(`DEMO_DATA must be "auto" or "off", got "${demo}"`);
  const faceWorkers = wholeNumber(env, 'FACE_WORKERS', { fallback: availableParallelism(), ...WORKERS });
  const apiProcesses = Math.max(1, wholeNumber(env, 'API_PROCESSES', { fallback: 1, ...WORKERS }));
  if (apiProcesses > 1 && !env.DATABASE_URL) {
    throw new Error(
      `API_PROCESSES=${apiProcesses} needs DATABASE_URL (PostgreSQL): the embedded database is one process's`,
    );
  }
  const shutdownSeconds = wholeNumber(env, 'SHUTDOWN_SECONDS', { fallback: 20, min: 1, max: 600 });
  const drainSeconds = wholeNumber(env, 'DRAIN_SECONDS', { fallback: 5, min: 0, max: 60 });
  if (drainSeconds >= shutdownSeconds)
    throw new Error(
      `DRAIN_SECONDS (${drainSeconds}) must be shorter than SHUTDOWN_SECONDS (${shutdownSeconds}): the stop drains first`,
    );
  const given = supportSettings(env);
  const publicBaseUrl = parsePublicBaseUrl(env.PUBLIC_BASE_URL);
  // A store that takes money writes its own address into links, callbacks and crawlers' answers: never a request's.
  if (gateway !== 'sandbox' && publicBaseUrl === undefined) {
    throw new Error(
      `PAYMENT_GATEWAY=${gateway} needs PUBLIC_BASE_URL (the store's public address, e.g. https://photos.example): ` +
        "gateways return buyers there, and links and crawlers' answers must never take a request's Host",
    );
  }
  const support = demoStore(gateway, demo) && !hasSupportChannels(given) ? DEMO_SUPPORT : given;
  return {
    port: wholeNumber(env, 'PORT', { fallback: 8080, ...PORT }),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(cwd, env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    distDir: path.resolve(cwd, env.DIST_DIR || 'dist'),
    storagePublicUrl: (env.STORAGE_PUBLIC_URL || '/storage').replace(/\/+$/, ''),
    s3: s3Settings(env),
    signingSecret: env.STORAGE_SIGNING_SECRET || undefined,
    paymentGateway: gateway,
    promptPayId: env.PROMPTPAY_ID?.trim() || undefined,
    opn: gateway === 'opn' ? opnSettings(env) : undefined,
    opnPublicKey: env.OPN_PUBLIC_KEY?.trim() || '',
    gbp: gateway === 'gbp' ? gbpSettings(env) : undefined,
    publicBaseUrl,
    faceWorkers,
    selfieWorkers: wholeNumber(env, 'SELFIE_WORKERS', { fallback: faceWorkers, ...WORKERS }),
    apiProcesses,
    appToken: env.APP_TOKEN || DEMO_APP_TOKEN,
    // "/" means the API at the origin's root: its paths then start at "/v1/…".
    publicApiBase: (env.PUBLIC_API_BASE || '/api').replace(/\/+$/, ''),
    support,
    demoData: demo,
    smtp: env.SMTP_URL ? { url: env.SMTP_URL, from: env.MAIL_FROM || DEFAULT_MAIL_FROM } : undefined,
    sms: smsSettings(env),
    push: pushSettings(env, publicBaseUrl, support),
    retentionDays: wholeNumber(env, 'RETENTION_DAYS', { fallback: PHOTO_RETENTION_DAYS, ...DAYS }),
    privacy: privacySettings(env, demoStore(gateway, demo)),
    orderContactDays: wholeNumber(env, 'ORDER_CONTACT_DAYS', { fallback: ORDER_CONTACT_DAYS, ...DAYS }),
    runJobs: parseOnOff('JOBS', env.JOBS),
    jobLeaseMs: wholeNumber(env, 'JOB_LEASE_SECONDS', { fallback: 60, min: 2, max: 3600 }) * 1000,
    trustedProxies: wholeNumber(env, 'TRUST_PROXY', {
      fallback: 0,
      min: 0,
      max: 10,
      means: 'the number of proxies in front',
    }),
    log: logSettings(env),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    metricsPort: env.METRICS_PORT ? wholeNumber(env, 'METRICS_PORT', { fallback: 0, ...PORT }) : undefined,
    metricsHost: env.METRICS_HOST?.trim() || '127.0.0.1',
    trustedProxyAddresses: parseTrustedProxyAddresses(env.TRUSTED_PROXIES),
    pushServices: parsePushServices(env.PUSH_SERVICES),
    allowedHosts: parseAllowedHosts(env.ALLOWED_HOSTS),
    drainSeconds,
    shutdownSeconds,
    backups: backupSchedule(env, cwd),
  };
}

/** S3 settings from the environment; undefined when S3_ENDPOINT is unset (the disk store is used instead). */
export function s3Settings(env: NodeJS.ProcessEnv): S3Config | undefined {
  const endpoint = env.S3_ENDPOINT;
  if (!endpoint) return undefined;
  const required = (name: string): string => {
    const value = env[name];
    if (!value) throw new Error(`${name} is required when S3_ENDPOINT is set`);
    return value;
  };
  const config: S3Config = {
    endpoint,
    bucket: required('S3_BUCKET'),
    accessKeyId: required('S3_ACCESS_KEY'),
    secretAccessKey: required('S3_SECRET_KEY'),
    region: env.S3_REGION || 'us-east-1',
  };
  if (env.S3_PUBLIC_URL) config.publicBaseUrl = env.S3_PUBLIC_URL;
  return config;
}

/** A demo store: the sandbox gateway (no money taken) with the demo data seeded when the database is empty. */
const demoStore = (gateway: string, demo: string): boolean => gateway === 'sandbox' && demo === 'auto';

const HOST_NAME = /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

function listOf(raw: string | undefined): string[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function parsePushServices(raw: string | undefined): string[] {
  const given = listOf(raw);
  if (!given) return [...DEFAULT_PUSH_SERVICES];
  return given.map((entry) => {
    const lower = entry.toLowerCase();
    if (HOST_NAME.test(lower)) return lower;
    try {
      const url = new URL(entry);
      if ((url.protocol === 'https:' || url.protocol === 'http:') && url.pathname === '/' && !url.search)
        return url.origin;
    } catch {}
    throw new Error(
      `PUSH_SERVICES lists host names (fcm.googleapis.com, *.notify.windows.com) or origins (https://push.example:8443), got "${entry}"`,
    );
  });
}

function parseAllowedHosts(raw: string | undefined): string[] {
  const given = listOf(raw) ?? ['localhost', '127.0.0.1'];
  return given.map((entry) => {
    const host = entry.toLowerCase();
    if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(host))
      throw new Error(`ALLOWED_HOSTS lists host names (with a port or not), got "${entry}"`);
    return host;
  });
}

/** An address (IPv4 or IPv6) or a CIDR block of them. */
function parseTrustedProxyAddresses(raw: string | undefined): string[] {
  const given = listOf(raw) ?? ['127.0.0.0/8', '::1'];
  for (const entry of given) {
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const max = family === 4 ? 32 : 128;
    if (
      family === 0 ||
      extra !== undefined ||
      (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= max))
    )
      throw new Error(`TRUSTED_PROXIES lists addresses or blocks (10.0.0.0/8, ::1), got "${entry}"`);
  }
  return given;
}

function parsePublicBaseUrl(raw: string | undefined): string | undefined {
  const given = raw?.trim().replace(/\/+$/, '');
  if (!given) return undefined;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new Error(`PUBLIC_BASE_URL must be the store's address (https://photos.example), got "${raw}"`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash || url.username)
    throw new Error(`PUBLIC_BASE_URL must be the store's address (https://photos.example), got "${raw}"`);
  return given;
}

function parseOnOff(name: string, raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || raw === 'on') return true;
  if (raw === 'off') return false;
  throw new Error(`${name} must be "on" or "off", got "${raw}"`);
}

/**
 * What a store on the sandbox gateway says loudly at start: it takes no money, and anyone holding an
 * order's address can mark it paid on the sandbox page. Undefined for a real gateway.
 */
export function sandboxWarning(config: Pick<Config, 'paymentGateway'>): string | undefined {
  if (config.paymentGateway !== 'sandbox') return undefined;
  return [
    '!!! PAYMENT_GATEWAY=sandbox: this store takes NO money.',
    "!!! Anyone holding an order's address can mark it paid on the sandbox page and download its photos.",
    '!!! For a real sale set PAYMENT_GATEWAY=gbp or opn with their keys (README: Settings).',
  ].join('\n');
}

/** What a store without the privacy notice's controller or contact says once at start. */
export function noPrivacyContactNotice(config: Pick<Config, 'privacy'>): string | undefined {
  if (config.privacy.controller && config.privacy.contactEmail) return undefined;
  return (
    'PRIVACY_CONTROLLER and PRIVACY_CONTACT_EMAIL are not both set: the privacy notice (/privacy) cannot name who ' +
    "holds runners' data and where they write about it, as the PDPA requires (README: Personal data)."
  );
}

/** What a store with no support channel says once at start: its "contact us" links are hidden. */
export function noSupportNotice(config: Pick<Config, 'support'>): string | undefined {
  if (hasSupportChannels(config.support)) return undefined;
  return (
    'No SUPPORT_* channel is set (SUPPORT_LINE_ID, SUPPORT_LINE_URL, SUPPORT_FACEBOOK_URL, SUPPORT_PHONE, ' +
    'SUPPORT_EMAIL): the store hides its "contact us" links until one is (README: Settings).'
  );
}
