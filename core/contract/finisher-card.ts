// Our addition: a runner's finisher card, made from a photo of their paid (or free) order with their result.
import * as v from 'valibot';
import { typedBibSchema } from './bibsearch';

export const finisherCardPath = '/v1/orders/card';
export const CARD_FORMATS = ['feed', 'story'] as const;
export type CardFormat = (typeof CARD_FORMATS)[number];

/**
 * POST /v1/orders/card: the card of a photo of the order, for the runner's bib (left out: the one bib read in the
 * photo that the event's results have), as a feed (1080×1350) or story (1080×1920) JPEG in Thai or English. Answers
 * a signed address of the card, valid for CARD_URL_SECONDS. Refusals: an order not found 404 (order_uuid); not paid,
 * refunded or its photos expired 409 (code finisher-not-paid); a photo not in the order 404 (photo_id); no results for
 * the event, or the bib has none 404 (code finisher-no-result); a bib the photo does not show 400 (field bib, code
 * finisher-bib-not-in-photo); several bibs or none read in the photo and none given 400 (field bib, code
 * finisher-bib-needed).
 */
export const finisherCardRequestSchema = v.object({
  order_uuid: v.pipe(v.string(), v.uuid('is not an order id')),
  photo_id: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
  bib: v.optional(typedBibSchema),
  format: v.picklist(CARD_FORMATS),
  language: v.picklist(['th', 'en']),
});
export type FinisherCardRequest = v.InferOutput<typeof finisherCardRequestSchema>;

export const finisherCardAnswerSchema = v.object({
  status: v.literal('success'),
  /** The card's signed address (GET, a JPEG), under the API's base like every call's path. */
  url: v.string(),
  /** The name to save it under. */
  file_name: v.string(),
  /** The bib the card was made for. */
  bib: v.string(),
});
export type FinisherCardAnswer = v.InferOutput<typeof finisherCardAnswerSchema>;

/** How long a card's address is valid (seconds): to share it now, not to keep. */
export const CARD_URL_SECONDS = 600;

/** A public finisher page's code: in its address /{event}/finisher/{code}. */
export const finisherPageCodeSchema = v.pipe(
  v.string(),
  v.regex(/^[\w-]{12}$/, 'is not a finisher page code'),
);

/**
 * POST /v1/orders/card/page: the runner's public finisher page of a photo of their order (same checks and refusals as
 * a card), made when they ask to share a link: the feed card and its link preview (1200×630) kept for it, no contact
 * data. Asking again answers the same page. Answers its address and the secret address that removes it.
 */
export const finisherPageRequestSchema = v.object({
  order_uuid: v.pipe(v.string(), v.uuid('is not an order id')),
  photo_id: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
  bib: v.optional(typedBibSchema),
  language: v.picklist(['th', 'en']),
});
export type FinisherPageRequest = v.InferOutput<typeof finisherPageRequestSchema>;

export const finisherPageAnswerSchema = v.object({
  status: v.literal('success'),
  code: v.string(),
  /** The page's address on the store (a path). */
  url: v.string(),
  /** The address that removes it: the page with its secret after '#remove=' (never sent to a server in a request). */
  remove_url: v.string(),
});
export type FinisherPageAnswer = v.InferOutput<typeof finisherPageAnswerSchema>;

/** GET /v1/finisher/{event}/{code}: what a public finisher page shows; 404 code finisher-page-not-found when gone. */
export const finisherPageSchema = v.object({
  status: v.literal('success'),
  event_key: v.string(),
  event_title: v.string(),
  event_date: v.string(),
  /** The runner's name and time, as on the card. */
  headline: v.string(),
  language: v.picklist(['th', 'en']),
  card_url: v.string(),
  /** The link preview's image, 1200×630. */
  preview_url: v.string(),
});
export type FinisherPage = v.InferOutput<typeof finisherPageSchema>;

/** POST /v1/finisher/remove: removes the page; 403 code finisher-page-secret-wrong for a wrong secret. */
export const finisherPageRemoveSchema = v.object({
  code: finisherPageCodeSchema,
  secret: v.pipe(v.string(), v.regex(/^[\w-]{43}$/, 'is not a removal secret')),
});
export const finisherPagePath = (eventKey: string, code: string) =>
  `/${encodeURIComponent(eventKey)}/finisher/${code}`;
/** Where the API answers what a finisher page shows. */
export const finisherPageApiPath = (eventKey: string, code: string) =>
  `/v1/finisher/${encodeURIComponent(eventKey)}/${encodeURIComponent(code)}`;
