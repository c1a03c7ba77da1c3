// POST /v1/logs/: fire-and-forget usage logs after an event loads (SPEC §7, §3 Log payload).
import * as v from 'valibot';

export const logsPath = '/v1/logs';

export const logRequestSchema = v.object({
  service: v.picklist(['cart', 'cart-wholesale', 'cart-manual', 'event'], 'is not a known service'),
  cart_count: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000)), 0),
  image_id: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.maxLength(40)), ''),
  /** Comma-joined image ids (wholesale). */
  list: v.optional(
    v.pipe(v.string(), v.maxLength(20_000), v.regex(/^[\d,]*$/, 'must be comma-joined ids')),
    '',
  ),
  event_key: v.optional(v.pipe(v.string(), v.maxLength(120)), ''),
});
export const logAnswerSchema = v.object({ status: v.literal('success') });
