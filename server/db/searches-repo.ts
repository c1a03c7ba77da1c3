// Selfie searches: the signed upload, its search, and the selfie's deletion: as soon as the search has answered,
// else by the purge once its time is up (at the latest a minute after its upload).
// In a rush of searches, the signatures' inserts, the searches' reads and their marks are batched (coalesce.ts).
import { batched } from './coalesce';
import type { Db } from './database';

export interface NewSearch {
  search_id: string;
  event_id: number;
  file_location: string;
  content_type: string;
  purge_after: Date;
}

/** Ids one statement's IN list takes at most (well within PostgreSQL's 65535 parameters). */
const MOST_IDS = 1000;

const chunks = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / MOST_IDS) }, (_, i) =>
    items.slice(i * MOST_IDS, (i + 1) * MOST_IDS),
  );

/** The latest of the batch's times: its calls are all answered from then on. */
const latest = (times: readonly Date[]): Date => new Date(Math.max(...times.map((t) => t.getTime())));

const insertSearches = batched(async (db, searches: NewSearch[]) => {
  await db.insertInto('face_searches').values(searches).execute();
  return searches.map(() => undefined);
});

export function insertSearch(db: Db, search: NewSearch): Promise<void> {
  return insertSearches(db, search);
}

const selectSearches = (db: Db, searchIds: readonly string[]) =>
  db.selectFrom('face_searches').selectAll().where('search_id', 'in', searchIds).execute();

type SearchRow = Awaited<ReturnType<typeof selectSearches>>[number];

/** A search id the uuid column can read: another would fail the whole batch's statement, so it is found nowhere. */
const SEARCH_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const findSearches = batched(async (db, searchIds: string[]) => {
  // Ids are compared as the uuid column compares them: whatever the letters' case.
  const wanted = searchIds.map((id) => id.toLowerCase());
  const valid = [...new Set(wanted.filter((id) => SEARCH_ID.test(id)))];
  const rows = valid.length > 0 ? await selectSearches(db, valid) : [];
  const byId = new Map(rows.map((r) => [r.search_id.toLowerCase(), r]));
  return wanted.map((id): SearchRow | undefined => {
    const row = byId.get(id);
    return row ? { ...row } : undefined;
  });
});

export function findSearch(db: Db, searchId: string): Promise<SearchRow | undefined> {
  return findSearches(db, searchId);
}

/**
 * The search is being answered: its selfie is due for deletion from now on, so that a process stopped before it
 * deletes the selfie leaves the deletion to the purge, and the same search cannot be run twice. Only the first mark
 * of a search counts: each call answers whether it was that one (two requests of one search at once: one runs).
 */
const markSearches = batched(async (db, marks: { searchId: string; at: Date }[]) => {
  const at = latest(marks.map((m) => m.at));
  const ids = marks.map((m) => m.searchId.toLowerCase());
  const marked = new Set<string>();
  for (const chunk of chunks([...new Set(ids.filter((id) => SEARCH_ID.test(id)))])) {
    const rows = await db
      .updateTable('face_searches')
      .set({ searched_at: at, purge_after: at })
      .where('search_id', 'in', chunk)
      .where('searched_at', 'is', null)
      .returning('search_id')
      .execute();
    for (const row of rows) marked.add(row.search_id.toLowerCase());
  }
  // A search asked twice in one batch: its first call is the one that marked it.
  return ids.map((id) => marked.delete(id));
});

/** Marks the search as answered now; false when it already was (another request of it is running or ran). */
export function markSearched(db: Db, searchId: string, at: Date): Promise<boolean> {
  return markSearches(db, { searchId, at });
}

const markDeleted = batched(async (db, marks: { searchIds: string[]; at: Date }[]) => {
  const at = latest(marks.map((m) => m.at));
  for (const ids of chunks(marks.flatMap((m) => m.searchIds)))
    await db
      .updateTable('face_searches')
      .set({ selfie_deleted_at: at })
      .where('search_id', 'in', ids)
      .execute();
  return marks.map(() => undefined);
});

export async function markSelfiesDeleted(db: Db, searchIds: string[], at: Date): Promise<void> {
  if (searchIds.length === 0) return;
  await markDeleted(db, { searchIds, at });
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
