// Owns money state: an unpaid card order turned into a PromptPay one (services/payments/promptpay-instead.ts
// decides). The order keeps its id, photos and amount; its channel, gateway and QR change together with the new
// payment's row, in one transaction, and only while the order is still an unpaid card order.
import type { Db } from './database';
import { lockOrder } from './payments-repo';

export interface PromptPaySwitch {
  orderId: string;
  /** The gateway that opened the PromptPay payment (it draws or serves the QR). */
  gateway: string;
  qrcodeUrl: string;
  gatewayRef: string;
  at: Date;
}

/**
 * CC → PP for an INITIAL order, with its PENDING PromptPay payment recorded at the order's own amount. Answers
 * what the order was when it did not move: 'paid' (paid meanwhile), 'not-card' (already switched or another
 * channel), 'missing'; 'switched' when it moved.
 */
export async function switchOrderToPromptPay(
  db: Db,
  change: PromptPaySwitch,
): Promise<'switched' | 'paid' | 'not-card' | 'missing'> {
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, change.orderId);
    if (!order) return 'missing';
    if (order.payment_status === 'PAID') return 'paid';
    if (order.payment_channel !== 'CC') return 'not-card';
    await trx
      .updateTable('orders')
      .set({ payment_channel: 'PP', payment_gateway: change.gateway, qrcode_url: change.qrcodeUrl })
      .where('order_id', '=', order.order_id)
      .execute();
    await trx
      .insertInto('payments')
      .values({
        order_id: order.order_id,
        gateway: change.gateway,
        channel: 'PP',
        amount: order.amount,
        status: 'PENDING',
        gateway_ref: change.gatewayRef,
        note: 'PromptPay instead of a card',
        created_at: change.at,
      })
      .execute();
    return 'switched';
  });
}
