// Queries over photos: stage browsing, highlights, lookups by id, the hours photos were taken, and inserts.
import { sql } from 'kysely';
import type { Db } from './database';
import type { NewPhoto, PhotoRow } from './schema';

/** The fields a photo answer (server/services/photo-shape.ts) and an order need. */
export type PhotoRef = Pick<
  PhotoRow,
  'id' | 'event_id' | 'file_name' | 'original_file_name' | 'photographer_id' | 'is_manual'
>;
const refColumns = [
  'id',
  'event_id',
  'file_name',
  'original_file_name',
  'photographer_id',
  'is_manual',
] as const;

/** Which of an event's photos the stage search shows. */
export interface StageFilter {
  eventId: number;
  /** null: every stage. */
  stageId: number | null;
  /** Taken at or after `from` and before `to`; null: the whole event. */
  range: { from: Date; to: Date } | null;
}

/** Ids in the range a bigint column and a JS number both hold exactly; anything else cannot name a photo. */
export const isPhotoId = (id: number): boolean => Number.isSafeInteger(id) && id >= 1;

function filtered(db: Db, filter: StageFilter) {
  let query = db.selectFrom('photos').where('event_id', '=', filter.eventId);
  if (filter.stageId !== null) query = query.where('stage_id', '=', filter.stageId);
  if (filter.range) {
    query = query.where('taken_at', '>=', filter.range.from).where('taken_at', '<', filter.range.to);
  }
  return query;
}

export async function countStagePhotos(db: Db, filter: StageFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of the stage search, in the order the photos were taken. */
export async function listStagePhotos(
  db: Db,
  filter: StageFilter,
  page: number,
  pageSize: number,
): Promise<PhotoRef[]> {
  return filtered(db, filter)
    .select(refColumns)
    .orderBy('taken_at')
    .orderBy('id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
}

/**
 * An event's highlight photos, newest taken first; when none is flagged, its newest photos instead, so the
 * gallery of an event page is never empty while the event has photos.
 */
export async function listHighlights(db: Db, eventId: number, limit: number): Promise<PhotoRow[]> {
  const newest = (highlightsOnly: boolean) => {
    let query = db.selectFrom('photos').selectAll().where('event_id', '=', eventId);
    if (highlightsOnly) query = query.where('is_highlight', '=', true);
    return query
      .orderBy('taken_at', 'desc')
      .orderBy('id', 'desc')
      .limit(Math.max(0, Math.floor(limit)))
      .execute();
  };
  const highlights = await newest(true);
  return highlights.length > 0 ? highlights : newest(false);
}

/** The photos with these ids, by ascending id; ids that name no photo are left out. */
export async function photosByIds(db: Db, ids: readonly number[]): Promise<PhotoRef[]> {
  const wanted = [...new Set(ids.filter(isPhotoId))];
  if (wanted.length === 0) return [];
  return db.selectFrom('photos').select(refColumns).where('id', 'in', wanted).orderBy('id').execute();
}

/** What indexing needs of a photo: its file, and for grouping its faces its size, photographer and time. */
export async function photoForIndexing(
  db: Db,
  id: number,
): Promise<
  | Pick<
      PhotoRow,
      'id' | 'event_id' | 'file_name' | 'photographer_id' | 'camera' | 'width' | 'height' | 'taken_at'
    >
  | undefined
> {
  if (!isPhotoId(id)) return undefined;
  return db
    .selectFrom('photos')
    .select(['id', 'event_id', 'file_name', 'photographer_id', 'camera', 'width', 'height', 'taken_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A photo taken near one of the given ones: which one, and how far apart in time (seconds). */
export interface NearbyPhoto extends PhotoRef {
  near_id: number;
  gap_seconds: number;
}

/**
 * The event's photos taken by the same photographer with the same camera within `seconds` before or after one of
 * `photoIds` (of that event), not purged and not among them; each candidate once per photo it is near, at most
 * `limit` rows, closest in time first. Served by photos_nearby (event, photographer, camera, taken_at).
 */
export async function photosTakenNear(
  db: Db,
  eventId: number,
  photoIds: readonly number[],
  seconds: number,
  limit: number,
): Promise<NearbyPhoto[]> {
  const wanted = [...new Set(photoIds.filter(isPhotoId))];
  if (wanted.length === 0) return [];
  const window = sql<string>`make_interval(secs => ${seconds})`;
  const gap = sql<number>`abs(extract(epoch from (p.taken_at - m.taken_at)))::float8`;
  const rows = await db
    .selectFrom('photos as m')
    .innerJoin('photos as p', (join) =>
      join
        .onRef('p.event_id', '=', 'm.event_id')
        .onRef('p.photographer_id', '=', 'm.photographer_id')
        .onRef('p.camera', '=', 'm.camera')
        .on(sql<boolean>`p.taken_at between m.taken_at - ${window} and m.taken_at + ${window}`),
    )
    .select([
      'p.id',
      'p.event_id',
      'p.file_name',
      'p.original_file_name',
      'p.photographer_id',
      'p.is_manual',
      'm.id as near_id',
      gap.as('gap_seconds'),
    ])
    .where('m.event_id', '=', eventId)
    .where('m.id', 'in', wanted)
    .where('p.id', 'not in', wanted)
    .where('p.purged_at', 'is', null)
    .orderBy(gap)
    .orderBy('p.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, gap_seconds: Number(r.gap_seconds) }));
}

/** The key of the event a photo belongs to, or undefined for an unknown photo. */
export async function eventKeyOfPhoto(db: Db, photoId: number): Promise<string | undefined> {
  if (!isPhotoId(photoId)) return undefined;
  const row = await db
    .selectFrom('photos')
    .innerJoin('events', 'events.event_id', 'photos.event_id')
    .select('events.event_key')
    .where('photos.id', '=', photoId)
    .executeTakeFirst();
  return row?.event_key;
}

/** The distinct hours (whole hours since the Unix epoch) in which an event's photos were taken, ascending. */
export async function photoHours(db: Db, eventId: number): Promise<number[]> {
  const hour = sql<number>`floor(extract(epoch from taken_at) / 3600)::bigint`;
  const rows = await db
    .selectFrom('photos')
    .select(hour.as('hour'))
    .where('event_id', '=', eventId)
    .groupBy(hour)
    .orderBy(hour)
    .execute();
  return rows.map((r) => Number(r.hour));
}

/** Inserts photos (tests, the import pipeline) in one statement and returns their ids in the same order. */
export async function insertPhotos(db: Db, rows: readonly NewPhoto[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('photos')
    .values([...rows])
    .returning('id')
    .execute();
  return inserted.map((r) => r.id);
}

/**
 * A batch of an event's photos that retention has not purged yet; with `olderPreviewsThan`, only those whose
 * public images were made in an older way than that version.
 */
export async function unpurgedPhotos(
  db: Db,
  eventId: number,
  limit: number,
  olderPreviewsThan?: number,
): Promise<{ id: number; file_name: string; preview_version: number }[]> {
  let query = db
    .selectFrom('photos')
    .select(['id', 'file_name', 'preview_version'])
    .where('event_id', '=', eventId)
    .where('purged_at', 'is', null);
  if (olderPreviewsThan !== undefined) query = query.where('preview_version', '<', olderPreviewsThan);
  return query.orderBy('id').limit(limit).execute();
}

/** Retention: the photos' faces go, their rows stay (orders name them), marked purged. */
export async function markPhotosPurged(db: Db, ids: readonly number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('faces')
      .where('photo_id', 'in', [...ids])
      .execute();
    await trx
      .updateTable('photos')
      .set({ purged_at: at, is_highlight: false })
      .where('id', 'in', [...ids])
      .execute();
  });
}

/** Events with photos (not purged) whose public images were made in an older way than `version`. */
export async function eventsWithOlderPreviews(db: Db, version: number): Promise<number[]> {
  const rows = await db
    .selectFrom('photos')
    .select('event_id')
    .distinct()
    .where('preview_version', '<', version)
    .where('purged_at', 'is', null)
    .orderBy('event_id')
    .execute();
  return rows.map((r) => r.event_id);
}

/**
 * Gives a photo the stored file name its objects were just written under (its public images made again), with the
 * version they were made by; only while it still has `from` (another remake that finished first wins). Answers
 * whether it was changed.
 */
export async function setFileName(
  db: Db,
  id: number,
  change: { from: string; to: string; previewVersion: number },
): Promise<boolean> {
  const changed = await db
    .updateTable('photos')
    .set({ file_name: change.to, preview_version: change.previewVersion })
    .where('id', '=', id)
    .where('file_name', '=', change.from)
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) === 1;
}

export async function setPreviewVersion(db: Db, id: number, version: number): Promise<void> {
  await db.updateTable('photos').set({ preview_version: version }).where('id', '=', id).execute();
}

/**
 * What each photographer has sent (so the shop owner sees the day): photos in all, and those since each of
 * `since` (one count per time, in its order).
 */
export async function photosByPhotographer(
  db: Db,
  since: readonly Date[],
  eventId?: number,
): Promise<{ photographer_id: number; photos: number; recent: number[] }[]> {
  const rows = await db
    .selectFrom('photos')
    .select([
      'photographer_id',
      sql<string>`count(*)`.as('photos'),
      ...since.map((at, i) => sql<string>`count(*) filter (where created_at >= ${at})`.as(`recent_${i}`)),
    ])
    .where('purged_at', 'is', null)
    .$if(eventId !== undefined, (q) => q.where('event_id', '=', eventId as number))
    .groupBy('photographer_id')
    .orderBy('photographer_id')
    .execute();
  return rows.map((r) => {
    const row = r as Record<string, unknown>;
    return {
      photographer_id: r.photographer_id,
      photos: Number(r.photos),
      recent: since.map((_, i) => Number(row[`recent_${i}`])),
    };
  });
}
