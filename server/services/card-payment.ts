// Owns money: card payment of an order (SPEC §4 Card payment, §7 opn-cc-payment, §8, §9). The buyer's card token
// becomes an Opn charge for the order's own amount in satang; a pending charge answers its 3-D Secure address, and
// the order becomes PAID only when the gateway itself reports the charge successful for that amount.
import type { ValidCardPaymentRequest } from '../../core/contract/order';
import { amountWithoutDecimalPoint, parseAmount } from '../../core/pricing';
import { saleState } from '../../core/sale';
import type { AppContext } from '../context';
import {
  findOrderWithEvent,
  markOrderPaid,
  pendingCardCharges,
  recordCardCharge,
  setCardChargeStatus,
} from '../db/orders-repo';
import { tokenMatches, wrongToken } from './orders';
import { accept, type Outcome, type Refusal, refuse } from './outcome';
import type { OpnCharge, OpnClient, OpnFailure } from './payments/opn';

export type CardPaymentContext = Pick<AppContext, 'db' | 'now' | 'appToken'>;

export interface CardPaymentOptions {
  opn: OpnClient;
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

/** The download page of an order, where the buyer lands after paying. */
export const orderReturnUri = (base: string, orderId: string) =>
  `${base.replace(/\/+$/, '')}/download/${orderId}`;

export async function payByCard(
  ctx: CardPaymentContext,
  request: ValidCardPaymentRequest,
  options: CardPaymentOptions,
): Promise<Outcome<{ authorize_uri: string | null }>> {
  if (!tokenMatches(request.sk, ctx.appToken)) return wrongToken('sk');
  const order = await findOrderWithEvent(ctx.db, request.uuid);
  if (!order) return refuse(404, 'order not found', { field: 'uuid' });
  if (order.payment_status === 'PAID') {
    return refuse(409, 'this order is already paid', { field: 'uuid', code: 'already_paid' });
  }
  if (order.payment_channel !== 'CC') return refuse(400, 'this order is not paid by card', { field: 'uuid' });
  if (order.payment_currency !== 'THB')
    return refuse(400, 'card payments are in THB only', { field: 'uuid' });
  const { day_diff } = saleState(
    {
      onSaleStart: new Date(order.on_sale_start),
      onSaleEnd: new Date(order.on_sale_end),
      eventDate: order.eventdate,
      retentionDays: order.retention_days,
    },
    ctx.now(),
  );
  if (day_diff === 0) return refuse(400, 'the photos of this event have expired', { field: 'uuid' });
  const satang = amountWithoutDecimalPoint(String(order.amount));
  if (Number(request.paid_amount) !== Number(satang)) {
    return refuse(400, `paid_amount must be ${satang}`, { field: 'paid_amount' });
  }

  const returnUri = orderReturnUri(options.returnBaseUrl, order.order_id);
  const created = await options.opn.createCharge({
    amountSatang: Number(satang),
    currency: 'thb',
    card: request.token_key,
    returnUri,
    description: `order ${order.order_id} (${order.event_key})`,
    metadata: {
      order_id: order.order_id,
      event_key: order.event_key,
      mobile: request.mobile,
      email: request.email,
    },
  });
  if (!created.ok) return gatewayRefusal(created.failure);
  const charge = created.value;
  if (charge.status !== 'pending' && charge.status !== 'successful') {
    return refuse(402, charge.failure_message || 'the card payment was not successful', {
      field: 'token_key',
      code: charge.failure_code || 'card_payment_failed',
    });
  }

  await recordCardCharge(ctx.db, {
    orderId: order.order_id,
    chargeId: charge.id,
    amount: String(order.amount),
    status: 'PENDING',
    at: ctx.now(),
  });
  if (charge.status === 'successful') {
    // Paid without 3-D Secure: the buyer goes straight to the paid order's page.
    const applied = await applyCharge(ctx, order.order_id, String(order.amount), charge);
    if (applied === 'failed') {
      return refuse(502, 'the card gateway reported a different amount', { code: 'card_gateway_error' });
    }
    return accept({ authorize_uri: returnUri });
  }
  // A pending charge without an address leaves the buyer nowhere to go: the client alerts (SPEC §8).
  return accept({ authorize_uri: charge.authorize_uri || null });
}

/** What reading an order's pending card charges did. */
export type CardSettlement = 'paid' | 'already-paid' | 'pending' | 'failed' | 'unreachable' | 'none';

/**
 * Reads the order's pending card charges at the gateway (newest first) and records what it reports: the order
 * becomes PAID on a successful charge of its amount; failed, expired and reversed charges are closed.
 */
export async function settleCardCharge(
  ctx: Pick<AppContext, 'db' | 'now'>,
  orderId: string,
  opn: OpnClient,
): Promise<CardSettlement> {
  const pending = await pendingCardCharges(ctx.db, orderId);
  let result: CardSettlement = 'none';
  for (const { chargeId, amount } of pending) {
    const read = await opn.getCharge(chargeId);
    if (!read.ok) {
      if (result === 'none' || result === 'failed') result = 'unreachable';
      continue;
    }
    const applied = await applyCharge(ctx, orderId, amount, read.value);
    if (applied === 'paid' || applied === 'already-paid') return applied;
    if (applied === 'pending') result = 'pending';
    else if (result === 'none') result = 'failed';
  }
  return result;
}

async function applyCharge(
  ctx: Pick<AppContext, 'db' | 'now'>,
  orderId: string,
  amount: string,
  charge: OpnCharge,
): Promise<'paid' | 'already-paid' | 'pending' | 'failed'> {
  if (charge.status === 'pending') return 'pending';
  if (charge.status !== 'successful') {
    await setCardChargeStatus(ctx.db, charge.id, charge.status.toUpperCase());
    return 'failed';
  }
  if (charge.amount !== parseAmount(amount) || charge.currency.toLowerCase() !== 'thb') {
    console.error(`card charge ${charge.id} of order ${orderId} is ${charge.amount} ${charge.currency}`);
    await setCardChargeStatus(ctx.db, charge.id, 'AMOUNT_MISMATCH');
    return 'failed';
  }
  await setCardChargeStatus(ctx.db, charge.id, 'SUCCESSFUL');
  const marked = await markOrderPaid(ctx.db, orderId, {
    paymentRef: charge.id,
    note: 'card charge',
    at: ctx.now(),
  });
  if (marked === 'already-paid')
    console.warn(`card charge ${charge.id} succeeded for already paid order ${orderId}`);
  return marked === 'paid' ? 'paid' : 'already-paid';
}

function gatewayRefusal(failure: OpnFailure): Refusal {
  if (failure.kind === 'api' && TOKEN_ERRORS.has(failure.code)) {
    return refuse(400, `the card could not be charged: ${failure.message}`, {
      field: 'token_key',
      code: failure.code,
    });
  }
  if (failure.code === 'authentication_failure') console.error('the card gateway refused OPN_SECRET_KEY');
  if (failure.kind === 'timeout') return refuse(504, failure.message, { code: 'card_gateway_timeout' });
  return refuse(502, `the card payment could not be started: ${failure.message}`, {
    code: 'card_gateway_error',
  });
}
