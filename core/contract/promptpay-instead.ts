// Our addition to the order calls: an order waiting for a card payment is paid by PromptPay instead (the buyer's
// card was declined, or they would rather scan a QR). The same order, the same amount; the page then shows its QR.
import * as v from 'valibot';

export const promptPayInsteadRequestSchema = v.object({
  /** The application token of SPEC §3, as the inquiry carries it. */
  tk: v.pipe(v.string(), v.minLength(1, 'is required')),
  order_uuid: v.pipe(v.string(), v.uuid('is not an order id')),
});
export type PromptPayInsteadRequest = v.InferInput<typeof promptPayInsteadRequestSchema>;
export type ValidPromptPayInsteadRequest = v.InferOutput<typeof promptPayInsteadRequestSchema>;

/** The order now waits for a PromptPay payment: its inquiry answers the QR. */
export const promptPayInsteadAnswerSchema = v.object({
  status: v.literal('success'),
  payment_channel: v.literal('PP'),
});
export type PromptPayInsteadAnswer = v.InferOutput<typeof promptPayInsteadAnswerSchema>;
