// Owns money state: orders, their items and payment records. An order and everything it needs is written in one
// transaction; the INITIAL → PAID step is a guarded update, so a payment is recorded at most once.
import { sql } from 'kysely';
import type { Db } from './database';
import { UUID } from './payments-repo';
import type { PaymentChannel, PaymentRowStatus, PaymentStatus } from './schema';

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

/** The order an Idempotency-Key made, with the hash of the request that made it. */
export async function orderByIdempotencyKey(
  db: Db,
  key: string,
): Promise<{ order_id: string; idempotency_request: string | null } | undefined> {
  return db
    .selectFrom('orders')
    .select(['order_id', 'idempotency_request'])
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
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
  idempotency_request?: string | null;
  created_at: Date;
  /** Set for orders that are complete at creation (FREE). */
  paid_at: Date | null;
}

export interface NewPaymentRecord {
  status: PaymentRowStatus;
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
  /** More writes that belong to the new order (its delivery jobs), in the same transaction. */
  alsoWrite?: (trx: Db) => Promise<void>,
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
    await alsoWrite?.(trx);
    return true;
  });
}

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

/**
 * Find-order: an exact mobile, and (by slip) a payment reference ending in the given characters (any case). Newest
 * first.
 */
export async function findOrders(
  db: Db,
  filter: { mobile: string; paymentRefSuffix?: string },
): Promise<FoundOrderRow[]> {
  let query = db
    .selectFrom('orders as o')
    .innerJoin('events as e', 'e.event_id', 'o.event_id')
    .select(['o.order_id', 'o.created_at', 'e.title', 'o.payment_status'])
    .where('o.mobile', '=', filter.mobile);
  if (filter.paymentRefSuffix !== undefined) {
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

/** A row of the conf table (admin-set settings such as PAYMENT_GATEWAY), or undefined when absent. */
export async function readConf(db: Db, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('conf').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value;
}

/** What delivering a paid order needs: its state, event and photos' stored names. */
export async function orderForDelivery(db: Db, orderId: string) {
  if (!UUID.test(orderId)) return undefined;
  const order = await db
    .selectFrom('orders as o')
    .innerJoin('events as e', 'e.event_id', 'o.event_id')
    .select([
      'o.order_id',
      'o.payment_status',
      'o.payment_channel',
      'o.refunded_at',
      'o.mobile',
      'o.email',
      'o.amount',
      'e.event_key',
      'e.title',
    ])
    .where('o.order_id', '=', orderId)
    .executeTakeFirst();
  if (!order) return undefined;
  const photos = await db
    .selectFrom('order_items as i')
    .innerJoin('photos as p', 'p.id', 'i.photo_id')
    .select(['p.id', 'p.file_name', 'p.purged_at'])
    .where('i.order_id', '=', orderId)
    .orderBy('i.position')
    .execute();
  return { ...order, photos };
}

export type DeliveryFlag =
  | 'is_original_image_created'
  | 'is_logo_image_created'
  | 'is_send_sms'
  | 'is_send_email';

/** Turns one of the order's delivery flags to Y. */
export async function setDeliveryFlag(db: Db, orderId: string, flag: DeliveryFlag): Promise<void> {
  await db
    .updateTable('orders')
    .set({ [flag]: true })
    .where('order_id', '=', orderId)
    .execute();
}

/** What an order page can see change: its status, refund and delivery flags (one short indexed read). */
export async function orderStateToken(db: Db, orderId: string): Promise<string | undefined> {
  return (await orderStateTokens(db, [orderId])).get(orderId.toLowerCase());
}

/** Most orders read in one query by orderStateTokens. */
const TOKENS_PER_QUERY = 1000;

/**
 * The state tokens of many orders (the long polls' feed reads every watched order at once), by lower-case order id;
 * an order that does not exist (or an id that is not a uuid) is left out.
 */
export async function orderStateTokens(db: Db, orderIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(orderIds.map((id) => id.toLowerCase()).filter((id) => UUID.test(id)))];
  const tokens = new Map<string, string>();
  for (let at = 0; at < ids.length; at += TOKENS_PER_QUERY) {
    const rows = await db
      .selectFrom('orders')
      .select([
        'order_id',
        'payment_status',
        'refunded_at',
        'is_original_image_created',
        'is_logo_image_created',
      ])
      .select(
        sql<string>`(select count(*) || ':' || count(*) filter (where p.status = 'FAILED') from payments p where p.order_id = orders.order_id)`.as(
          'payments',
        ),
      )
      .where('order_id', 'in', ids.slice(at, at + TOKENS_PER_QUERY))
      .execute();
    const yn = (b: boolean) => (b ? 'Y' : 'N');
    for (const row of rows)
      tokens.set(
        String(row.order_id).toLowerCase(),
        [
          row.payment_status,
          row.refunded_at ? 'R' : '-',
          yn(row.is_original_image_created),
          yn(row.is_logo_image_created),
          row.payments,
        ].join('/'),
      );
  }
  return tokens;
}

export interface OrderListFilter {
  /** INITIAL, PAID, REFUNDED (refunded orders), or AM (AM orders waiting for approval). */
  status?: 'INITIAL' | 'PAID' | 'REFUNDED' | 'AM';
  mobile?: string;
  /** Lower case: matched against the order's e-mail in any case. */
  email?: string;
  limit: number;
}

/** Orders for the admin listing, newest first. */
export async function listOrders(db: Db, filter: OrderListFilter) {
  let query = db
    .selectFrom('orders as o')
    .innerJoin('events as e', 'e.event_id', 'o.event_id')
    .select([
      'o.order_id',
      'o.created_at',
      'e.event_key',
      'o.mobile',
      'o.email',
      'o.payment_gateway',
      'o.payment_channel',
      'o.payment_status',
      'o.amount',
      'o.payment_ref',
      'o.refunded_at',
      'o.is_original_image_created',
      'o.is_logo_image_created',
      'o.is_send_email',
      'o.is_send_sms',
    ]);
  if (filter.status === 'REFUNDED') query = query.where('o.refunded_at', 'is not', null);
  else if (filter.status === 'AM')
    query = query.where('o.payment_channel', '=', 'AM').where('o.payment_status', '=', 'INITIAL');
  else if (filter.status)
    query = query.where('o.payment_status', '=', filter.status).where('o.refunded_at', 'is', null);
  if (filter.mobile) query = query.where('o.mobile', '=', filter.mobile);
  if (filter.email) query = query.where(sql<string>`lower(o.email)`, '=', filter.email);
  const rows = await query
    .orderBy('o.created_at', 'desc')
    .orderBy('o.order_id')
    .limit(filter.limit)
    .execute();
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at) }));
}

export interface OrderContact {
  order_id: string;
  mobile: string;
  email: string;
}

/**
 * Up to `limit` orders made before `before` whose contact is not erased yet, oldest first, locked for the caller's
 * transaction; rows another transaction holds are skipped (several processes may erase at once).
 */
export async function ordersWithContactBefore(db: Db, before: Date, limit: number): Promise<OrderContact[]> {
  return db
    .selectFrom('orders')
    .select(['order_id', 'mobile', 'email'])
    .where('contact_erased_at', 'is', null)
    .where('created_at', '<', before)
    .orderBy('created_at')
    .orderBy('order_id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/**
 * Erases these orders' phones and e-mails (mobile is never null: it becomes ''), with any keyed hash of them, and
 * marks when; the order, its amounts, items and payments stay. Answers how many orders were erased now.
 */
export async function eraseContactsOfOrders(db: Db, orderIds: readonly string[], now: Date): Promise<number> {
  if (orderIds.length === 0) return 0;
  const result = await db
    .updateTable('orders')
    .set({ mobile: '', email: '', contact_key: null, contact_erased_at: now })
    .where('order_id', 'in', [...orderIds])
    .where('contact_erased_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
