// Faces found in event photos: each descriptor is 128 float32 stored as 512 little-endian bytes (bytea).
import { sql } from 'kysely';
import type { Db } from './database';

export const DESCRIPTOR_BYTES = 512;

export interface NewFace {
  box: { x: number; y: number; width: number; height: number };
  score: number;
  descriptor: Uint8Array;
  /** The person it joins (a face id of the event), or undefined: a new person, whose id becomes the face's own. */
  personId?: number | undefined;
}

/** A bib number read under one of the faces being saved (its index among them). */
export interface NewBibRead {
  face: number;
  bib: string;
  confidence: number;
  box: { x: number; y: number; width: number; height: number };
}

/**
 * Replaces a photo's faces and marks it indexed, in one transaction (a re-run of the job is harmless). With `bibs`
 * (read under these faces), its bib reads are replaced too and it is marked read. Answers the stored faces' ids and
 * people, in the order given. When the event's face search is off (read in the transaction, so an event turned off
 * meanwhile is seen), no face is kept: as saveUnkeptFacesOfPhoto, answering none.
 */
export async function saveFacesOfPhoto(
  db: Db,
  photoId: number,
  eventId: number,
  faces: NewFace[],
  bibs?: readonly NewBibRead[],
  /** Faces found after `faces` but not kept (a removed runner's): bibs read under them name no face. */
  unkept = 0,
): Promise<{ id: number; person_id: number }[]> {
  if (faces.some((f) => f.descriptor.length !== DESCRIPTOR_BYTES)) {
    throw new Error(`a stored face descriptor has ${DESCRIPTOR_BYTES} bytes`);
  }
  return db.transaction().execute(async (trx) => {
    if (!(await faceSearchOnInTransaction(trx, eventId))) {
      await storeUnkeptFaces(trx, photoId, eventId, faces.length + unkept, bibs);
      return [];
    }
    await trx.deleteFrom('faces').where('photo_id', '=', photoId).execute();
    let stored: { id: number; person_id: number }[] = [];
    if (faces.length > 0) {
      const ids = await trx
        .insertInto('faces')
        .values(
          faces.map((f) => ({
            photo_id: photoId,
            event_id: eventId,
            box_x: f.box.x,
            box_y: f.box.y,
            box_w: f.box.width,
            box_h: f.box.height,
            score: f.score,
            descriptor: f.descriptor,
            person_id: f.personId ?? null,
          })),
        )
        .returning('id')
        .execute();
      // A new person's id is its first face's own.
      await trx
        .updateTable('faces')
        .set((eb) => ({ person_id: eb.ref('id') }))
        .where('photo_id', '=', photoId)
        .where('person_id', 'is', null)
        .execute();
      // Ids are taken in the order of the rows given.
      const order = ids.map((r) => Number(r.id)).sort((a, b) => a - b);
      stored = order.map((id, i) => ({ id, person_id: faces[i]?.personId ?? id }));
    }
    if (bibs)
      await replaceBibReads(trx, photoId, eventId, bibs, [
        ...stored,
        ...Array.from({ length: unkept }, () => null),
      ]);
    await trx
      .updateTable('photos')
      // Its old faces went with their bib reads: read unless these faces came with theirs.
      .set({ index_state: 'indexed', index_error: null, bibs_read: bibs !== undefined })
      .where('id', '=', photoId)
      .execute();
    return stored;
  });
}

/**
 * A photo of an event whose face search is off: `found` faces were found in it, only to read the bibs under them;
 * none is kept (nor its descriptor). Its bib reads are replaced by `bibs` with no face named, and it is marked
 * indexed (and read, with `bibs`), in one transaction.
 */
export async function saveUnkeptFacesOfPhoto(
  db: Db,
  photoId: number,
  eventId: number,
  found: number,
  bibs?: readonly NewBibRead[],
): Promise<void> {
  await db.transaction().execute((trx) => storeUnkeptFaces(trx, photoId, eventId, found, bibs));
}

async function storeUnkeptFaces(
  trx: Db,
  photoId: number,
  eventId: number,
  found: number,
  bibs: readonly NewBibRead[] | undefined,
): Promise<void> {
  // Faces kept before the event's face search was turned off go too (their reads would name them).
  await trx.deleteFrom('faces').where('photo_id', '=', photoId).execute();
  if (bibs)
    await replaceBibReads(
      trx,
      photoId,
      eventId,
      bibs,
      Array.from({ length: found }, () => null),
    );
  await trx
    .updateTable('photos')
    .set({ index_state: 'indexed', index_error: null, bibs_read: bibs !== undefined })
    .where('id', '=', photoId)
    .execute();
}

/**
 * Whether the event's face search is on, its row held (FOR SHARE) until the transaction ends: turning it off waits
 * for a photo's faces being saved, and deletes them with the rest.
 */
async function faceSearchOnInTransaction(trx: Db, eventId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('events')
    .select('face_search')
    .where('event_id', '=', eventId)
    .forShare()
    .executeTakeFirst();
  return row?.face_search ?? true;
}

/**
 * Face search turned off for an event: its bib reads stop naming faces (they stay, for the bib search), then its
 * faces and their descriptors are deleted. Pass a transaction to do it with the event's change. Answers how many
 * faces were deleted, of how many photos, and the bib reads kept.
 */
export async function deleteFacesOfEvent(
  db: Db,
  eventId: number,
): Promise<{ faces: number; photos: number; bibReads: number }> {
  const reads = await db
    .updateTable('bib_reads')
    .set({ face_id: null })
    .where('event_id', '=', eventId)
    .where('face_id', 'is not', null)
    .executeTakeFirst();
  const photos = await db
    .selectFrom('faces')
    .select((eb) => eb.fn.count<string>('photo_id').distinct().as('n'))
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  const faces = await db.deleteFrom('faces').where('event_id', '=', eventId).executeTakeFirst();
  return {
    faces: Number(faces.numDeletedRows),
    photos: Number(photos.n),
    bibReads: Number(reads.numUpdatedRows),
  };
}

/**
 * Face search turned on again for an event: its photos (not purged) are indexed again, their faces found and kept,
 * each queued as an index-photo job and marked pending; a photo whose job is still queued is left to it (it reads
 * the event's setting when it runs). Pass a transaction to do it with the event's change. Answers how many.
 */
export async function queueEventForIndexing(db: Db, eventId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    with marked as (
      update photos set index_state = 'pending', index_error = null
      where event_id = ${eventId} and purged_at is null and id::text not in (
        select payload->>'photo_id' from jobs
        where kind = 'index-photo' and state = 'queued' and payload->>'photo_id' is not null)
      returning id
    ), queued as (
      insert into jobs (kind, payload)
      select 'index-photo', jsonb_build_object('photo_id', id) from marked
      returning 1
    )
    select count(*)::int as n from queued`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** How many of an event's faces have no person yet (stored before grouping; the group-faces job's work). */
export async function countUngroupedFaces(db: Db, eventId: number): Promise<number> {
  const row = await db
    .selectFrom('faces')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('event_id', '=', eventId)
    .where('person_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A stored face as grouping sees it: its descriptor, person, box (fractions) and its photo's burst facts. */
export interface FaceForGrouping {
  id: number;
  photoId: number;
  personId: number | null;
  descriptor: Uint8Array;
  box: { x: number; y: number; width: number; height: number };
  photographerId: number;
  /** The photo's camera (EXIF), '' when unknown. */
  camera: string;
  takenAtMs: number | undefined;
}

/**
 * A page of an event's faces after a face id, in id order, with what grouping needs (empty after the last). Pages
 * are small: with the embedded database a query's work and its rows' decoding hold the process's one thread (an
 * event of 100k faces read in pages of 5,000 held it about 350 ms a page, 7 s in all, while a rush's selfies waited
 * to be signed); between pages of 1,000 the requests run.
 */
export async function facesForGrouping(
  db: Db,
  eventId: number,
  afterId = 0,
  limit = 1_000,
): Promise<FaceForGrouping[]> {
  const rows = await db
    .selectFrom('faces')
    .innerJoin('photos', 'photos.id', 'faces.photo_id')
    .select([
      'faces.id',
      'faces.photo_id',
      'faces.person_id',
      'faces.descriptor',
      'faces.box_x',
      'faces.box_y',
      'faces.box_w',
      'faces.box_h',
      'photos.width',
      'photos.height',
      'photos.photographer_id',
      'photos.camera',
      'photos.taken_at',
    ])
    .where('faces.event_id', '=', eventId)
    .where('faces.id', '>', afterId)
    .orderBy('faces.id')
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const w = Math.max(1, r.width);
    const h = Math.max(1, r.height);
    const taken = new Date(r.taken_at as unknown as string | Date).getTime();
    return {
      id: Number(r.id),
      photoId: Number(r.photo_id),
      personId: r.person_id === null ? null : Number(r.person_id),
      descriptor: new Uint8Array(r.descriptor),
      box: { x: r.box_x / w, y: r.box_y / h, width: r.box_w / w, height: r.box_h / h },
      photographerId: r.photographer_id,
      camera: r.camera,
      takenAtMs: Number.isFinite(taken) ? taken : undefined,
    };
  });
}

/** Writes the people of faces grouped afterwards (the group-faces job), in one statement a batch. */
export async function setPeopleOfFaces(
  db: Db,
  faces: readonly { id: number; personId: number }[],
): Promise<void> {
  for (let i = 0; i < faces.length; i += 1000) {
    const batch = faces.slice(i, i + 1000);
    await sql`
      update faces set person_id = v.person_id
      from (values ${sql.join(batch.map((f) => sql`(${f.id}::bigint, ${f.personId}::bigint)`))}) as v(id, person_id)
      where faces.id = v.id`.execute(db);
  }
}

export async function markIndexFailed(db: Db, photoId: number, reason: string): Promise<void> {
  await db
    .updateTable('photos')
    .set({ index_state: 'failed', index_error: reason.slice(0, 500) })
    .where('id', '=', photoId)
    .execute();
}

/** A page of an event's faces as the engine's matrix takes them: photos and descriptors packed in id order. */
export interface FaceBlock {
  /** faces.id of the block's last face: the next page starts after it. */
  lastId: number;
  /** The photo of each face. */
  photoIds: number[];
  /** Each face's id, and its person (its own id while not grouped). */
  faceIds: number[];
  personIds: number[];
  /** How many of the page's faces have no person yet (stored before grouping). */
  ungrouped?: number;
  /** The faces' descriptors one after another, DESCRIPTOR_BYTES each. */
  descriptors: Uint8Array;
}

/**
 * An event's faces after a face id, in id order, a page at a time (the engine's matrix loads and refreshes), or
 * undefined after the last. The page comes as one row: its descriptors joined into one bytea sent as base64 and its
 * photo ids as one text, because a row per face costs far more to parse than the faces' bytes (100k faces on the
 * embedded database: 5.4 s a row per face, 1.2 s this way).
 */
export async function faceBlockOfEvent(
  db: Db,
  eventId: number,
  afterId = 0,
  limit = 20_000,
): Promise<FaceBlock | undefined> {
  const { rows } = await sql<{
    n: number;
    last_id: number | string | null;
    photo_ids: string | null;
    face_ids: string | null;
    person_ids: string | null;
    ungrouped: number;
    descriptors: string | null;
  }>`
    select count(*)::int as n, max(id) as last_id,
      string_agg(photo_id::text, ',' order by id) as photo_ids,
      string_agg(id::text, ',' order by id) as face_ids,
      string_agg(coalesce(person_id, id)::text, ',' order by id) as person_ids,
      count(*) filter (where person_id is null)::int as ungrouped,
      encode(string_agg(descriptor, ''::bytea order by id), 'base64') as descriptors
    from (
      select id, photo_id, person_id, descriptor from faces
      where event_id = ${eventId} and id > ${afterId} order by id limit ${limit}
    ) as page`.execute(db);
  const row = rows[0];
  if (!row || row.n === 0) return undefined;
  const bytes = Buffer.from(row.descriptors ?? '', 'base64');
  if (bytes.length !== row.n * DESCRIPTOR_BYTES) {
    throw new Error(`faces of event ${eventId}: ${bytes.length} descriptor bytes for ${row.n} faces`);
  }
  return {
    lastId: Number(row.last_id),
    photoIds: (row.photo_ids ?? '').split(',').map(Number),
    faceIds: (row.face_ids ?? '').split(',').map(Number),
    personIds: (row.person_ids ?? '').split(',').map(Number),
    ungrouped: Number(row.ungrouped),
    descriptors: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length),
  };
}

/** A face as a result photo shows it: its box in pixels and the photo's size (for fractions). */
export interface FaceInPhoto {
  id: number;
  box: { x: number; y: number; width: number; height: number };
  photo_width: number;
  photo_height: number;
}

/** The faces of one photo, in id order (empty for an unknown or not yet indexed photo). */
export async function facesOfPhoto(db: Db, photoId: number): Promise<FaceInPhoto[]> {
  const rows = await db
    .selectFrom('faces')
    .innerJoin('photos', 'photos.id', 'faces.photo_id')
    .select([
      'faces.id',
      'faces.box_x',
      'faces.box_y',
      'faces.box_w',
      'faces.box_h',
      'photos.width',
      'photos.height',
    ])
    .where('faces.photo_id', '=', photoId)
    .orderBy('faces.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    box: { x: r.box_x, y: r.box_y, width: r.box_w, height: r.box_h },
    photo_width: r.width,
    photo_height: r.height,
  }));
}

/** One stored face with its event and descriptor bytes, or undefined. */
export async function faceById(
  db: Db,
  faceId: number,
): Promise<{ id: number; photo_id: number; event_id: number; descriptor: Uint8Array } | undefined> {
  if (!Number.isSafeInteger(faceId) || faceId < 1) return undefined;
  const row = await db
    .selectFrom('faces')
    .select(['id', 'photo_id', 'event_id', 'descriptor'])
    .where('id', '=', faceId)
    .executeTakeFirst();
  return row && { ...row, descriptor: new Uint8Array(row.descriptor) };
}

export interface IndexProgress {
  photos: { pending: number; indexed: number; failed: number };
  faces: number;
}

/** Photos by index state and faces stored, for one event or all of them (admin index-status). */
export async function indexProgress(db: Db, eventId?: number): Promise<IndexProgress> {
  let photos = db
    .selectFrom('photos')
    .select((eb) => ['index_state', eb.fn.countAll<string>().as('n')])
    .groupBy('index_state');
  let faces = db.selectFrom('faces').select((eb) => eb.fn.countAll<string>().as('n'));
  if (eventId !== undefined) {
    photos = photos.where('event_id', '=', eventId);
    faces = faces.where('event_id', '=', eventId);
  }
  const progress: IndexProgress = { photos: { pending: 0, indexed: 0, failed: 0 }, faces: 0 };
  for (const row of await photos.execute()) progress.photos[row.index_state] = Number(row.n);
  progress.faces = Number((await faces.executeTakeFirstOrThrow()).n);
  return progress;
}

/**
 * Replaces a photo's bib reads with these (read under its faces, `faces` their stored ids in the order read, or null
 * for a face found but not kept: an event without face search) and marks its bibs read. A read under a face that is
 * not there any more is dropped.
 */
export async function replaceBibReads(
  db: Db,
  photoId: number,
  eventId: number,
  bibs: readonly NewBibRead[],
  faces: readonly ({ id: number } | null)[],
): Promise<void> {
  const rows = bibs.flatMap((b) => {
    const face = faces[b.face];
    return face !== undefined
      ? [
          {
            photo_id: photoId,
            event_id: eventId,
            face_id: face?.id ?? null,
            bib: b.bib,
            confidence: b.confidence,
            box_x: b.box.x,
            box_y: b.box.y,
            box_w: b.box.width,
            box_h: b.box.height,
          },
        ]
      : [];
  });
  const write = async (trx: Db) => {
    await trx.deleteFrom('bib_reads').where('photo_id', '=', photoId).execute();
    if (rows.length > 0) await trx.insertInto('bib_reads').values(rows).execute();
    await trx.updateTable('photos').set({ bibs_read: true }).where('id', '=', photoId).execute();
  };
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
}

/**
 * One face of each of the newest `most` people of the store's events other than `eventId` (a person's first face:
 * its id is the person's), lent to a small event's calibration (faces/borrowed-people.ts).
 */
export async function peopleOfOtherEvents(db: Db, eventId: number, most: number): Promise<Uint8Array[]> {
  const rows = await db
    .selectFrom('faces')
    .select('descriptor')
    .whereRef('person_id', '=', 'id')
    .where('event_id', '<>', eventId)
    .orderBy('id', 'desc')
    .limit(most)
    .execute();
  return rows.map((r) => r.descriptor);
}
