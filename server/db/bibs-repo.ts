// Bib numbers read under faces and an event's start list. Reads are stored as read; which of them are the
// event's bibs (its rule, its list) is decided in server/bibs/event-bibs.ts. The event's runners are its start list
// filled by its results (results-repo.ts): a bib the results have and the start list does not is a runner too, with
// the results' name and category.
import { sql } from 'kysely';
import type { Db } from './database';

/** A photo whose bibs are still to be read (indexed before bibs were read, or its reading failed). */
export async function photosWithUnreadBibs(
  db: Db,
  eventId: number,
  afterId: number,
  limit: number,
): Promise<{ id: number; file_name: string }[]> {
  return db
    .selectFrom('photos')
    .select(['id', 'file_name'])
    .where('event_id', '=', eventId)
    .where('index_state', '=', 'indexed')
    .where('bibs_read', '=', false)
    .where('purged_at', 'is', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * The event's photos with this bib read in them (any face), in the order they were taken, at most `limit`, those
 * in `except` left out.
 */
export async function photosWithBib(
  db: Db,
  eventId: number,
  bib: string,
  limit: number,
  except: readonly number[] = [],
): Promise<number[]> {
  const rows = await db
    .selectFrom('bib_reads as b')
    .innerJoin('photos as p', 'p.id', 'b.photo_id')
    .select('p.id')
    .where('b.event_id', '=', eventId)
    .where('b.bib', '=', bib)
    .where('p.purged_at', 'is', null)
    .$if(except.length > 0, (q) => q.where('p.id', 'not in', [...except]))
    .groupBy(['p.id', 'p.taken_at'])
    .orderBy('p.taken_at')
    .orderBy('p.id')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}

export interface BibOnFace {
  face_id: number;
  photo_id: number;
  bib: string;
  confidence: number;
}

/** The bibs read under these faces. */
export async function bibsOnFaces(db: Db, faceIds: readonly number[]): Promise<BibOnFace[]> {
  const ids = [...new Set(faceIds.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('bib_reads')
    .select(['face_id', 'photo_id', 'bib', 'confidence'])
    .where('face_id', 'in', ids)
    .execute();
  return rows.map((r) => ({ ...r, face_id: Number(r.face_id), photo_id: Number(r.photo_id) }));
}

/** Every number read in the event, with the photos it was read in, most photos first. */
export async function bibsReadInEvent(db: Db, eventId: number): Promise<{ bib: string; photos: number }[]> {
  const rows = await db
    .selectFrom('bib_reads')
    .select(['bib', (eb) => eb.fn.count<string>('photo_id').distinct().as('photos')])
    .where('event_id', '=', eventId)
    .groupBy('bib')
    .orderBy('photos', 'desc')
    .orderBy('bib')
    .execute();
  return rows.map((r) => ({ bib: r.bib, photos: Number(r.photos) }));
}

/** An event's (or every event's) bib reading: reads kept, photos read, indexed photos still to read. */
export async function bibReadingCounts(
  db: Db,
  eventId?: number,
): Promise<{ event_id: number; reads: number; photos_read: number; photos_unread: number }[]> {
  const photos = await db
    .selectFrom('photos')
    .select([
      'event_id',
      sql<string>`count(*) filter (where bibs_read)`.as('read'),
      sql<string>`count(*) filter (where not bibs_read and index_state = 'indexed' and exists (
        select 1 from events e where e.event_id = photos.event_id and e.bib_max_digits > 0))`.as('unread'),
    ])
    .where('purged_at', 'is', null)
    .$if(eventId !== undefined, (q) => q.where('event_id', '=', eventId as number))
    .groupBy('event_id')
    .execute();
  const reads = await db
    .selectFrom('bib_reads')
    .select(['event_id', (eb) => eb.fn.countAll<string>().as('n')])
    .$if(eventId !== undefined, (q) => q.where('event_id', '=', eventId as number))
    .groupBy('event_id')
    .execute();
  const readsOf = new Map(reads.map((r) => [r.event_id, Number(r.n)]));
  return photos.map((p) => ({
    event_id: p.event_id,
    reads: readsOf.get(p.event_id) ?? 0,
    photos_read: Number(p.read),
    photos_unread: Number(p.unread),
  }));
}

export interface StartListRow {
  bib: string;
  name: string;
  category: string;
}

/** Replaces the event's start list with these rows, at once (a failed write leaves the list it had). */
export async function replaceStartList(
  db: Db,
  eventId: number,
  rows: readonly StartListRow[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('start_list').where('event_id', '=', eventId).execute();
    // In chunks: a marathon's list has tens of thousands of runners, a statement's parameters are limited.
    for (let at = 0; at < rows.length; at += 2000) {
      await trx
        .insertInto('start_list')
        .values(rows.slice(at, at + 2000).map((r) => ({ event_id: eventId, ...r })))
        .execute();
    }
  });
}

export async function startListSize(db: Db, eventId: number): Promise<number> {
  const row = await db
    .selectFrom('start_list')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The event's whole start list, by bib. */
export async function startList(db: Db, eventId: number): Promise<StartListRow[]> {
  return db
    .selectFrom('start_list')
    .select(['bib', 'name', 'category'])
    .where('event_id', '=', eventId)
    .orderBy('bib')
    .execute();
}

/** The event's runners: its start list, and the bibs of its results the start list lacks (with their names). */
function runners(db: Db, eventId: number) {
  return db
    .selectFrom('start_list')
    .select(['bib', 'name', 'category'])
    .where('event_id', '=', eventId)
    .unionAll(
      db
        .selectFrom('race_results as r')
        .select(['r.bib', 'r.name', 'r.category'])
        .where('r.event_id', '=', eventId)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('start_list as s')
                .select('s.bib')
                .whereRef('s.event_id', '=', 'r.event_id')
                .whereRef('s.bib', '=', 'r.bib'),
            ),
          ),
        ),
    )
    .as('runners');
}

/** How many runners the event knows (start list and results); 0: its bibs are those its rule allows. */
export async function runnerCount(db: Db, eventId: number): Promise<number> {
  const row = await db
    .selectFrom(runners(db, eventId))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Which of these bibs are the event's runners' (its start list or its results). */
export async function bibsOfRunners(db: Db, eventId: number, bibs: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(bibs)];
  if (wanted.length === 0) return new Set();
  const rows = await db.selectFrom(runners(db, eventId)).select('bib').where('bib', 'in', wanted).execute();
  return new Set(rows.map((r) => r.bib));
}

/**
 * The event's runners (start list and results) whose name, as written, begins with `typed` (any case; Thai or English as typed), at
 * most `limit`, by name. Matched on what the name search shows and nothing more: the first word as typed (a prefix
 * of the first name, or the whole of it when more words follow), then each further typed word by its first
 * character only, against the initials of the name's next words. "anna rod" finds "Anna Rose" as "anna r" does: a
 * walk of longer and longer queries learns nothing past the initials.
 */
export async function runnersNamed(
  db: Db,
  eventId: number,
  typed: string,
  limit: number,
): Promise<StartListRow[]> {
  return db
    .selectFrom(runners(db, eventId))
    .select(['bib', 'name', 'category'])
    .where(sql<boolean>`lower(name) ~ lower(${shownNamePattern(typed)})`)
    .orderBy('name')
    .orderBy('bib')
    .limit(limit)
    .execute();
}

/**
 * The regular expression (PostgreSQL's) of names beginning as `typed` does, compared as described at runnersNamed.
 * Made only of characters lower() leaves as they are besides the typed ones, so lower() of the whole pattern is the
 * typed text's lower case (the same lower() as the names'); every ASCII punctuation character typed is escaped, and
 * nothing else can be special to a regular expression.
 */
export function shownNamePattern(typed: string): string {
  const [first = '', ...rest] = typed.trim().split(/\s+/);
  const literal = (text: string) => text.replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`);
  const initials = rest.map((word) => `[[:space:]]+${literal(Array.from(word)[0] ?? '')}`);
  return `^${literal(first)}${initials.join('[^[:space:]]*')}`;
}
