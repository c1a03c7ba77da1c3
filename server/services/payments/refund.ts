// Owns money: an operator's refund of a paid order (the refund itself is made at the gateway or by transfer; this
// records it). The order keeps its record, marked with when and why, a REFUNDED payments row holds the amount,
// and its downloads stop.
import { insertPayment, lockOrder, setOrderRefunded } from '../../db/payments-repo';
import { orderChanged } from '../order-changes';
import type { SettleContext } from './settle';

export type RefundResult = 'refunded' | 'not-found' | 'not-paid' | 'nothing-paid' | 'already-refunded';

export async function refundOrder(
  ctx: SettleContext,
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
  if (result === 'refunded') orderChanged(orderId);
  return result;
}
