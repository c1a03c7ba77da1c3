// Runners' alerts of new photos (migration 0013): each kept with the face's descriptor and/or bib, where to tell the
// runner, its token and the SHA-256 of its e-mail confirmation; the photos matched since, each until a notification
// said it.
import { type Selectable, sql } from 'kysely';
import type { Db } from './database';
import type { PhotoAlertsTable } from './schema';

export type PhotoAlertRow = Selectable<PhotoAlertsTable>;
export type AlertWithEvent = PhotoAlertRow & { event_key: string; title: string };

export type NewAlert = Pick<
  PhotoAlertRow,
  | 'event_id'
  | 'token'
  | 'descriptor'
  | 'bib'
  | 'language'
  | 'channel'
  | 'push_endpoint'
  | 'push_p256dh'
  | 'push_auth'
  | 'email'
  | 'confirm_sha256'
  | 'after_photo_id'
>;

export async function insertAlert(db: Db, alert: NewAlert): Promise<number> {
  const row = await db.insertInto('photo_alerts').values(alert).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

const withEvent = (db: Db) =>
  db
    .selectFrom('photo_alerts as a')
    .innerJoin('events as e', 'e.event_id', 'a.event_id')
    .selectAll('a')
    .select(['e.event_key', 'e.title']);

export const alertByToken = (db: Db, token: string): Promise<AlertWithEvent | undefined> =>
  withEvent(db).where('a.token', '=', token).executeTakeFirst();

export const alertByConfirmSecret = (db: Db, confirmSha256: string): Promise<AlertWithEvent | undefined> =>
  withEvent(db).where('a.confirm_sha256', '=', confirmSha256).executeTakeFirst();

export const alertById = (db: Db, id: number): Promise<AlertWithEvent | undefined> =>
  withEvent(db).where('a.id', '=', id).executeTakeFirst();

export async function confirmAlert(db: Db, id: number, now: Date): Promise<void> {
  await db
    .updateTable('photo_alerts')
    .set({ confirmed_at: now })
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .execute();
}

/** Stopped: what was kept to find and reach the runner (face, bib, subscription, address) is deleted with it. */
export async function stopAlert(
  db: Db,
  id: number,
  now: Date,
  reason: 'runner' | 'gone' | 'refused-endpoint',
): Promise<void> {
  await db
    .updateTable('photo_alerts')
    .set({
      stopped_at: now,
      stop_reason: reason,
      descriptor: null,
      bib: null,
      push_endpoint: null,
      push_p256dh: null,
      push_auth: null,
      email: null,
    })
    .where('id', '=', id)
    .where('stopped_at', 'is', null)
    .execute();
}

/** The largest photo id of the event (an alert made now matches photos above it). */
export async function lastPhotoId(db: Db, eventId: number): Promise<number> {
  const row = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.max('id').as('last'))
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

/** The alerts a photo can match: the event's, telling (push, or a confirmed e-mail), made before it was imported. */
export function alertsForPhoto(
  db: Db,
  eventId: number,
  photoId: number,
): Promise<Pick<PhotoAlertRow, 'id' | 'descriptor' | 'bib'>[]> {
  return db
    .selectFrom('photo_alerts')
    .select(['id', 'descriptor', 'bib'])
    .where('event_id', '=', eventId)
    .where('stopped_at', 'is', null)
    .where('after_photo_id', '<', photoId)
    .where((eb) => eb.or([eb('channel', '=', 'push'), eb('confirmed_at', 'is not', null)]))
    .execute();
}

/** Matches of a photo; answers the alerts for which it is new (a photo indexed again matches once). */
export async function addMatches(db: Db, alertIds: readonly number[], photoId: number): Promise<number[]> {
  if (alertIds.length === 0) return [];
  const rows = await db
    .insertInto('photo_alert_matches')
    .values(alertIds.map((alert_id) => ({ alert_id, photo_id: photoId })))
    .onConflict((oc) => oc.columns(['alert_id', 'photo_id']).doNothing())
    .returning('alert_id')
    .execute();
  return rows.map((r) => r.alert_id);
}

/** The alert's photos not told yet (still in the store). */
export async function untoldPhotos(db: Db, alertId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('photo_alert_matches as m')
    .innerJoin('photos as p', 'p.id', 'm.photo_id')
    .select('m.photo_id')
    .where('m.alert_id', '=', alertId)
    .where('m.notified_at', 'is', null)
    .where('p.purged_at', 'is', null)
    .orderBy('m.photo_id')
    .execute();
  return rows.map((r) => r.photo_id);
}

/** These photos were told now. */
export async function markTold(
  db: Db,
  alertId: number,
  photoIds: readonly number[],
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (photoIds.length > 0)
      await trx
        .updateTable('photo_alert_matches')
        .set({ notified_at: now })
        .where('alert_id', '=', alertId)
        .where('photo_id', 'in', [...photoIds])
        .execute();
    await trx.updateTable('photo_alerts').set({ last_sent_at: now }).where('id', '=', alertId).execute();
  });
}

/** Every photo found for the alert (still in the store), newest first. */
export async function alertPhotoIds(db: Db, alertId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('photo_alert_matches as m')
    .innerJoin('photos as p', 'p.id', 'm.photo_id')
    .select('m.photo_id')
    .where('m.alert_id', '=', alertId)
    .where('p.purged_at', 'is', null)
    .orderBy('m.photo_id', 'desc')
    .execute();
  return rows.map((r) => r.photo_id);
}

/** Confirmation e-mails counted for an address (its keyed hash) since then, at every event. */
export async function alertMailsSince(db: Db, addressKey: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('alert_mail_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('address_key', '=', addressKey)
    .where('sent_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * One more confirmation e-mail to that address, unless `most` were counted since `since`: true when counted. In a
 * transaction, under a lock of that address, so that requests at once cannot each take the last one. The log's rows
 * older than `since` are deleted.
 */
export async function countAlertMail(
  trx: Db,
  addressKey: string,
  now: Date,
  since: Date,
  most: number,
): Promise<boolean> {
  await sql`select pg_advisory_xact_lock(hashtext(${`alert-mail:${addressKey}`}))`.execute(trx);
  await trx.deleteFrom('alert_mail_log').where('sent_at', '<', since).execute();
  if ((await alertMailsSince(trx, addressKey, since)) >= most) return false;
  await trx.insertInto('alert_mail_log').values({ address_key: addressKey, sent_at: now }).execute();
  return true;
}

/** An event's photos are deleted (retention): its alerts and their matches go with them. */
export async function deleteAlertsOfEvent(db: Db, eventId: number): Promise<number> {
  const result = await db.deleteFrom('photo_alerts').where('event_id', '=', eventId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Alerts deleted at their runner's word (consent withdrawn, data erased): descriptors and matches with them. */
export async function deleteAlerts(db: Db, alertIds: readonly number[]): Promise<number> {
  if (alertIds.length === 0) return 0;
  const result = await db.deleteFrom('photo_alerts').where('id', 'in', alertIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** An event's alerts that keep a face (its face search turned off): deleted, matches with them. */
export async function deleteFaceAlertsOfEvent(db: Db, eventId: number): Promise<number> {
  const result = await db
    .deleteFrom('photo_alerts')
    .where('event_id', '=', eventId)
    .where('descriptor', 'is not', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
