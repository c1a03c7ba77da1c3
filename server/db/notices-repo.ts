// Owns the outbox of delivery notices: written by the notify-order job (one row per channel, once per job), sent
// by send-notice jobs, each row ending sent or failed with its last error.
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
 * Notices written to `recipient` on `channel` since `since` for orders that paid nothing (issue 33: the cap on what
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
