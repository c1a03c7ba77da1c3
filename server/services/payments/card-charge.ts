// Owns money: a card charge as this product reads it. Opn Payments' Charges API defines the shape (a single-use
// token becomes a charge; a pending charge carries the 3-D Secure address); the sandbox's own card charges answer
// the same shape, so the card path is one code path whatever the gateway.
import * as v from 'valibot';
import type { PaymentReport } from './gateway';

/** The charge object fields this product reads (Opn Payments Charges API). */
export const cardChargeSchema = v.object({
  object: v.literal('charge'),
  id: v.pipe(v.string(), v.minLength(1)),
  amount: v.number(),
  currency: v.string(),
  status: v.picklist(['pending', 'successful', 'failed', 'expired', 'reversed']),
  authorize_uri: v.optional(v.nullable(v.string()), null),
  authorized: v.optional(v.boolean(), false),
  paid: v.optional(v.boolean(), false),
  failure_code: v.optional(v.nullable(v.string()), null),
  failure_message: v.optional(v.nullable(v.string()), null),
  /** Opn: the transaction of a paid charge (trxn_...), the reference a buyer's statement shows. */
  transaction: v.optional(v.nullable(v.string()), null),
});
export type CardCharge = v.InferOutput<typeof cardChargeSchema>;

export interface CardFailure {
  /** api: the gateway answered with an error; network/timeout: no answer; protocol: an answer we cannot read. */
  kind: 'api' | 'network' | 'timeout' | 'protocol';
  /** The gateway's error code (authentication_failure, invalid_charge, used_token, not_found ...) or our own. */
  code: string;
  message: string;
  /** The HTTP status, when the gateway answered. */
  httpStatus?: number;
}
export type CardResult<T> = { ok: true; value: T } | { ok: false; failure: CardFailure };

export interface NewCardCharge {
  /** In the smallest currency unit (satang for THB), an integer. */
  amountSatang: number;
  /** Lower-case ISO 4217 code, "thb". */
  currency: string;
  /** The single-use token from the card form. */
  card: string;
  /** Where the buyer's browser comes back after 3-D Secure. */
  returnUri: string;
  description: string;
  metadata: Record<string, string>;
}

export const cardFailed = (failure: CardFailure): { ok: false; failure: CardFailure } => ({
  ok: false,
  failure,
});

/** A card charge as a payment report: only a successful THB charge counts as money, at its own amount. */
export function chargeReport(charge: CardCharge): PaymentReport {
  const thb = charge.currency.toLowerCase() === 'thb';
  return {
    gatewayRef: charge.id,
    status: charge.status === 'successful' ? 'paid' : charge.status === 'pending' ? 'pending' : 'failed',
    // Another currency can never equal the order's satang: it is refused as a wrong amount.
    amountSatang: thb ? charge.amount : -1,
    paymentRef: charge.transaction ?? charge.id,
    ...(charge.failure_message ? { failure: charge.failure_message } : {}),
  };
}
