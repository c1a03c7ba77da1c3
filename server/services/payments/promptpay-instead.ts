// Owns money: an unpaid card (CC) order paid by PromptPay instead, on the same order (the buyer's card was
// declined, or they would rather scan a QR). SPEC §9's fee is 5% whatever the channel, so the amount stays the
// order's own; the QR is opened at the gateway for exactly that amount and recorded as the order's PENDING PromptPay
// payment, and the order's channel becomes PP, so no new card charge can start on it. Card charges the order
// already has are read first: one that went through settles the order (no QR for a paid order); one still at the
// bank's 3-D Secure page is finished or left first. A card charge that succeeds after the switch still settles
// through settle.ts (a second payment is kept as DUPLICATE and a card's refunded), so no money is ever lost.

import { CURRENCY } from '../../../core/constants';
import type { ValidPromptPayInsteadRequest } from '../../../core/contract/promptpay-instead';
import type { AppContext } from '../../context';
import { findOrderWithEvent } from '../../db/orders-repo';
import { switchOrderToPromptPay } from '../../db/payment-channel-repo';
import { newestPendingCardCharge } from '../../db/payments-repo';
import { log } from '../../ops/log';
import { CHARGE_AT_BANK_MS, orderReturnUri, settleCardCharges, withChargeClaim } from '../card-payment';
import { orderChanged } from '../order-changes';
import { orderPhotosExpired, tokenMatches, wrongToken } from '../orders';
import { accept, type Outcome, type Refusal, refuse } from '../outcome';
import { GatewayUnavailable } from './gateway';

export type PromptPayInsteadContext = Pick<AppContext, 'db' | 'now' | 'appToken' | 'payments'>;

const FIELD = 'order_uuid';

const alreadyPaid = (): Refusal =>
  refuse(409, 'this order is already paid', { field: FIELD, code: 'already-paid', th: 'คำสั่งซื้อนี้ชำระเงินแล้ว' });

const cardInProgress = (): Refusal =>
  refuse(409, 'a card payment of this order is in progress: finish it or try again in a few minutes', {
    field: FIELD,
    code: 'payment-in-progress',
    th: 'กำลังดำเนินการชำระด้วยบัตรของคำสั่งซื้อนี้อยู่ กรุณาทำให้เสร็จหรือลองใหม่ในอีกสักครู่',
  });

/** Turns the card order `order_uuid` into a PromptPay order; a second ask (another tab) answers the same. */
export async function payByPromptPayInstead(
  ctx: PromptPayInsteadContext,
  request: ValidPromptPayInsteadRequest,
  options: { baseUrl: string },
): Promise<Outcome<{ payment_channel: 'PP' }>> {
  if (!tokenMatches(request.tk, ctx.appToken)) return wrongToken('tk');
  const order = await findOrderWithEvent(ctx.db, request.order_uuid);
  if (!order)
    return refuse(404, 'order not found', { field: FIELD, code: 'order-not-found', th: 'ไม่พบคำสั่งซื้อนี้' });
  if (order.payment_status === 'PAID') return alreadyPaid();
  if (order.payment_channel === 'PP') return accept({ payment_channel: 'PP' });
  if (order.payment_channel !== 'CC')
    return refuse(400, 'only an order waiting for a card payment can be paid by PromptPay instead', {
      field: FIELD,
      code: 'not-card-order',
      th: 'เปลี่ยนเป็นชำระด้วยพร้อมเพย์ได้เฉพาะคำสั่งซื้อที่รอชำระด้วยบัตร',
    });
  if (order.payment_currency !== CURRENCY)
    return refuse(400, 'PromptPay takes payments in THB only', {
      field: FIELD,
      code: 'not-thb',
      th: 'พร้อมเพย์รับชำระเป็นเงินบาทเท่านั้น',
    });
  if (orderPhotosExpired(order, ctx.now()))
    return refuse(400, 'the photos of this event have expired', {
      field: FIELD,
      code: 'photos-expired',
      th: 'ภาพของงานนี้หมดระยะเวลาการเก็บแล้ว',
    });

  // The order's card claim: no card charge starts while the order changes channel, nor a second switch.
  return withChargeClaim(ctx, order.order_id, cardInProgress, async () => {
    const cards = ctx.payments.cards;
    if (cards) {
      const settled = await settleCardCharges(ctx, order.order_id, ctx.payments.name, cards);
      if (settled === 'paid' || settled === 'already-paid') return alreadyPaid();
      if (settled === 'unreachable')
        return refuse(
          503,
          'the card gateway cannot be reached to check an earlier payment, please try again',
          {
            code: 'card-gateway-error',
            th: 'ไม่สามารถตรวจสอบการชำระเงินครั้งก่อนกับผู้ให้บริการบัตรได้ กรุณาลองใหม่อีกครั้ง',
          },
        );
    }
    const pendingSince = await newestPendingCardCharge(ctx.db, order.order_id);
    if (pendingSince && ctx.now().getTime() - pendingSince.getTime() < CHARGE_AT_BANK_MS)
      return cardInProgress();

    const gateway = ctx.payments.name;
    const base = options.baseUrl.replace(/\/+$/, '');
    let opened: { qrcode_url: string; gateway_ref: string };
    try {
      opened = await ctx.payments.createPayment({
        order_id: order.order_id,
        amount: String(order.amount),
        channel: 'PP',
        returnUri: orderReturnUri(base, order.order_id),
        callbackUri: `${base}/api/payments/${gateway.toLowerCase()}/callback`,
      });
    } catch (error) {
      if (!(error instanceof GatewayUnavailable)) throw error;
      log.error(`promptpay instead: ${gateway} could not open a payment`, { err: error });
      return refuse(502, 'the payment gateway is not available, please try again', {
        code: error.code,
        th: 'ระบบชำระเงินไม่พร้อมใช้งานในขณะนี้ กรุณาลองใหม่อีกครั้ง',
      });
    }
    if (!opened.qrcode_url || !opened.gateway_ref)
      return refuse(502, 'the payment gateway answered no PromptPay QR, please try again', {
        code: 'payment-gateway-error',
        th: 'ระบบชำระเงินไม่ได้ส่ง QR Code พร้อมเพย์กลับมา กรุณาลองใหม่อีกครั้ง',
      });
    const switched = await switchOrderToPromptPay(ctx.db, {
      orderId: order.order_id,
      gateway,
      qrcodeUrl: opened.qrcode_url,
      gatewayRef: opened.gateway_ref,
      at: ctx.now(),
    });
    // Paid meanwhile (an operator, a card charge read by an inquiry): the QR just opened is never shown.
    if (switched === 'paid') return alreadyPaid();
    if (switched === 'missing')
      return refuse(404, 'order not found', { field: FIELD, code: 'order-not-found', th: 'ไม่พบคำสั่งซื้อนี้' });
    if (switched === 'switched') orderChanged(order.order_id);
    return accept({ payment_channel: 'PP' });
  });
}
