// Our addition: "tell me when new photos of me arrive". After a search, a runner asks to be told about
// photos of them imported later at this event: by Web Push to their installed app, or by e-mail confirmed by a link
// first. The store keeps the face's descriptor (never the selfie: it is sent once more for this, described and
// deleted like a search's) and the bib if they gave one, until the event's photos are deleted or they stop. The
// answer's token is the runner's device's only key to the alert (seeing its photos, stopping it).
import * as v from 'valibot';
import { isValidEmail } from '../rules';
import { typedBibSchema } from './bibsearch';
import { eventKeySchema, successAnswerSchema } from './common';
import { faceConsentSchema } from './privacy';

export const alertsPath = '/v1/alerts';
export const alertPath = (token: string) => `${alertsPath}/${encodeURIComponent(token)}`;
export const alertPushKeyPath = `${alertsPath}/push-key`;
export const alertConfirmPath = `${alertsPath}/confirm`;

/** An alert's token, and an e-mail's confirmation secret: 32 base64url characters. */
export const alertSecretSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{32}$/, 'is not an alert link'));
export const alertParamSchema = v.object({ token: alertSecretSchema });

/** A notification says new photos at most this often per runner. */
export const ALERT_EVERY_MINUTES = 10;

/** The browser's PushSubscription as JSON (endpoint and its keys, base64url). */
const pushSubscriptionSchema = v.object({
  endpoint: v.pipe(
    v.string(),
    v.maxLength(2048, 'is too long'),
    // The address's form only; which push services the store sends to is the server's rule (push-endpoint.ts).
    v.regex(/^https?:\/\/[^\s]+$/, 'must be the push service’s address'),
  ),
  keys: v.object({
    p256dh: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, 'is not a P-256 public key')),
    auth: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22,24}={0,2}$/, 'is not a push auth secret')),
  }),
});
export type PushSubscriptionJson = v.InferOutput<typeof pushSubscriptionSchema>;

/**
 * POST /v1/alerts: the face of a selfie uploaded for it (search_id and file_location of /v2/facesearch/sign), with
 * the bib if the photos of that face show it, and one way to tell the runner: `push` (their app's subscription) or
 * `email`. Answers the alert's token. Refusals: no selfie 400 (code alert-needs-selfie), a bib without one 400 (code
 * bib-needs-selfie), a bib the face's photos do not show 400 (code bib-not-shown); no face in the selfie 400 (code
 * no-face); both or neither of push and email 400 (code alert-channel); a push endpoint of a push service the store
 * does not send to 400 (code push-endpoint-refused); an e-mail when the store sends none 400 (code no-email); an
 * address sent its confirmations for the day, or a client that asked for its e-mail alerts of the day 429 (code
 * too-many-alerts); unknown event 404, a closed sale 400 (as the search).
 */
export const alertRequestSchema = v.object({
  event_key: eventKeySchema,
  search_id: v.optional(v.pipe(v.string(), v.uuid('must be the search_id the sign call gave'))),
  file_location: v.optional(
    v.pipe(v.string(), v.minLength(1, 'is required'), v.maxLength(500, 'is too long')),
  ),
  bib: v.optional(typedBibSchema),
  /** The runner's explicit consent to keep the selfie's face for the alert (required with a selfie). */
  consent: v.optional(faceConsentSchema),
  language: v.picklist(['th', 'en'], 'must be th or en'),
  push: v.optional(pushSubscriptionSchema),
  // One address, one way of writing it, before any count: trimmed and in lower case.
  email: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.toLowerCase(),
      v.nonEmpty('is required'),
      v.maxLength(254, 'is too long'),
      v.check(isValidEmail, 'is not a valid e-mail'),
    ),
  ),
});
export type AlertRequest = v.InferOutput<typeof alertRequestSchema>;

export const alertStateSchema = v.object({
  event_key: v.string(),
  title: v.string(),
  channel: v.picklist(['push', 'email']),
  /** active: telling; awaiting-confirmation: the e-mail's link not opened yet; stopped: by the runner or the store. */
  state: v.picklist(['active', 'awaiting-confirmation', 'stopped']),
  bib: v.nullable(v.string()),
  face: v.boolean(),
  /** The e-mail address masked (s****@example.com), for an e-mail alert. */
  email: v.nullable(v.string()),
  /** Photos found for it so far. */
  photos: v.number(),
});
export type AlertState = v.InferOutput<typeof alertStateSchema>;

/** POST /v1/alerts answer: the token (kept on the runner's device) and the alert. */
export const alertCreatedAnswerSchema = successAnswerSchema(
  v.object({ token: alertSecretSchema, alert: alertStateSchema }),
);
/** GET /v1/alerts/{token}; POST /v1/alerts/{token}/stop; POST /v1/alerts/confirm. */
export const alertAnswerSchema = successAnswerSchema(alertStateSchema);
/** POST /v1/alerts/confirm: the secret of the e-mail's link. */
export const alertConfirmRequestSchema = v.object({ secret: alertSecretSchema });
/** GET /v1/alerts/push-key: the store's VAPID public key (the push subscription's applicationServerKey). */
export const alertPushKeyAnswerSchema = successAnswerSchema(v.object({ public_key: v.string() }));

/** What the service worker is given to show (a push message's payload, JSON). */
export const alertPushPayloadSchema = v.object({
  title: v.string(),
  body: v.string(),
  /** Where a tap opens: the event, with the alert's photos shown. */
  url: v.string(),
  tag: v.string(),
  photos: v.number(),
});
export type AlertPushPayload = v.InferOutput<typeof alertPushPayloadSchema>;

/** The event page's address that shows an alert's photos (the notification's and the e-mail's link). */
export const alertPageUrl = (eventKey: string, token: string) =>
  `/${encodeURIComponent(eventKey)}?alert=${encodeURIComponent(token)}`;
/** The page that confirms an e-mail alert (a button: a mail scanner's visit confirms nothing). */
export const alertConfirmPageUrl = (eventKey: string, secret: string) =>
  `/${encodeURIComponent(eventKey)}?alert_confirm=${encodeURIComponent(secret)}`;
