// What the store holds under one phone or e-mail, read and erased at its owner's request (DESIGN §6): orders by their
// contact (or, once masked, by the contact's keyed hash in contact_key), their photos and notices, photo alerts by
// e-mail, face removal requests by the contact's keyed hash, and the consents recorded with those alerts. Erasing
// touches only contacts: an order's amounts, items and payments stay for the accounts.
import { sql } from 'kysely';
import type { Db } from './database';

export interface HeldOrderRow {
  order_id: string;
  event_key: string;
  title: string;
  amount: string;
  paid_amount: string;
  payment_status: string;
  payment_channel: string;
  created_at: Date;
  paid_at: Date | null;
  refunded_at: Date | null;
  mobile: string;
  email: string;
  contact_key: string | null;
  contact_masked_at: Date | null;
}

const date = (value: Date | string) => new Date(value);
const maybeDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * The orders held under a contact: those with that mobile (or e-mail, any case), and those masked under its keyed
 * hash (contact_key holds the keys of an order's mobile and e-mail, space-separated). Erased contacts are not held.
 */
export async function ordersHeldUnder(
  db: Db,
  contact: { kind: 'mobile' | 'email'; value: string },
  key: string,
): Promise<HeldOrderRow[]> {
  const rows = await db
    .selectFrom('orders as o')
    .innerJoin('events as e', 'e.event_id', 'o.event_id')
    .select([
      'o.order_id',
      'e.event_key',
      'e.title',
      'o.amount',
      'o.paid_amount',
      'o.payment_status',
      'o.payment_channel',
      'o.created_at',
      'o.paid_at',
      'o.refunded_at',
      'o.mobile',
      'o.email',
      'o.contact_key',
      'o.contact_masked_at',
    ])
    .where('o.contact_erased_at', 'is', null)
    .where((eb) =>
      eb.or([
        contact.kind === 'mobile'
          ? eb('o.mobile', '=', contact.value)
          : eb(sql<string>`lower(o.email)`, '=', contact.value),
        eb.and([
          eb('o.contact_key', 'is not', null),
          eb(sql<number>`position(${key} in o.contact_key)`, '>', 0),
        ]),
      ]),
    )
    .orderBy('o.created_at', 'desc')
    .orderBy('o.order_id')
    .execute();
  return rows.map((row) => ({
    ...row,
    amount: String(row.amount),
    paid_amount: String(row.paid_amount),
    created_at: date(row.created_at),
    paid_at: maybeDate(row.paid_at),
    refunded_at: maybeDate(row.refunded_at),
    contact_masked_at: maybeDate(row.contact_masked_at),
  }));
}

export interface HeldPhotoRow {
  order_id: string;
  photo_id: number;
  event_key: string;
  file_name: string;
  purged: boolean;
}

export async function photosOfOrders(db: Db, orderIds: readonly string[]): Promise<HeldPhotoRow[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .selectFrom('order_items as i')
    .innerJoin('photos as p', 'p.id', 'i.photo_id')
    .innerJoin('events as e', 'e.event_id', 'p.event_id')
    .select(['i.order_id', 'p.id as photo_id', 'e.event_key', 'p.file_name', 'p.purged_at'])
    .where('i.order_id', 'in', [...orderIds])
    .orderBy('i.order_id')
    .orderBy('i.position')
    .execute();
  return rows.map(({ purged_at, ...row }) => ({ ...row, purged: purged_at !== null }));
}

export interface HeldNoticeRow {
  id: number;
  order_id: string;
  channel: string;
  recipient: string;
  state: string;
  created_at: Date;
  sent_at: Date | null;
}

/** The notices of these orders sent to one of `recipients` (the contact, and its masked form once masked). */
export async function noticesOfOrders(
  db: Db,
  orderIds: readonly string[],
  recipients?: readonly string[],
): Promise<HeldNoticeRow[]> {
  if (orderIds.length === 0 || recipients?.length === 0) return [];
  let query = db
    .selectFrom('notices')
    .select(['id', 'order_id', 'channel', 'recipient', 'state', 'created_at', 'sent_at'])
    .where('order_id', 'in', [...orderIds]);
  if (recipients) query = query.where(sql<string>`lower(recipient)`, 'in', [...recipients]);
  const rows = await query.orderBy('id').execute();
  return rows.map((row) => ({ ...row, created_at: date(row.created_at), sent_at: maybeDate(row.sent_at) }));
}

export interface HeldAlertRow {
  id: number;
  event_key: string;
  title: string;
  created_at: Date;
  confirmed_at: Date | null;
  stopped_at: Date | null;
  channel: string;
  face_kept: boolean;
  bib: string | null;
  photos_found: number;
}

/** Photo alerts that tell this e-mail address (any case). */
export async function alertsOfEmail(db: Db, email: string): Promise<HeldAlertRow[]> {
  const rows = await db
    .selectFrom('photo_alerts as a')
    .innerJoin('events as e', 'e.event_id', 'a.event_id')
    .select([
      'a.id',
      'e.event_key',
      'e.title',
      'a.created_at',
      'a.confirmed_at',
      'a.stopped_at',
      'a.channel',
      'a.bib',
      sql<boolean>`a.descriptor is not null`.as('face_kept'),
      (eb) =>
        eb
          .selectFrom('photo_alert_matches as m')
          .select((m) => m.fn.countAll<string>().as('n'))
          .whereRef('m.alert_id', '=', 'a.id')
          .as('photos_found'),
    ])
    .where(sql<string>`lower(a.email)`, '=', email)
    .orderBy('a.id')
    .execute();
  return rows.map((row) => ({
    ...row,
    created_at: date(row.created_at),
    confirmed_at: maybeDate(row.confirmed_at),
    stopped_at: maybeDate(row.stopped_at),
    photos_found: Number(row.photos_found ?? 0),
  }));
}

export interface HeldRemovalRow {
  id: number;
  state: string;
  created_at: Date;
  confirmed_at: Date | null;
  undone_at: Date | null;
  faces_removed: number;
}

export async function removalsOfKey(db: Db, key: string): Promise<HeldRemovalRow[]> {
  const rows = await db
    .selectFrom('face_removals')
    .select(['id', 'state', 'created_at', 'confirmed_at', 'undone_at', 'faces_removed'])
    .where('contact_key', '=', key)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    ...row,
    created_at: date(row.created_at),
    confirmed_at: maybeDate(row.confirmed_at),
    undone_at: maybeDate(row.undone_at),
  }));
}

export interface HeldConsentRow {
  id: number;
  purpose: string;
  notice_version: string;
  event_key: string | null;
  given_at: Date;
  withdrawn_at: Date | null;
  alert_id: number | null;
}

/** The consents recorded with these alerts. */
export async function consentsOfAlerts(db: Db, alertIds: readonly number[]): Promise<HeldConsentRow[]> {
  if (alertIds.length === 0) return [];
  const rows = await db
    .selectFrom('face_consents as c')
    .leftJoin('events as e', 'e.event_id', 'c.event_id')
    .select([
      'c.id',
      'c.purpose',
      'c.notice_version',
      'e.event_key',
      'c.given_at',
      'c.withdrawn_at',
      'c.alert_id',
    ])
    .where('c.alert_id', 'in', [...alertIds])
    .orderBy('c.id')
    .execute();
  return rows.map((row) => ({
    ...row,
    given_at: date(row.given_at),
    withdrawn_at: maybeDate(row.withdrawn_at),
  }));
}

/** Deletes these alerts (their descriptors, and their matches with them). */
export async function deleteAlertsById(db: Db, alertIds: readonly number[]): Promise<number> {
  if (alertIds.length === 0) return 0;
  const result = await db
    .deleteFrom('photo_alerts')
    .where('id', 'in', [...alertIds])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Erases these orders' contacts now: phone and e-mail emptied, no key kept, the notices' recipients emptied. */
export async function eraseOrderContacts(db: Db, orderIds: readonly string[], now: Date): Promise<number> {
  if (orderIds.length === 0) return 0;
  const result = await db
    .updateTable('orders')
    .set({ mobile: '', email: '', contact_key: null, contact_erased_at: now })
    .where('order_id', 'in', [...orderIds])
    .executeTakeFirst();
  await db
    .updateTable('notices')
    .set({ recipient: '' })
    .where('order_id', 'in', [...orderIds])
    .execute();
  return Number(result.numUpdatedRows);
}

/** Masks one order's contact: its masked forms kept, with the keyed hashes of the contact it had. */
export async function maskOrderContact(
  db: Db,
  orderId: string,
  masked: { mobile: string; email: string; contact_key: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ ...masked, contact_masked_at: now })
    .where('order_id', '=', orderId)
    .execute();
}

/** Sets one notice's recipient (its masked form). */
export async function setNoticeRecipient(db: Db, noticeId: number, recipient: string): Promise<void> {
  await db.updateTable('notices').set({ recipient }).where('id', '=', noticeId).execute();
}
