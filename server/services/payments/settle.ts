// Owns money: the one place where an order becomes PAID. Every way money or approval arrives (a gateway's callback,
// a card charge read back, the inquiry's check at the gateway, the operator's mark-paid, an AM approval) ends here.
// INITIAL → PAID happens once, under the order's row lock, with the delivery jobs written in the same transaction;
// replays, late and out-of-order reports change nothing, and money that cannot be taken (wrong amount, expired
// photos, a second payment) is kept as a record for a refund. A unique index allows one PAID row per order.

import { parseAmount } from '../../../core/pricing';
import { saleState } from '../../../core/sale';
import type { Db } from '../../db/database';
import { findById } from '../../db/events-repo';
import {
  findOpenedPayment,
  insertPayment,
  type LockedOrder,
  lockOrder,
  movePayment,
  setOrderPaid,
} from '../../db/payments-repo';
import type { PaymentRowStatus } from '../../db/schema';
import { enqueue } from '../../jobs/queue';
import { log } from '../../ops/log';
import { countPaid } from '../../ops/metrics';
import { orderChanged } from '../order-changes';
import type { GatewayName, PaymentReport } from './gateway';

export interface SettleContext {
  db: Db;
  now: () => Date;
}

export type SettleResult =
  /** This report made the order PAID. */
  | 'paid'
  /** The same payment again (a replay, a late or concurrent copy): nothing changed. */
  | 'already-paid'
  /** A second, different payment for an order already PAID: kept as DUPLICATE, a card charge refunded by a job. */
  | 'duplicate-payment'
  /** No order has a payment under this reference. */
  | 'unknown-payment'
  /** Paid, but not the order's amount: kept as REJECTED, the order stays INITIAL. */
  | 'wrong-amount'
  /** Paid after the order's photos expired: kept as REJECTED for a refund, the order stays INITIAL. */
  | 'expired'
  /** The attempt failed: the payment is closed as FAILED, the order stays INITIAL. */
  | 'failed'
  /** Nothing happened yet. */
  | 'pending';

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;

/** Satang of a decimal amount string ("63.00" → 6300); NaN (equal to nothing) when it is not an amount. */
export const satangOf = (amount: string): number => parseAmount(String(amount)) ?? Number.NaN;

/** Whether the photos of the order's event are past their retention period at `now`. */
async function photosExpired(db: Db, order: LockedOrder, now: Date): Promise<boolean> {
  const event = await findById(db, order.event_id);
  if (!event) return true;
  const { day_diff } = saleState(
    {
      onSaleStart: new Date(event.on_sale_start),
      onSaleEnd: new Date(event.on_sale_end),
      eventDate: event.eventdate,
      retentionDays: event.retention_days,
    },
    now,
  );
  return day_diff === 0;
}

/**
 * Applies a verified gateway report to the order whose payment it names. Safe to call any number of times, from
 * any number of processes, in any order.
 */
export async function settlePayment(
  ctx: SettleContext,
  gateway: GatewayName,
  report: PaymentReport,
): Promise<SettleResult> {
  if (report.status === 'pending') return 'pending';
  const opened = await findOpenedPayment(ctx.db, gateway, report.gatewayRef);
  if (!opened) return 'unknown-payment';
  let paidAmount = '0';
  try {
    const result = await ctx.db.transaction().execute(async (trx): Promise<SettleResult> => {
      const order = await lockOrder(trx, opened.order_id);
      if (!order) return 'unknown-payment';
      // Read again under the lock: a concurrent report may have moved it.
      const row = await findOpenedPayment(trx, gateway, report.gatewayRef);
      if (!row) return 'unknown-payment';
      if (row.status === 'PAID' || row.status === 'DUPLICATE') return 'already-paid';
      if (report.status === 'failed') {
        await movePayment(trx, row.id, 'FAILED', report.failure || 'the payment was not successful');
        return 'failed';
      }
      if (row.status === 'REJECTED') return 'already-paid';

      const ref = report.paymentRef ? `transfer ${report.paymentRef}` : 'paid';
      if (order.payment_status === 'PAID') {
        await movePayment(trx, row.id, 'DUPLICATE', `${ref}: a second payment for a paid order, refund it`);
        // A card charge is given back through the gateway's API, by a job (retried until the gateway takes it).
        if (row.channel === 'CC') await enqueue(trx, 'refund-duplicate', { payment_id: row.id });
        log.warn(`payment ${gateway} ${report.gatewayRef}: order ${order.order_id} was already paid`);
        return 'duplicate-payment';
      }
      const expected = satangOf(order.amount);
      if (report.amountSatang !== expected) {
        await movePayment(
          trx,
          row.id,
          'REJECTED',
          `${ref}: ${report.amountSatang} satang, expected ${expected}`,
        );
        log.error(`payment ${gateway} ${report.gatewayRef}: ${report.amountSatang} satang for ${expected}`);
        return 'wrong-amount';
      }
      const now = ctx.now();
      if (await photosExpired(trx, order, now)) {
        await movePayment(trx, row.id, 'REJECTED', `${ref}: paid after the photos expired, refund it`);
        return 'expired';
      }
      if (
        !(await setOrderPaid(trx, order.order_id, {
          paymentRef: report.paymentRef,
          paidAmount: order.amount,
          at: now,
        }))
      )
        return 'already-paid';
      await movePayment(trx, row.id, 'PAID', ref);
      await queueDelivery(trx, order.order_id, order.payment_channel);
      paidAmount = order.amount;
      return 'paid';
    });
    // Committed: a page waiting on this order hears of it at once.
    if (result === 'paid' || result === 'failed') orderChanged(opened.order_id);
    if (result === 'paid') countPaid(gateway, paidAmount);
    return result;
  } catch (error) {
    // Two processes raced past the lock (cannot happen under FOR UPDATE, but the index is the last word).
    if (isUniqueViolation(error)) return 'already-paid';
    throw error;
  }
}

export type ManualSettleResult = 'paid' | 'not-found' | 'already-paid' | 'not-am' | 'is-am' | 'is-free';

/** An operator records money received outside the gateway (a slip): the order becomes PAID. */
export async function markPaidByOperator(
  ctx: SettleContext,
  orderId: string,
  proof: { paymentRef: string; note: string },
): Promise<ManualSettleResult> {
  return settleByHand(
    ctx,
    orderId,
    (order) => {
      if (order.payment_channel === 'AM') return 'is-am';
      if (order.payment_channel === 'FREE') return 'is-free';
      return undefined;
    },
    {
      paymentRef: proof.paymentRef,
      status: 'PAID',
      paidAmount: (order) => order.amount,
      note: proof.note || 'marked paid by an administrator',
    },
  );
}

/** An administrator approves an AM (extra photos) order: it becomes PAID without money changing hands. */
export async function approveAmOrder(ctx: SettleContext, orderId: string): Promise<ManualSettleResult> {
  return settleByHand(ctx, orderId, (order) => (order.payment_channel === 'AM' ? undefined : 'not-am'), {
    paymentRef: '',
    status: 'APPROVED',
    paidAmount: () => '0.00',
    note: 'AM order approved by an administrator',
  });
}

async function settleByHand(
  ctx: SettleContext,
  orderId: string,
  refuse: (order: LockedOrder) => ManualSettleResult | undefined,
  how: {
    paymentRef: string;
    status: PaymentRowStatus;
    paidAmount: (order: LockedOrder) => string;
    note: string;
  },
): Promise<ManualSettleResult> {
  const result = await ctx.db.transaction().execute(async (trx): Promise<ManualSettleResult> => {
    const order = await lockOrder(trx, orderId);
    if (!order) return 'not-found';
    const refused = refuse(order);
    if (refused) return refused;
    const now = ctx.now();
    const paidAmount = how.paidAmount(order);
    if (!(await setOrderPaid(trx, orderId, { paymentRef: how.paymentRef, paidAmount, at: now })))
      return 'already-paid';
    await insertPayment(trx, {
      order_id: orderId,
      gateway: order.payment_gateway,
      channel: order.payment_channel,
      amount: paidAmount,
      status: how.status,
      gateway_ref: how.paymentRef,
      note: how.note,
      created_at: now,
    });
    await queueDelivery(trx, orderId, order.payment_channel);
    return 'paid';
  });
  if (result === 'paid') orderChanged(orderId);
  return result;
}

/**
 * What follows PAID, written with it: the originals and logo versions made by jobs, and the download link sent.
 * FREE orders are complete at creation (their originals are the photos themselves) and only get the notice.
 */
export async function queueDelivery(
  trx: Db,
  orderId: string,
  channel: string,
  options: { notify?: boolean } = {},
): Promise<void> {
  if (channel !== 'FREE') {
    await enqueue(trx, 'prepare-originals', { order_id: orderId });
    await enqueue(trx, 'prepare-logos', { order_id: orderId });
  }
  if (options.notify ?? true) await enqueue(trx, 'notify-order', { order_id: orderId, reason: 'paid' });
}
