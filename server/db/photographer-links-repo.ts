// Photographers' upload links: kept as the SHA-256 of their secret, with the event, the photographer,
// when they stop working and whether they were revoked.
import type { Db } from './database';

export interface PhotographerLinkRow {
  id: number;
  event_id: number;
  photographer_id: number;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

export async function insertLink(
  db: Db,
  link: { eventId: number; photographerId: number; secretSha256: string; expiresAt: Date },
): Promise<number> {
  const row = await db
    .insertInto('photographer_links')
    .values({
      event_id: link.eventId,
      photographer_id: link.photographerId,
      secret_sha256: link.secretSha256,
      expires_at: link.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The link with this secret's hash that works at `now` (not expired, not revoked), with its event's key. */
export async function workingLink(
  db: Db,
  secretSha256: string,
  now: Date,
): Promise<(PhotographerLinkRow & { event_key: string; title: string }) | undefined> {
  return db
    .selectFrom('photographer_links as l')
    .innerJoin('events as e', 'e.event_id', 'l.event_id')
    .select([
      'l.id',
      'l.event_id',
      'l.photographer_id',
      'l.created_at',
      'l.expires_at',
      'l.revoked_at',
      'e.event_key',
      'e.title',
    ])
    .where('l.secret_sha256', '=', secretSha256)
    .where('l.revoked_at', 'is', null)
    .where('l.expires_at', '>', now)
    .where('e.purged_at', 'is', null)
    .executeTakeFirst();
}

export async function linksOfEvent(db: Db, eventId: number): Promise<PhotographerLinkRow[]> {
  return db
    .selectFrom('photographer_links')
    .select(['id', 'event_id', 'photographer_id', 'created_at', 'expires_at', 'revoked_at'])
    .where('event_id', '=', eventId)
    .orderBy('id')
    .execute();
}

/** Revokes a link; answers false when no link has this id or it was revoked already. */
export async function revokeLink(db: Db, id: number, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('photographer_links')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
