// Queries over events and the lists that hang off them (packages, wholesale packages, stages).
import { sql } from 'kysely';
import { sharedByKey } from './coalesce';
import type { Db } from './database';
import type { EventRow, NewEvent } from './schema';

/**
 * The event's photos are still kept at `now`: Thai midnight after eventdate + retention_days (core/sale.ts says the
 * same for one event). An event past it is not on sale, whatever its sale window says.
 */
const photosKept = (now: Date) =>
  sql<boolean>`(((eventdate + retention_days + 1)::text || ' 00:00:00+07')::timestamptz > ${now})`;

export interface EventLists {
  packages: { name: string; name_en: string; number_of_photo: number; price: string }[];
  packagesHb: { name: string; name_en: string }[];
  stages: { id: number; name: string; name_en: string }[];
}

/** On sale: the sale window contains now. */
export async function listOnSale(db: Db, now: Date, page: number, pageSize: number): Promise<EventRow[]> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('on_sale_start', '<=', now)
    .where('on_sale_end', '>=', now)
    .where(photosKept(now))
    .orderBy('pin', 'desc')
    .orderBy('eventdate', 'desc')
    .orderBy('event_id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
}

export async function countOnSale(db: Db, now: Date): Promise<number> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('on_sale_start', '<=', now)
    .where('on_sale_end', '>=', now)
    .where(photosKept(now))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findByKey(db: Db, eventKey: string): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('event_key', '=', eventKey).executeTakeFirst();
}

const sharedEventRead = sharedByKey(findByKey);

/**
 * findByKey for the hot paths (a rush of face searches reads one event 50 times at once): reads of one event that
 * overlap share one query. Nothing is cached: a read that starts after the last one finished queries again, so a
 * change to the event is seen as soon as it is committed. Each caller gets its own copy of the row.
 */
export async function findByKeyShared(db: Db, eventKey: string): Promise<EventRow | undefined> {
  const row = await sharedEventRead(db, eventKey);
  return row ? { ...row } : undefined;
}

/** The event's packages (tiers), fewest photos first: all a price needs (one query, not listsOf's three). */
export function packagesOf(db: Db, eventId: number): Promise<EventLists['packages']> {
  return db
    .selectFrom('event_packages')
    .select(['name', 'name_en', 'number_of_photo', 'price'])
    .where('event_id', '=', eventId)
    .orderBy('number_of_photo')
    .execute();
}

const sharedPackagesRead = sharedByKey((db, eventId) => packagesOf(db, Number(eventId)));

/** packagesOf for the hot paths (every answer of a rush of searches prices its matches): as findByKeyShared. */
export async function packagesOfShared(db: Db, eventId: number): Promise<EventLists['packages']> {
  return (await sharedPackagesRead(db, String(eventId))).map((p) => ({ ...p }));
}

export async function listsOf(db: Db, eventId: number): Promise<EventLists> {
  const [packages, packagesHb, stages] = await Promise.all([
    packagesOf(db, eventId),
    db
      .selectFrom('event_packages_hb')
      .select(['name', 'name_en'])
      .where('event_id', '=', eventId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('event_stages')
      .select(['id', 'name', 'name_en'])
      .where('event_id', '=', eventId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
  ]);
  return { packages, packagesHb, stages };
}

export async function countEvents(db: Db): Promise<number> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NewEventWithLists {
  event: NewEvent;
  packages?: { name: string; name_en: string; number_of_photo: number; price: string }[];
  packagesHb?: { name: string; name_en: string }[];
  stages?: { name: string; name_en: string }[];
}

/** Creates an event and its lists in one transaction: all of it or nothing. */
export async function insertEvent(db: Db, input: NewEventWithLists): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { event_id } = await trx
      .insertInto('events')
      .values(input.event)
      .returning('event_id')
      .executeTakeFirstOrThrow();
    if (input.packages?.length) {
      await trx
        .insertInto('event_packages')
        .values(input.packages.map((p) => ({ ...p, event_id })))
        .execute();
    }
    if (input.packagesHb?.length) {
      await trx
        .insertInto('event_packages_hb')
        .values(input.packagesHb.map((p) => ({ ...p, event_id })))
        .execute();
    }
    if (input.stages?.length) {
      await trx
        .insertInto('event_stages')
        .values(input.stages.map((s, i) => ({ ...s, event_id, sort_order: i })))
        .execute();
    }
    return event_id;
  });
}

/** Every event, newest first (admin listing). */
export async function listAll(db: Db): Promise<EventRow[]> {
  return db
    .selectFrom('events')
    .selectAll()
    .orderBy('eventdate', 'desc')
    .orderBy('event_id', 'desc')
    .execute();
}

export async function findById(db: Db, eventId: number): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('event_id', '=', eventId).executeTakeFirst();
}

/** Upcoming: the sale opens after now; soonest first. */
export async function listUpcoming(db: Db, now: Date, limit: number): Promise<EventRow[]> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('on_sale_start', '>', now)
    .where(photosKept(now))
    .orderBy('on_sale_start')
    .orderBy('event_id')
    .limit(limit)
    .execute();
}

/** A team's events that are on sale or upcoming (sale not yet ended), newest event date first. */
export async function listByTeam(db: Db, teamKey: string, now: Date, limit: number): Promise<EventRow[]> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('team_key', '=', teamKey)
    .where('on_sale_end', '>=', now)
    .where(photosKept(now))
    .orderBy('eventdate', 'desc')
    .orderBy('event_id', 'desc')
    .limit(limit)
    .execute();
}

/** Whether the stage belongs to the event. */
export async function hasStage(db: Db, eventId: number, stageId: number): Promise<boolean> {
  const row = await db
    .selectFrom('event_stages')
    .select('id')
    .where('id', '=', stageId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}

// Admin writes (the admin CLI's update-event, set-packages, set-wholesale-packages, add-stage).

export type EventPatch = Partial<Omit<NewEvent, 'event_id' | 'event_key' | 'created_at'>>;

/** Changes an event's fields; answers false when no event has this id. */
export async function updateEvent(db: Db, eventId: number, patch: EventPatch): Promise<boolean> {
  if (Object.keys(patch).length === 0) return true;
  const result = await db.updateTable('events').set(patch).where('event_id', '=', eventId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Replaces an event's price tiers in one transaction. */
export async function replacePackages(
  db: Db,
  eventId: number,
  packages: { name: string; name_en: string; number_of_photo: number; price: string }[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('event_packages').where('event_id', '=', eventId).execute();
    if (packages.length) {
      await trx
        .insertInto('event_packages')
        .values(packages.map((p) => ({ ...p, event_id: eventId })))
        .execute();
    }
  });
}

/** Replaces an event's wholesale (photographer team) packages in one transaction. */
export async function replacePackagesHb(
  db: Db,
  eventId: number,
  packages: { name: string; name_en: string }[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('event_packages_hb').where('event_id', '=', eventId).execute();
    if (packages.length) {
      await trx
        .insertInto('event_packages_hb')
        .values(packages.map((p) => ({ ...p, event_id: eventId })))
        .execute();
    }
  });
}

/** Adds a stage after the event's last one and answers its id. */
export async function addStage(db: Db, eventId: number, name: string, nameEn: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('event_stages')
      .select((eb) => eb.fn.max('sort_order').as('n'))
      .where('event_id', '=', eventId)
      .executeTakeFirst();
    const { id } = await trx
      .insertInto('event_stages')
      .values({ event_id: eventId, name, name_en: nameEn, sort_order: (last?.n ?? -1) + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  });
}

/** Events whose photos are past their retention period and not yet purged (the retention job's work). */
export async function eventsToPurge(db: Db, now: Date): Promise<Pick<EventRow, 'event_id' | 'event_key'>[]> {
  return db
    .selectFrom('events')
    .select(['event_id', 'event_key'])
    .where('purged_at', 'is', null)
    .where(sql<boolean>`not ${photosKept(now)}`)
    .orderBy('event_id')
    .execute();
}

export async function markEventPurged(db: Db, eventId: number, at: Date): Promise<void> {
  await db.updateTable('events').set({ purged_at: at }).where('event_id', '=', eventId).execute();
}
