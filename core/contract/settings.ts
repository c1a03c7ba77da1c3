// The settings the PWA takes from the server at run time (DESIGN §1), so one build serves any deployment: the
// server inlines them into every app shell it sends and answers them at /app-settings.json; the service worker
// keeps the last ones and inlines them into the precached shell (offline, repeat visits).
import * as v from 'valibot';

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
  /<!--\s*app-settings\s*-->|<script id="app-settings" type="application\/json">[^<]*<\/script>/;

/**
 * The settings as JSON that is safe inside a <script> element: "<", ">" and "&" are escaped so a value holding
 * "</script>" or "<!--" stays data, and U+2028/U+2029, which JSON allows in strings but older JavaScript parsers
 * read as line breaks (the text stays safe wherever it is pasted).
 */
export function appSettingsJson(settings: AppSettings): string {
  return JSON.stringify(settings).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The app shell with the settings in place of its marker (or of settings inlined before). */
export function inlineAppSettings(html: string, settings: AppSettings): string {
  const element = `<script id="${APP_SETTINGS_ELEMENT_ID}" type="application/json">${appSettingsJson(settings)}</script>`;
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
