// Owns the outbox of delivery notices: written by the notify-order job (one row per channel, once per job), sent
// by send-notice jobs, each row ending sent or failed with its last error. Once an order's contact is erased, so is
// its notices' recipient, and the contact wherever it appears in their text.
import { sql } from 'kysely';
import type { Db } from './database';
import type { NoticeChannel } from './schema';

export interface NewNotice {
  order_id: string;
  job_id: number;
  channel: NoticeChannel;
  recipient: string;
  subject: string;
  body: string;
}

/** Writes the notices of one notify-order job; answers their ids (none when this job already wrote them). */
export async function insertNotices(db: Db, notices: NewNotice[]): Promise<number[]> {
  if (notices.length === 0) return [];
  const rows = await db
    .insertInto('notices')
    .values(notices)
    .onConflict((oc) => oc.columns(['job_id', 'channel']).doNothing())
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function findNotice(db: Db, id: number) {
  return db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function noticeSent(db: Db, id: number, at: Date): Promise<void> {
  await db
    .updateTable('notices')
    .set((eb) => ({ state: 'sent', sent_at: at, attempts: eb('attempts', '+', 1), last_error: null }))
    .where('id', '=', id)
    .execute();
}

/** An attempt failed: kept queued for the next one, or failed for good. */
export async function noticeFailed(db: Db, id: number, error: string, final: boolean): Promise<void> {
  await db
    .updateTable('notices')
    .set((eb) => ({
      state: final ? 'failed' : 'queued',
      attempts: eb('attempts', '+', 1),
      last_error: error,
    }))
    .where('id', '=', id)
    .execute();
}

export async function noticesOf(db: Db, orderId: string) {
  return db.selectFrom('notices').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/**
 * Notices written to `recipient` on `channel` since `since` for orders that paid nothing (the cap on what
 * free orders send to numbers and addresses a caller chooses).
 */
export async function freeOrderNoticesTo(
  db: Db,
  channel: NoticeChannel,
  recipient: string,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('notices as n')
    .innerJoin('orders as o', 'o.order_id', 'n.order_id')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('n.channel', '=', channel)
    .where('n.recipient', '=', recipient)
    .where('n.created_at', '>=', since)
    .where('o.amount', '=', '0')
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The text with the notice's recipient and its order's phone and e-mail (any case) taken out. */
const withoutContact = (column: 'n.subject' | 'n.body') =>
  sql<string>`replace(replace(replace(replace(${sql.ref(column)}, n.recipient, ''), o.mobile, ''), o.email, ''), lower(o.email), '')`;

/**
 * Empties the recipients of these orders' notices and takes the contact out of their subjects and bodies (the
 * recipient as written, the order's phone and e-mail). Run before the orders' own contacts are erased: it reads them
 * there. Answers the notices changed.
 */
export async function eraseNoticeContacts(db: Db, orderIds: readonly string[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const result = await db
    .updateTable('notices as n')
    .from('orders as o')
    .set({ recipient: '', subject: withoutContact('n.subject'), body: withoutContact('n.body') })
    .whereRef('o.order_id', '=', 'n.order_id')
    .where('n.order_id', 'in', [...orderIds])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
