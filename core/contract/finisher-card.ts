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
