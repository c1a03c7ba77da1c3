// Owns money: an operator's refund of a paid order (the refund itself is made at the gateway or by transfer; this
// records it). The order keeps its record, marked with when and why, a REFUNDED payments row holds the amount,
// and its downloads stop, and so do the runner's public finisher pages made from it.

import {
  insertPayment,
  lockOrder,
  markDuplicateRefunded,
  paymentById,
  setOrderRefunded,
} from '../../db/payments-repo';
import { log } from '../../ops/log';
import type { ObjectStore } from '../../storage/object-store';
import { deleteFinisherPagesOfOrder } from '../finisher-pages';
import { orderChanged } from '../order-changes';
import type { PaymentGateway } from './gateway';
import { type SettleContext, satangOf } from './settle';

export type RefundResult = 'refunded' | 'not-found' | 'not-paid' | 'nothing-paid' | 'already-refunded';

export async function refundOrder(
  ctx: SettleContext & { store: ObjectStore },
  orderId: string,
  reason: string,
): Promise<RefundResult> {
  const result = await ctx.db.transaction().execute(async (trx): Promise<RefundResult> => {
    const order = await lockOrder(trx, orderId);
    if (!order) return 'not-found';
    if (order.payment_status !== 'PAID') return 'not-paid';
    if (order.payment_channel === 'FREE' || order.payment_channel === 'AM') return 'nothing-paid';
    const now = ctx.now();
    if (!(await setOrderRefunded(trx, orderId, now, reason))) return 'already-refunded';
    await insertPayment(trx, {
      order_id: orderId,
      gateway: order.payment_gateway,
      channel: order.payment_channel,
      amount: order.amount,
      status: 'REFUNDED',
      gateway_ref: '',
      note: reason,
      created_at: now,
    });
    return 'refunded';
  });
  if (result === 'refunded') {
    orderChanged(orderId);
    // The runner's public finisher pages showed photos that are no longer theirs.
    await deleteFinisherPagesOfOrder(ctx, orderId);
  }
  return result;
}

export type DuplicateRefund =
  | { payment_id: number; refunded: string }
  | { payment_id: number; skipped: string };

/**
 * Gives a duplicate card charge back through the gateway's API (the refund-duplicate job): the order was
 * already paid when this charge succeeded. A refusal by the gateway throws, so the job tries again.
 */
export async function refundDuplicateCharge(
  deps: { db: SettleContext['db']; payments?: Pick<PaymentGateway, 'name' | 'cards'> | undefined },
  paymentId: number,
): Promise<DuplicateRefund> {
  const payment = await paymentById(deps.db, paymentId);
  if (!payment) return { payment_id: paymentId, skipped: 'no such payment' };
  if (payment.status !== 'DUPLICATE') return { payment_id: paymentId, skipped: `it is ${payment.status}` };
  if (payment.channel !== 'CC') return { payment_id: paymentId, skipped: 'it is not a card charge' };
  const cards = deps.payments?.name === payment.gateway ? deps.payments.cards : undefined;
  if (!cards) {
    // Money owed back: never "done" without a refund. The job is tried again (a process with that gateway may
    // take it: set PAYMENT_GATEWAY and its keys on every process that runs jobs).
    const message = `no ${payment.gateway} card gateway in this process to refund payment ${paymentId} through (it has ${deps.payments?.name ?? 'none'})`;
    log.error(`refund-duplicate: ${message}`);
    throw new Error(message);
  }
  const refund = await cards.refundCharge(payment.gateway_ref, satangOf(payment.amount));
  if (!refund.ok) throw new Error(`${payment.gateway} refused the refund: ${refund.failure.message}`);
  await markDuplicateRefunded(
    deps.db,
    paymentId,
    `a second card charge for a paid order, refunded automatically (${refund.value.id})`,
  );
  log.warn(
    `payment ${payment.gateway} ${payment.gateway_ref}: duplicate charge refunded (${refund.value.id})`,
  );
  return { payment_id: paymentId, refunded: refund.value.id };
}
