// Selfie searches: the signed upload, its search, and the purge of the selfie within minutes.
import type { Db } from './database';

export interface NewSearch {
  search_id: string;
  event_id: number;
  file_location: string;
  content_type: string;
  purge_after: Date;
}

export async function insertSearch(db: Db, search: NewSearch): Promise<void> {
  await db.insertInto('face_searches').values(search).execute();
}

export async function findSearch(db: Db, searchId: string) {
  return db.selectFrom('face_searches').selectAll().where('search_id', '=', searchId).executeTakeFirst();
}

export async function markSearched(db: Db, searchId: string, at: Date): Promise<void> {
  await db.updateTable('face_searches').set({ searched_at: at }).where('search_id', '=', searchId).execute();
}

/** Searches whose selfie must be deleted now. */
export async function expiredSearches(db: Db, now: Date, limit = 500) {
  return db
    .selectFrom('face_searches')
    .select(['search_id', 'file_location'])
    .where('purge_after', '<=', now)
    .orderBy('purge_after')
    .limit(limit)
    .execute();
}

export async function deleteSearches(db: Db, searchIds: string[]): Promise<void> {
  if (searchIds.length === 0) return;
  await db.deleteFrom('face_searches').where('search_id', 'in', searchIds).execute();
}
