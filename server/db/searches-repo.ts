// Selfie searches: the signed upload, its search, and the selfie's deletion: as soon as the search has answered,
// else by the purge once its time is up (issue 17: at the latest a minute after its upload).
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

/**
 * The search is being answered: its selfie is due for deletion from now on, so that a process stopped before it
 * deletes the selfie leaves the deletion to the purge, and the same search cannot be run twice.
 */
export async function markSearched(db: Db, searchId: string, at: Date): Promise<void> {
  await db
    .updateTable('face_searches')
    .set({ searched_at: at, purge_after: at })
    .where('search_id', '=', searchId)
    .execute();
}

export async function markSelfiesDeleted(db: Db, searchIds: string[], at: Date): Promise<void> {
  if (searchIds.length === 0) return;
  await db
    .updateTable('face_searches')
    .set({ selfie_deleted_at: at })
    .where('search_id', 'in', searchIds)
    .execute();
}

/**
 * Searches due at or before `at` (purge_after), oldest first: those whose selfie is still to delete, or, with
 * `deleted`, those whose selfie was deleted (rows to forget).
 */
export async function searchesDue(db: Db, at: Date, deleted: boolean, limit = 500) {
  return db
    .selectFrom('face_searches')
    .select(['search_id', 'file_location'])
    .where('purge_after', '<=', at)
    .where('selfie_deleted_at', deleted ? 'is not' : 'is', null)
    .orderBy('purge_after')
    .limit(limit)
    .execute();
}

export async function deleteSearches(db: Db, searchIds: string[]): Promise<void> {
  if (searchIds.length === 0) return;
  await db.deleteFrom('face_searches').where('search_id', 'in', searchIds).execute();
}
