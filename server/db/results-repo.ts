// An event's official results (race_results) and the camera clock offsets its operator set (camera_offsets).
// Results are replaced whole by each import; they name runners, so they go with their event (retention, purge).
import { sql } from 'kysely';
import type { Db } from './database';
import type { ResultStatus } from './schema';

export type { ResultStatus } from './schema';

export interface RaceResultRow {
  bib: string;
  name: string;
  category: string;
  status: ResultStatus;
  gun_ms: number | null;
  chip_ms: number | null;
  finish_at: Date | null;
  place: number | null;
  category_place: number | null;
}

const COLUMNS = [
  'bib',
  'name',
  'category',
  'status',
  'gun_ms',
  'chip_ms',
  'finish_at',
  'place',
  'category_place',
] as const;

/** Replaces the event's results with these rows, at once (a failed write leaves the results it had). */
export async function replaceResults(db: Db, eventId: number, rows: readonly RaceResultRow[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('race_results').where('event_id', '=', eventId).execute();
    // In chunks: a statement's parameters are limited, and a marathon has tens of thousands of finishers.
    for (let at = 0; at < rows.length; at += 1000) {
      await trx
        .insertInto('race_results')
        .values(rows.slice(at, at + 1000).map((r) => ({ event_id: eventId, ...r })))
        .execute();
    }
  });
}

export async function resultsSize(db: Db, eventId: number): Promise<number> {
  const row = await db
    .selectFrom('race_results')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the event has results (one row looked at, not counted: the order page asks on every poll). */
export async function hasResults(db: Db, eventId: number): Promise<boolean> {
  const row = await db
    .selectFrom('race_results')
    .select('bib')
    .where('event_id', '=', eventId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The event's results, finishers by place, then the others by bib. */
export async function raceResults(db: Db, eventId: number): Promise<RaceResultRow[]> {
  return db
    .selectFrom('race_results')
    .select(COLUMNS)
    .where('event_id', '=', eventId)
    .orderBy((eb) => eb.fn.coalesce('place', eb.val(2_147_483_647)))
    .orderBy('bib')
    .execute();
}

/** One bib's result, if the event's results have it. */
export async function resultOfBib(db: Db, eventId: number, bib: string): Promise<RaceResultRow | undefined> {
  return db
    .selectFrom('race_results')
    .select(COLUMNS)
    .where('event_id', '=', eventId)
    .where('bib', '=', bib)
    .executeTakeFirst();
}

/** The finish clock times of these bibs (those that have one). */
export async function finishTimesOf(
  db: Db,
  eventId: number,
  bibs: readonly string[],
): Promise<Map<string, Date>> {
  const wanted = [...new Set(bibs)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('race_results')
    .select(['bib', 'finish_at'])
    .where('event_id', '=', eventId)
    .where('bib', 'in', wanted)
    .where('finish_at', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [r.bib, r.finish_at as Date]));
}

/** The camera offsets the operator set for the event's photographers (ms, camera clock minus timing clock). */
export async function cameraOffsetsSet(db: Db, eventId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('camera_offsets')
    .select(['photographer_id', 'offset_ms'])
    .where('event_id', '=', eventId)
    .execute();
  return new Map(rows.map((r) => [r.photographer_id, r.offset_ms]));
}

/**
 * A fingerprint of what camera clocks are worked out from that an operator changes (the results' bibs and finish
 * times, the offsets set by hand): a few milliseconds over the results, where working them out reads every bib read.
 */
export async function clockInputs(db: Db, eventId: number): Promise<string> {
  const { rows } = await sql<{ inputs: string }>`
    select (
      select count(*) || ':' || coalesce(sum(hashtext(bib || '|' || coalesce(finish_at::text, ''))), 0)
      from race_results where event_id = ${eventId}
    ) || '/' || (
      select count(*) || ':' || coalesce(sum(hashtext(photographer_id || '|' || offset_ms)), 0)
      from camera_offsets where event_id = ${eventId}
    ) as inputs`.execute(db);
  return rows[0]?.inputs ?? '';
}

/** Sets a photographer's camera offset at an event by hand (undefined: back to the estimate). */
export async function setCameraOffset(
  db: Db,
  eventId: number,
  photographerId: number,
  offsetMs: number | undefined,
): Promise<void> {
  if (offsetMs === undefined) {
    await db
      .deleteFrom('camera_offsets')
      .where('event_id', '=', eventId)
      .where('photographer_id', '=', photographerId)
      .execute();
    return;
  }
  await db
    .insertInto('camera_offsets')
    .values({ event_id: eventId, photographer_id: photographerId, offset_ms: offsetMs })
    .onConflict((oc) =>
      oc.columns(['event_id', 'photographer_id']).doUpdateSet({ offset_ms: offsetMs, set_at: new Date() }),
    )
    .execute();
}

/**
 * Each photo of the event with a bib read whose result has a finish clock time, with its photographer, capture
 * time and that finish time; only photos that carry their camera's identity (the others have no capture time).
 */
export async function bibFinishPairs(
  db: Db,
  eventId: number,
): Promise<{ photographer_id: number; photo_id: number; taken_at: Date; finish_at: Date }[]> {
  const rows = await db
    .selectFrom('bib_reads as b')
    .innerJoin('photos as p', 'p.id', 'b.photo_id')
    .innerJoin('race_results as r', (join) =>
      join.onRef('r.event_id', '=', 'b.event_id').onRef('r.bib', '=', 'b.bib'),
    )
    .select(['p.photographer_id', 'p.id as photo_id', 'p.taken_at', 'r.finish_at'])
    .where('b.event_id', '=', eventId)
    .where('p.camera', '<>', '')
    .where('p.purged_at', 'is', null)
    .where('r.finish_at', 'is not', null)
    .execute();
  return rows.map((r) => ({ ...r, photo_id: Number(r.photo_id), finish_at: r.finish_at as Date }));
}

/** The event's photographers, with how many photos each has and how many carry their camera's identity. */
export async function photographersOfEvent(
  db: Db,
  eventId: number,
): Promise<{ photographer_id: number; photos: number; with_camera: number }[]> {
  const rows = await db
    .selectFrom('photos')
    .select((eb) => [
      'photographer_id',
      eb.fn.countAll<string>().as('photos'),
      eb.fn.count<string>('id').filterWhere('camera', '<>', '').as('with_camera'),
    ])
    .where('event_id', '=', eventId)
    .where('purged_at', 'is', null)
    .groupBy('photographer_id')
    .orderBy('photographer_id')
    .execute();
  return rows.map((r) => ({
    photographer_id: r.photographer_id,
    photos: Number(r.photos),
    with_camera: Number(r.with_camera),
  }));
}

/**
 * The photos a photographer took at the event between two instants of their camera's clock (photos carrying their
 * camera's identity only: the others have no capture time), with those times.
 */
export async function photosTakenBetween(
  db: Db,
  eventId: number,
  photographerId: number,
  from: Date,
  to: Date,
  limit: number,
): Promise<{ id: number; taken_at: Date }[]> {
  const rows = await db
    .selectFrom('photos')
    .select(['id', 'taken_at'])
    .where('event_id', '=', eventId)
    .where('photographer_id', '=', photographerId)
    .where('camera', '<>', '')
    .where('purged_at', 'is', null)
    .where('taken_at', '>=', from)
    .where('taken_at', '<=', to)
    .orderBy('taken_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), taken_at: r.taken_at }));
}

/** The bibs read in a photo (as read, each once). */
export async function bibsReadInPhoto(db: Db, photoId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('bib_reads')
    .select('bib')
    .distinct()
    .where('photo_id', '=', photoId)
    .orderBy('bib')
    .execute();
  return rows.map((r) => r.bib);
}
