// The settings the PWA takes from the server at run time (DESIGN §1), so one build serves any deployment: the
// server inlines them into every app shell it sends and answers them at /app-settings.json; the service worker
// keeps the last ones and inlines them into the precached shell (offline, repeat visits).
import * as v from 'valibot';
import { ORDER_CONTACT_DAYS, PHOTO_RETENTION_DAYS } from '../constants';
import { scriptSafeJson } from '../json';

/** Support addresses are rendered as links: only web addresses, never javascript: or data: ones. */
const webAddressSchema = v.pipe(
  v.string(),
  v.regex(/^https?:\/\/[^\s/]+/i, 'must be an http(s) address'),
  v.url('must be an http(s) address'),
);

/** Where buyers get help (the About page's contact section); every channel is optional. */
export const supportChannelsSchema = v.object({
  /** A LINE id: an official account's "@name" or a personal id. */
  lineId: v.optional(
    v.pipe(v.string(), v.regex(/^@?[A-Za-z0-9._-]{1,40}$/, 'must be a LINE id like @runfoto')),
  ),
  /** A LINE link (an add-friend or chat address); preferred over the id's own link when both are set. */
  lineUrl: v.optional(webAddressSchema),
  facebookUrl: v.optional(webAddressSchema),
  phone: v.optional(
    v.pipe(v.string(), v.regex(/^\+?[0-9][0-9 ()-]{2,24}$/, 'must be a phone number like 02-123-4567')),
  ),
  email: v.optional(v.pipe(v.string(), v.email('must be an e-mail address'))),
});
export type SupportChannels = v.InferOutput<typeof supportChannelsSchema>;

/** Whether at least one support channel is set: the store's "contact us" links lead somewhere only then. */
export const hasSupportChannels = (support: SupportChannels): boolean =>
  Object.values(support).some((value) => typeof value === 'string' && value !== '');

/** A base address without its trailing slashes ("/api/" and "/api" call the same paths). */
const baseAddressSchema = (fallback: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform((base) => base.replace(/\/+$/, '')),
    ),
    fallback,
  );

export const paymentGatewayNames = ['sandbox', 'gbp', 'opn'] as const;

/**
 * Absent fields take the defaults, which are also what the Vite dev server (its proxy) and the unit tests use: a
 * service worker's kept copy from an older server still parses after a field is added.
 */
export const appSettingsSchema = v.object({
  /** Where the PWA calls the API (PUBLIC_API_BASE). */
  apiBase: baseAddressSchema('/api'),
  /** Where public objects (covers, thumbnails, previews) are read: S3's public address or STORAGE_PUBLIC_URL. */
  storageBase: baseAddressSchema('/storage'),
  /** The fixed application token of SPEC §3 (APP_TOKEN): inquiry, find-order, conf and card payment send it. */
  appToken: v.optional(v.pipe(v.string(), v.minLength(1, 'is required')), 'demo-app-token'),
  /** The Opn public key of the card form; empty: cards are not set up. */
  opnPublicKey: v.optional(v.string(), ''),
  /** The server's PAYMENT_GATEWAY (utils/conf stays the cart's answer: an administrator's row can override it). */
  paymentGateway: v.optional(v.picklist(paymentGatewayNames), 'sandbox'),
  support: v.optional(supportChannelsSchema, {}),
  /** The store sends e-mail (SMTP_URL): a runner without push can be told of new photos by e-mail. */
  alertsByEmail: v.optional(v.boolean(), false),
  /** What the privacy notice names and says (PRIVACY_CONTROLLER, PRIVACY_CONTACT_EMAIL, the kept days, S3_REGION). */
  privacy: v.optional(
    v.object({
      controller: v.optional(v.string(), ''),
      contactEmail: v.optional(v.string(), ''),
      /** The object store's region ('' when the photos are on the store's own disk). */
      storageRegion: v.optional(v.string(), ''),
      retentionDays: v.optional(v.number(), PHOTO_RETENTION_DAYS),
      orderContactDays: v.optional(v.number(), ORDER_CONTACT_DAYS),
    }),
    {},
  ),
});
export type AppSettings = v.InferOutput<typeof appSettingsSchema>;

export const appSettingsDefaults: AppSettings = v.parse(appSettingsSchema, {});

/** The id of the element that carries the settings in the app shell. */
export const APP_SETTINGS_ELEMENT_ID = 'app-settings';
/** The shell's address the service worker refreshes its copy from (same origin as the app, not under the API). */
export const APP_SETTINGS_PATH = '/app-settings.json';

/**
 * Where the settings go in index.html: the build's marker, or an element inlined earlier (the service worker
 * precaches the shell as the server sent it). The escaping below keeps "<" out of the element's text, so
 * `[^<]*` cannot stop early.
 */
const SETTINGS_SLOT =
  /<!--\s*app-settings\s*-->|(?:<meta http-equiv="Content-Security-Policy" content="[^"]*">)?<script id="app-settings" type="application\/json">[^<]*<\/script>/;

/** The card provider's script and the frame its form opens (Opn: SPEC §7's browser script). */
export const CARD_PROVIDER_SCRIPT_ORIGIN = 'https://cdn.omise.co';
/** Where the card provider's script sends the card for a token, and where Opn's QR images are. */
export const CARD_PROVIDER_API_ORIGINS = ['https://vault.omise.co', 'https://api.omise.co'];

/** The origin of an absolute base address; undefined for a path on the app's own origin ("/api"). */
function originOf(base: string): string | undefined {
  const match = /^(https?):\/\/([^/?#\s]+)/i.exec(base);
  return match ? `${match[1]?.toLowerCase()}://${match[2]?.toLowerCase()}` : undefined;
}

/** The attribute the build gives the shell's one inline script (vite.config.ts): its SHA-256, for the policy. */
export const INLINE_SCRIPT_HASH_ATTRIBUTE = 'data-csp-hash';
const INLINE_SCRIPT_HASH = new RegExp(
  `<script ${INLINE_SCRIPT_HASH_ATTRIBUTE}="(sha256-[A-Za-z0-9+/]{43}=)">`,
  'g',
);

/** The hashes of the shell's inline scripts, as the build wrote them beside each. */
export const inlineScriptHashes = (html: string): string[] =>
  [...html.matchAll(INLINE_SCRIPT_HASH)].map((match) => match[1] as string);

/**
 * The app's Content-Security-Policy for these settings, the same whether the server or the service worker sends
 * the shell: scripts only from the app's own origin and the shell's inline scripts by their hash (no other inline
 * script, no eval), the card provider's script and
 * frame only where card payments are set up; images, calls and objects only from the app, its API and its object
 * store (and Opn's QR images with the Opn gateway); nothing may frame, embed or post elsewhere. Styles allow
 * inline ones: the toasts and lightbox set theirs at run time.
 */
export function contentSecurityPolicy(settings: AppSettings, scriptHashes: readonly string[] = []): string {
  const cards = settings.opnPublicKey !== '';
  const opn = settings.paymentGateway === 'opn';
  const own = [originOf(settings.apiBase), originOf(settings.storageBase)].filter(
    (origin): origin is string => origin !== undefined,
  );
  const list = (...sources: (string | false | undefined)[]) =>
    [
      ...new Set(sources.filter((source): source is string => typeof source === 'string' && source !== '')),
    ].join(' ');
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    [
      'script-src',
      list("'self'", ...scriptHashes.map((hash) => `'${hash}'`), cards && CARD_PROVIDER_SCRIPT_ORIGIN),
    ],
    ['style-src', "'self' 'unsafe-inline'"],
    ['img-src', list("'self'", 'data:', 'blob:', ...own, opn && CARD_PROVIDER_API_ORIGINS[1])],
    ['connect-src', list("'self'", ...own, ...(cards ? CARD_PROVIDER_API_ORIGINS : []))],
    ['font-src', "'self'"],
    // The hidden frame that saves a streamed zip (src/lib/zip) is the app's own.
    ['frame-src', list("'self'", cards && CARD_PROVIDER_SCRIPT_ORIGIN)],
    // The selfie's compression runs in a worker made from a blob (browser-image-compression).
    ['worker-src', "'self' blob:"],
    ['manifest-src', "'self'"],
    ['media-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

/** The settings as JSON that is safe inside a <script> element (core/json.ts). */
export const appSettingsJson = (settings: AppSettings): string => scriptSafeJson(settings);

/**
 * The app shell with its Content-Security-Policy and the settings in place of its marker (or of those inlined
 * before). The policy goes in a meta element too, so a shell the service worker answers with carries it.
 */
export function inlineAppSettings(html: string, settings: AppSettings): string {
  const policy = contentSecurityPolicy(settings, inlineScriptHashes(html)).replace(/"/g, '&quot;');
  const element = `<meta http-equiv="Content-Security-Policy" content="${policy}"><script id="${APP_SETTINGS_ELEMENT_ID}" type="application/json">${appSettingsJson(settings)}</script>`;
  // A function, not a string: "$&" or "$'" in a value must not be read as replacement patterns.
  return html.replace(SETTINGS_SLOT, () => element);
}

/** Parses the JSON text of the settings; anything unusable gives the defaults and says why. */
export function parseAppSettingsJson(text: string | null | undefined): {
  settings: AppSettings;
  problem?: string;
} {
  if (!text?.trim()) return { settings: appSettingsDefaults, problem: 'no settings' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { settings: appSettingsDefaults, problem: `not JSON (${(error as Error).message})` };
  }
  // valibot's object takes an array (an object to typeof); a list is never the settings.
  if (Array.isArray(json)) return { settings: appSettingsDefaults, problem: 'a list, not the settings' };
  const parsed = v.safeParse(appSettingsSchema, json);
  if (!parsed.success) return { settings: appSettingsDefaults, problem: v.summarize(parsed.issues) };
  return { settings: parsed.output };
}

/** Where the server puts its settings for its renderer of first screens (server/page-render.ts, src/lib/app-settings.ts). */
export const SERVER_SETTINGS_GLOBAL = '__runfotoAppSettings';
