// Owns money state: the payments table (one row per payment opened at a gateway, one PAID row per order at most,
// refused and duplicate payments kept for the operator) and the primitives of settling an order. Callers hold the
// transaction: services/payments/settle.ts is the one place that decides.
import type { Db } from './database';
import type { PaymentChannel, PaymentRowStatus, PaymentStatus } from './schema';

export type { PaymentRowStatus } from './schema';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface NewPayment {
  order_id: string;
  gateway: string;
  channel: PaymentChannel;
  amount: string;
  status: PaymentRowStatus;
  gateway_ref: string;
  note: string;
  created_at: Date;
}

export async function insertPayment(db: Db, payment: NewPayment): Promise<void> {
  await db.insertInto('payments').values(payment).execute();
}

export interface PaymentRow {
  id: number;
  order_id: string;
  gateway: string;
  channel: PaymentChannel;
  amount: string;
  status: PaymentRowStatus;
  gateway_ref: string;
}

/** The payment a gateway opened under this reference (its first row), if any. */
export async function findOpenedPayment(
  db: Db,
  gateway: string,
  gatewayRef: string,
): Promise<PaymentRow | undefined> {
  if (gatewayRef === '') return undefined;
  return db
    .selectFrom('payments')
    .select(['id', 'order_id', 'gateway', 'channel', 'amount', 'status', 'gateway_ref'])
    .where('gateway', '=', gateway)
    .where('gateway_ref', '=', gatewayRef)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** An order's payments still waiting at a gateway (newest first), optionally of one channel. */
export async function pendingPayments(
  db: Db,
  orderId: string,
  channel?: PaymentChannel,
): Promise<PaymentRow[]> {
  if (!UUID.test(orderId)) return [];
  let query = db
    .selectFrom('payments')
    .select(['id', 'order_id', 'gateway', 'channel', 'amount', 'status', 'gateway_ref'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'PENDING')
    .where('gateway_ref', '<>', '');
  if (channel) query = query.where('channel', '=', channel);
  return query.orderBy('id', 'desc').execute();
}

/** When the order's newest card charge still waiting (PENDING) was opened, or undefined without one. */
export async function newestPendingCardCharge(db: Db, orderId: string): Promise<Date | undefined> {
  if (!UUID.test(orderId)) return undefined;
  const row = await db
    .selectFrom('payments')
    .select('created_at')
    .where('order_id', '=', orderId)
    .where('status', '=', 'PENDING')
    .where('channel', '=', 'CC')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? new Date(row.created_at) : undefined;
}

/** The newest failure note of an order's gateway payments, when its newest attempt failed. */
export async function latestPaymentFailure(db: Db, orderId: string): Promise<string | undefined> {
  if (!UUID.test(orderId)) return undefined;
  const row = await db
    .selectFrom('payments')
    .select(['status', 'note'])
    .where('order_id', '=', orderId)
    .where('status', 'in', ['PENDING', 'FAILED', 'PAID'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.status === 'FAILED' ? row.note || 'the payment was not successful' : undefined;
}

/**
 * Moves an opened payment on: from PENDING to anything, and from FAILED to PAID or DUPLICATE (money that arrives
 * after a failed attempt is still money). A PAID row never changes again. Answers whether the row moved.
 */
export async function movePayment(
  db: Db,
  id: number,
  status: PaymentRowStatus,
  note: string,
): Promise<boolean> {
  const from: PaymentRowStatus[] =
    status === 'PAID' || status === 'DUPLICATE' ? ['PENDING', 'FAILED'] : ['PENDING'];
  const updated = await db
    .updateTable('payments')
    .set({ status, note })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** A duplicate payment was given back at the gateway: DUPLICATE → REFUNDED (once). */
export async function markDuplicateRefunded(db: Db, id: number, note: string): Promise<boolean> {
  const updated = await db
    .updateTable('payments')
    .set({ status: 'REFUNDED', note })
    .where('id', '=', id)
    .where('status', '=', 'DUPLICATE')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function paymentById(db: Db, id: number): Promise<PaymentRow | undefined> {
  if (!Number.isSafeInteger(id)) return undefined;
  return db
    .selectFrom('payments')
    .select(['id', 'order_id', 'gateway', 'channel', 'amount', 'status', 'gateway_ref'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The order fields settling needs, with its row locked until the transaction ends. */
export interface LockedOrder {
  order_id: string;
  event_id: number;
  payment_status: PaymentStatus;
  payment_channel: PaymentChannel;
  payment_gateway: string;
  amount: string;
  refunded_at: Date | null;
}

export async function lockOrder(trx: Db, orderId: string): Promise<LockedOrder | undefined> {
  if (!UUID.test(orderId)) return undefined;
  return trx
    .selectFrom('orders')
    .select([
      'order_id',
      'event_id',
      'payment_status',
      'payment_channel',
      'payment_gateway',
      'amount',
      'refunded_at',
    ])
    .where('order_id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
}

/** INITIAL → PAID, guarded: answers false when the order was not INITIAL. */
export async function setOrderPaid(
  trx: Db,
  orderId: string,
  paid: { paymentRef: string; paidAmount: string; at: Date },
): Promise<boolean> {
  const updated = await trx
    .updateTable('orders')
    .set({
      payment_status: 'PAID',
      paid_at: paid.at,
      payment_ref: paid.paymentRef || null,
      paid_amount: paid.paidAmount,
      is_original_image_created: false,
      is_logo_image_created: false,
    })
    .where('order_id', '=', orderId)
    .where('payment_status', '=', 'INITIAL')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Refund: the order keeps its record, marked with when and why; its download stops. */
export async function setOrderRefunded(trx: Db, orderId: string, at: Date, reason: string): Promise<boolean> {
  const updated = await trx
    .updateTable('orders')
    .set({ refunded_at: at, refund_reason: reason })
    .where('order_id', '=', orderId)
    .where('refunded_at', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** An order's payments, oldest first (admin listing, tests). */
export async function paymentsOf(db: Db, orderId: string) {
  if (!UUID.test(orderId)) return [];
  return db
    .selectFrom('payments')
    .select(['id', 'gateway', 'channel', 'amount', 'status', 'gateway_ref', 'note', 'created_at'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}
