// Owns money state: orders, their items and payment records. An order and everything it needs is written in one
// transaction; the INITIAL → PAID step is a guarded update, so a payment is recorded at most once.
import { sql } from 'kysely';
import type { Db } from './database';
import type { PaymentChannel, PaymentStatus } from './schema';

/** The photo fields an order needs (kept here so orders do not depend on the photos module). */
export interface OrderPhoto {
  id: number;
  event_id: number;
  file_name: string;
  original_file_name: string;
  photographer_id: number;
}

export async function orderPhotosByIds(db: Db, ids: readonly number[]): Promise<OrderPhoto[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('photos')
    .select(['id', 'event_id', 'file_name', 'original_file_name', 'photographer_id'])
    .where('id', 'in', [...ids])
    .execute();
}

export async function orderIdByIdempotencyKey(db: Db, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('orders')
    .select('order_id')
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row?.order_id;
}

export interface NewOrder {
  order_id: string;
  event_id: number;
  mobile: string;
  email: string;
  amount: string;
  payment_currency: string;
  payment_gateway: string;
  payment_channel: PaymentChannel;
  qrcode_url: string;
  is_mhao: boolean;
  order_team: string;
  coupon_code: string;
  am_order_ref: string;
  api_version: number;
  idempotency_key: string | null;
  created_at: Date;
  /** Set for orders that are complete at creation (FREE). */
  paid_at: Date | null;
}

export interface NewPaymentRecord {
  status: string;
  amount: string;
  gateway_ref: string;
  note: string;
}

/**
 * Writes the order, its items (in cart order) and its first payment record in one transaction. Returns false,
 * writing nothing, when another order already holds the idempotency key (PostgreSQL waits for a concurrent holder
 * to commit before deciding).
 */
export async function insertOrder(
  db: Db,
  order: NewOrder,
  photoIds: readonly number[],
  payment: NewPaymentRecord | undefined,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const paid = order.paid_at !== null;
    const inserted = await trx
      .insertInto('orders')
      .values({
        ...order,
        paid_amount: '0.00',
        payment_status: paid ? 'PAID' : 'INITIAL',
        is_original_image_created: paid,
        is_logo_image_created: paid,
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning('order_id')
      .executeTakeFirst();
    if (!inserted) return false;
    await trx
      .insertInto('order_items')
      .values(photoIds.map((photo_id, position) => ({ order_id: order.order_id, photo_id, position })))
      .execute();
    if (payment) {
      await trx
        .insertInto('payments')
        .values({
          ...payment,
          order_id: order.order_id,
          gateway: order.payment_gateway,
          channel: order.payment_channel,
          created_at: order.created_at,
        })
        .execute();
    }
    return true;
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An order with what the inquiry needs from its event. */
export async function findOrderWithEvent(db: Db, orderId: string) {
  if (!UUID.test(orderId)) return undefined;
  return db
    .selectFrom('orders as o')
    .innerJoin('events as e', 'e.event_id', 'o.event_id')
    .selectAll('o')
    .select(['e.event_key', 'e.eventdate', 'e.retention_days', 'e.on_sale_start', 'e.on_sale_end'])
    .where('o.order_id', '=', orderId)
    .executeTakeFirst();
}

/** The order's photos in cart order. */
export async function orderItemPhotos(db: Db, orderId: string): Promise<OrderPhoto[]> {
  return db
    .selectFrom('order_items as i')
    .innerJoin('photos as p', 'p.id', 'i.photo_id')
    .select(['p.id', 'p.event_id', 'p.file_name', 'p.original_file_name', 'p.photographer_id'])
    .where('i.order_id', '=', orderId)
    .orderBy('i.position')
    .execute();
}

export const FIND_ORDERS_LIMIT = 50;

export interface FoundOrderRow {
  order_id: string;
  created_at: Date;
  title: string;
  payment_status: PaymentStatus;
}

/** Find-order: an exact mobile, or a payment reference ending in the given characters (any case). Newest first. */
export async function findOrders(
  db: Db,
  filter: { mobile: string } | { paymentRefSuffix: string },
): Promise<FoundOrderRow[]> {
  let query = db
    .selectFrom('orders as o')
    .innerJoin('events as e', 'e.event_id', 'o.event_id')
    .select(['o.order_id', 'o.created_at', 'e.title', 'o.payment_status']);
  if ('mobile' in filter) {
    query = query.where('o.mobile', '=', filter.mobile);
  } else {
    const suffix = filter.paymentRefSuffix.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`);
    query = query.where(sql<boolean>`lower(o.payment_ref) like ${`%${suffix}`}`);
  }
  const rows = await query
    .orderBy('o.created_at', 'desc')
    .orderBy('o.order_id')
    .limit(FIND_ORDERS_LIMIT)
    .execute();
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at) }));
}

export interface PendingAmOrder {
  order_id: string;
  event_key: string;
  title: string;
  mobile: string;
  email: string;
  amount: string;
  am_order_ref: string;
  created_at: Date;
  photo_count: number;
}

/** AM (extra photos) orders waiting for an administrator, oldest first. */
export async function listPendingAmOrders(db: Db): Promise<PendingAmOrder[]> {
  const rows = await db
    .selectFrom('orders as o')
    .innerJoin('events as e', 'e.event_id', 'o.event_id')
    .select((eb) => [
      'o.order_id',
      'e.event_key',
      'e.title',
      'o.mobile',
      'o.email',
      'o.amount',
      'o.am_order_ref',
      'o.created_at',
      eb
        .selectFrom('order_items as i')
        .select((sub) => sub.fn.countAll<string>().as('n'))
        .whereRef('i.order_id', '=', 'o.order_id')
        .as('photo_count'),
    ])
    .where('o.payment_channel', '=', 'AM')
    .where('o.payment_status', '=', 'INITIAL')
    .orderBy('o.created_at')
    .orderBy('o.order_id')
    .execute();
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at), photo_count: Number(r.photo_count) }));
}

export type MarkPaidResult = 'paid' | 'not-found' | 'already-paid' | 'not-am';

export interface PaymentProof {
  /** The transfer slip or gateway reference; find-order matches its last 4 characters. */
  paymentRef: string;
  note?: string;
  at: Date;
}

/** Records a received payment: a payments row, and the order PAID with paid_at, payment_ref and paid_amount. */
export async function markOrderPaid(db: Db, orderId: string, proof: PaymentProof): Promise<MarkPaidResult> {
  return settle(db, orderId, proof, false);
}

/** An administrator approves an AM (extra photos) order: it becomes PAID without money changing hands. */
export async function approveAmOrder(db: Db, orderId: string, at: Date): Promise<MarkPaidResult> {
  return settle(db, orderId, { paymentRef: '', note: 'AM order approved by an administrator', at }, true);
}

async function settle(
  db: Db,
  orderId: string,
  proof: PaymentProof,
  amOnly: boolean,
): Promise<MarkPaidResult> {
  if (!UUID.test(orderId)) return 'not-found';
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('orders')
      .select(['payment_status', 'payment_channel'])
      .where('order_id', '=', orderId)
      .forUpdate()
      .executeTakeFirst();
    if (!current) return 'not-found';
    if (amOnly && current.payment_channel !== 'AM') return 'not-am';
    if (current.payment_status === 'PAID') return 'already-paid';
    const order = await trx
      .updateTable('orders')
      .set((eb) => ({
        payment_status: 'PAID',
        paid_at: proof.at,
        payment_ref: proof.paymentRef || null,
        paid_amount: amOnly ? '0.00' : eb.ref('amount'),
        is_original_image_created: true,
        is_logo_image_created: true,
      }))
      .where('order_id', '=', orderId)
      .where('payment_status', '=', 'INITIAL')
      .returning(['payment_gateway', 'payment_channel', 'paid_amount'])
      .executeTakeFirst();
    if (!order) return 'already-paid';
    await trx
      .insertInto('payments')
      .values({
        order_id: orderId,
        gateway: order.payment_gateway,
        channel: order.payment_channel,
        amount: order.paid_amount,
        status: amOnly ? 'APPROVED' : 'PAID',
        gateway_ref: proof.paymentRef,
        note: proof.note ?? '',
        created_at: proof.at,
      })
      .execute();
    return 'paid';
  });
}

/** A row of the conf table (admin-set settings such as PAYMENT_GATEWAY), or undefined when absent. */
export async function readConf(db: Db, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('conf').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value;
}

/** The gateway name of card charges in the payments table. */
export const OPN_GATEWAY = 'OPN';

/** Records a card charge opened at the gateway for an order: a payments row (OPN, CC) holding the charge id. */
export async function recordCardCharge(
  db: Db,
  charge: { orderId: string; chargeId: string; amount: string; status: string; at: Date },
): Promise<void> {
  await db
    .insertInto('payments')
    .values({
      order_id: charge.orderId,
      gateway: OPN_GATEWAY,
      channel: 'CC',
      amount: charge.amount,
      status: charge.status,
      gateway_ref: charge.chargeId,
      note: 'card charge',
      created_at: charge.at,
    })
    .execute();
}

/** An order's card charges still PENDING (charge id and amount), newest first. */
export async function pendingCardCharges(
  db: Db,
  orderId: string,
): Promise<{ chargeId: string; amount: string }[]> {
  if (!UUID.test(orderId)) return [];
  const rows = await db
    .selectFrom('payments')
    .select(['gateway_ref', 'amount'])
    .where('order_id', '=', orderId)
    .where('gateway', '=', OPN_GATEWAY)
    .where('channel', '=', 'CC')
    .where('status', '=', 'PENDING')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({ chargeId: r.gateway_ref, amount: r.amount }));
}

/** Moves a PENDING card charge row to the status the gateway reports (SUCCESSFUL, FAILED, EXPIRED ...). */
export async function setCardChargeStatus(db: Db, chargeId: string, status: string): Promise<void> {
  await db
    .updateTable('payments')
    .set({ status })
    .where('gateway', '=', OPN_GATEWAY)
    .where('gateway_ref', '=', chargeId)
    .where('status', '=', 'PENDING')
    .execute();
}
