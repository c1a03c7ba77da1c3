import * as v from 'valibot';

/** The spec's Y/N flag. */
export const ynSchema = v.picklist(['Y', 'N']);
export type YN = v.InferOutput<typeof ynSchema>;

export const yn = (value: boolean): YN => (value ? 'Y' : 'N');

/**
 * Every id of a stored row (photos, events, stages): a whole number from 1 up to the largest a JS number and a
 * bigint column both hold exactly. One bound for every id the API takes, so 1e19 is refused, never sent to SQL.
 */
export const idSchema = v.pipe(
  v.number(),
  v.integer('must be a whole number'),
  v.minValue(1, 'must be 1 or more'),
  v.maxValue(Number.MAX_SAFE_INTEGER, 'is too large'),
);

/** An id that may come as a number or as a string of digits ("12"), as the older pages send them. */
export const looseIdSchema = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,16}$/, 'must be a number'), v.transform(Number))]),
  idSchema,
);

/** Amounts travel as decimal strings with two places ("1250.00"). */
export const decimalStringSchema = v.pipe(
  v.string(),
  v.regex(/^-?\d+\.\d{2}$/, 'must be a decimal string like 60.00'),
);

/** An event key as it appears in an address: letters, digits, dash and underscore. */
export const eventKeySchema = v.pipe(
  v.string(),
  v.minLength(1, 'is required'),
  v.maxLength(120, 'is too long'),
  v.regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, - and _'),
);

/** Every successful answer: status "success" and a body. */
export const successAnswerSchema = <T extends v.GenericSchema>(body: T) =>
  v.object({ status: v.literal('success'), body });

/**
 * Every code a refusal can carry, in one spelling (the client shows its own words for those a runner can meet). A
 * gateway's own error codes (Opn's used_token, GB Prime Pay's result codes) stay inside its adapter and the message.
 */
export const ERROR_CODES = [
  'access-expired',
  'alert-channel',
  'alert-needs-selfie',
  'alert-not-found',
  'already-paid',
  'bad-bib',
  'bib-needs-selfie',
  'bib-not-shown',
  'cannot-send',
  'card-declined',
  'card-gateway-error',
  'card-gateway-timeout',
  'card-token-refused',
  'code-expired',
  'consent-required',
  'destination-required',
  'disk-full',
  'duplicate-refunded',
  'event-not-found',
  'face-not-found',
  'face-of-other-event',
  'face-search-off',
  'faces-unavailable',
  'finisher-bib-needed',
  'finisher-bib-not-in-photo',
  'finisher-card-expired',
  'finisher-no-result',
  'finisher-not-paid',
  'finisher-page-face-removed',
  'finisher-page-not-found',
  'finisher-page-secret-wrong',
  'finisher-unavailable',
  'forbidden-character',
  'hash-mismatch',
  'idempotency-key-reused',
  'name-search-closed',
  'name-too-short',
  'no-bib-search',
  'no-email',
  'no-face',
  'no-upload',
  'not-an-image',
  'not-card-order',
  'not-free',
  'not-thb',
  'not-uploaded',
  'order-not-found',
  'parts-incomplete',
  'payment-gateway-error',
  'payment-in-progress',
  'photo-not-found',
  'photo-pass',
  'photos-expired',
  'push-endpoint-refused',
  'removal-not-found',
  'sale-closed',
  'search-busy',
  'search-expired',
  'search-first',
  'second-selfie-same',
  'selfie-blurred',
  'selfie-dark',
  'selfie-small',
  'selfie-turned',
  'send-failed',
  'size-mismatch',
  'too-deep',
  'too-large',
  'too-many-alerts',
  'too-many-codes',
  'too-many-pixels',
  'too-many-requests',
  'too-many-tries',
  'upload-link-invalid',
  'wrong-code',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
export const errorCodeSchema = v.picklist(ERROR_CODES);
export const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code);

/**
 * Every refused request: a status other than success, a message and, when one field failed, its name. Refusals a
 * runner can meet also carry a code (the client shows its own words for it) and the Thai message. A code this
 * build does not know (a newer store's) is read as none.
 */
export const errorAnswerSchema = v.object({
  status: v.literal('error'),
  message: v.string(),
  message_th: v.optional(v.string()),
  code: v.fallback(v.optional(errorCodeSchema), undefined),
  field: v.optional(v.string()),
  /** Seconds to wait before asking again (our addition, with the Retry-After header): a busy face search, a 429. */
  retry_after: v.optional(v.number()),
});
export type ErrorAnswer = v.InferOutput<typeof errorAnswerSchema>;
