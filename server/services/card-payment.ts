// Owns money: card payment of an order (SPEC §4 Card payment, §7 opn-cc-payment, §8, §9). The buyer's card token
// becomes a charge at the gateway (Opn, or the sandbox's own) for the order's own amount in satang; a pending
// charge answers its 3-D Secure address, and the order becomes PAID only when the gateway itself reports the charge
// successful for that amount, through the one settle path (services/payments/settle.ts).

import { CURRENCY } from '../../core/constants';
import type { ValidCardPaymentRequest } from '../../core/contract/order';
import { amountWithoutDecimalPoint } from '../../core/pricing';
import type { AppContext } from '../context';
import { claimCharge, releaseCharge } from '../db/charge-claims-repo';
import { findOrderWithEvent } from '../db/orders-repo';
import { insertPayment, newestPendingCardCharge, pendingPayments } from '../db/payments-repo';
import { log } from '../ops/log';
import { orderPhotosExpired, tokenMatches, wrongToken } from './orders';
import { accept, type Outcome, type Refusal, refuse } from './outcome';
import { type CardFailure, chargeReport } from './payments/card-charge';
import type { CardGateway, GatewayName } from './payments/gateway';
import { type SettleResult, settlePayment } from './payments/settle';

export type CardPaymentContext = Pick<AppContext, 'db' | 'now' | 'appToken'>;

export interface CardPaymentOptions {
  gateway: GatewayName;
  cards: CardGateway;
  /** The public address of the storefront (PUBLIC_BASE_URL, else the request's origin): 3-D Secure returns there. */
  returnBaseUrl: string;
}

/** Gateway error codes that mean the buyer's token cannot be charged: they need to enter the card again. */
const TOKEN_ERRORS = new Set([
  'not_found',
  'used_token',
  'invalid_card',
  'invalid_card_token',
  'missing_card',
]);

/** The download page of an order, where the buyer lands after paying (?return=1: back from the gateway). */
export const orderReturnUri = (base: string, orderId: string) =>
  `${base.replace(/\/+$/, '')}/download/${orderId}?return=1`;

export async function payByCard(
  ctx: CardPaymentContext,
  request: ValidCardPaymentRequest,
  options: CardPaymentOptions,
): Promise<Outcome<{ authorize_uri: string | null }>> {
  if (!tokenMatches(request.sk, ctx.appToken)) return wrongToken('sk');
  const order = await findOrderWithEvent(ctx.db, request.uuid);
  if (!order) return refuse(404, 'order not found', { field: 'uuid' });
  if (order.payment_status === 'PAID') return alreadyPaid();
  if (order.payment_channel !== 'CC') return refuse(400, 'this order is not paid by card', { field: 'uuid' });
  if (order.payment_currency !== CURRENCY)
    return refuse(400, 'card payments are in THB only', { field: 'uuid' });
  if (orderPhotosExpired(order, ctx.now()))
    return refuse(400, 'the photos of this event have expired', { field: 'uuid', code: 'photos-expired' });
  const satang = amountWithoutDecimalPoint(String(order.amount));
  if (Number(request.paid_amount) !== Number(satang)) {
    return refuse(400, `paid_amount must be ${satang}`, { field: 'paid_amount' });
  }

  return withChargeClaim(ctx, order.order_id, paymentInProgress, () =>
    chargeClaimedOrder(ctx, request, options, order, satang),
  );
}

/**
 * Runs `attempt` holding the order's charge claim: one card charge attempt or channel change in flight per order,
 * across processes (five charges at once once opened five charges). While another holds it, `busy` answers.
 */
export async function withChargeClaim<T>(
  ctx: Pick<AppContext, 'db' | 'now'>,
  orderId: string,
  busy: () => T,
  attempt: () => Promise<T>,
): Promise<T> {
  const now = ctx.now();
  const claim = await claimCharge(ctx.db, orderId, now, new Date(now.getTime() - CHARGE_CLAIM_STALE_MS));
  if (!claim) return busy();
  try {
    return await attempt();
  } finally {
    await releaseCharge(ctx.db, orderId, claim);
  }
}

/**
 * How long a charge attempt's claim holds before another may take it over (its process died mid-attempt): longer
 * than an attempt can take (reading the earlier charges and opening one, each call at most 20 s).
 */
export const CHARGE_CLAIM_STALE_MS = 5 * 60_000;
/** A charge pending this long at the bank's 3-D Secure page is the attempt in progress; older, abandoned. */
export const CHARGE_AT_BANK_MS = 10 * 60_000;

const paymentInProgress = (): Refusal =>
  refuse(409, 'a payment is already in progress for this order, please wait for it', {
    field: 'uuid',
    code: 'payment-in-progress',
    th: 'กำลังดำเนินการชำระเงินของคำสั่งซื้อนี้อยู่ กรุณารอสักครู่',
  });

const alreadyPaid = (): Refusal =>
  refuse(409, 'this order is already paid', {
    field: 'uuid',
    code: 'already-paid',
    th: 'คำสั่งซื้อนี้ชำระเงินแล้ว',
  });

/** The charge itself, while this attempt holds the order's claim. */
async function chargeClaimedOrder(
  ctx: CardPaymentContext,
  request: ValidCardPaymentRequest,
  options: CardPaymentOptions,
  order: NonNullable<Awaited<ReturnType<typeof findOrderWithEvent>>>,
  satang: string,
): Promise<Outcome<{ authorize_uri: string | null }>> {
  // Read again under the claim: an attempt that ended a moment ago may have paid it, or left a charge that the
  // gateway has taken since (back from 3-D Secure): that one settles the order, no second charge is opened.
  const settled = await settleCardCharges(ctx, order.order_id, options.gateway, options.cards);
  const current = await findOrderWithEvent(ctx.db, order.order_id);
  if (settled === 'paid' || settled === 'already-paid' || current?.payment_status === 'PAID')
    return alreadyPaid();
  // A charge the gateway could not be asked about may have succeeded: no second one until it can.
  if (settled === 'unreachable')
    return refuse(503, 'the card gateway cannot be reached to check an earlier payment, please try again', {
      code: 'card-gateway-error',
      th: 'ไม่สามารถตรวจสอบการชำระเงินครั้งก่อนกับผู้ให้บริการบัตรได้ กรุณาลองใหม่อีกครั้ง',
    });
  // A charge still at the bank's 3-D Secure page a little while ago: the buyer finishes that one (a charge left
  // there longer was abandoned: a new one may be opened, and a late success is refunded as a duplicate).
  const pendingSince = await newestPendingCardCharge(ctx.db, order.order_id);
  if (pendingSince && ctx.now().getTime() - pendingSince.getTime() < CHARGE_AT_BANK_MS)
    return paymentInProgress();

  const returnUri = orderReturnUri(options.returnBaseUrl, order.order_id);
  const created = await options.cards.createCharge({
    amountSatang: Number(satang),
    currency: 'thb',
    card: request.token_key,
    returnUri,
    description: `order ${order.order_id} (${order.event_key})`,
    // The order's own contact: what the page sends is masked (order-inquiry.ts), and a caller could send anything.
    metadata: {
      order_id: order.order_id,
      event_key: order.event_key,
      mobile: order.mobile,
      email: order.email,
    },
  });
  if (!created.ok) return gatewayRefusal(created.failure);
  const charge = created.value;
  if (charge.status !== 'pending' && charge.status !== 'successful') {
    // Declined (402, the gateway's reason in the message): no money was taken, the buyer may try another card.
    const reason = charge.failure_message || 'the card payment was not successful';
    return refuse(402, charge.failure_code ? `${reason} (${charge.failure_code})` : reason, {
      field: 'token_key',
      code: 'card-declined',
      th: 'บัตรถูกปฏิเสธ ไม่มีการตัดเงินจากบัตร กรุณาลองบัตรใบอื่นหรือชำระด้วยพร้อมเพย์',
    });
  }

  await insertPayment(ctx.db, {
    order_id: order.order_id,
    gateway: options.gateway,
    channel: 'CC',
    amount: String(order.amount),
    status: 'PENDING',
    gateway_ref: charge.id,
    note: 'card charge',
    created_at: ctx.now(),
  });
  if (charge.status === 'successful') {
    // Paid without 3-D Secure: the buyer goes straight to the paid order's page.
    const paid = await settlePayment(ctx, options.gateway, chargeReport(charge));
    if (paid === 'duplicate-payment') {
      // Paid meanwhile another way (a PromptPay transfer, an operator): this charge is given back (a job).
      return refuse(409, 'this order was already paid: this card charge will be refunded to your card', {
        field: 'uuid',
        code: 'duplicate-refunded',
        th: 'คำสั่งซื้อนี้ชำระเงินแล้ว ยอดที่ตัดจากบัตรครั้งนี้จะคืนเข้าบัตรของคุณ',
      });
    }
    if (paid !== 'paid' && paid !== 'already-paid') {
      return refuse(502, 'the card gateway reported a different amount', { code: 'card-gateway-error' });
    }
    return accept({ authorize_uri: returnUri });
  }
  // A pending charge without an address leaves the buyer nowhere to go: the client alerts (SPEC §8).
  return accept({ authorize_uri: charge.authorize_uri || null });
}

/** What reading an order's pending card charges did. */
export type CardSettlement = SettleResult | 'unreachable' | 'none';

/**
 * Reads the order's pending card charges at the gateway (newest first) and settles what it reports: the order
 * becomes PAID on a successful charge of its amount; failed, expired and reversed charges are closed.
 */
export async function settleCardCharges(
  ctx: Pick<AppContext, 'db' | 'now'>,
  orderId: string,
  gateway: GatewayName,
  cards: CardGateway,
): Promise<CardSettlement> {
  let result: CardSettlement = 'none';
  for (const payment of await pendingPayments(ctx.db, orderId, 'CC')) {
    if (payment.gateway !== gateway) continue;
    const read = await cards.getCharge(payment.gateway_ref);
    if (!read.ok) {
      if (result === 'none' || result === 'failed') result = 'unreachable';
      continue;
    }
    const settled = await settlePayment(ctx, gateway, chargeReport(read.value));
    if (settled === 'paid' || settled === 'already-paid') return settled;
    if (settled === 'pending') result = 'pending';
    else if (result === 'none') result = settled;
  }
  return result;
}

function gatewayRefusal(failure: CardFailure): Refusal {
  if (failure.kind === 'api' && TOKEN_ERRORS.has(failure.code)) {
    return refuse(400, `the card could not be charged: ${failure.message} (${failure.code})`, {
      field: 'token_key',
      code: 'card-token-refused',
    });
  }
  if (failure.code === 'authentication_failure') log.error('the card gateway refused its secret key');
  if (failure.kind === 'timeout') return refuse(504, failure.message, { code: 'card-gateway-timeout' });
  return refuse(502, `the card payment could not be started: ${failure.message}`, {
    code: 'card-gateway-error',
  });
}
