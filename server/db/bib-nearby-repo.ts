// What "you may also be in these" after a bib search rests on (server/services/nearby-frames.ts bibNearbyFrames): the
// photos of the likely person who wore the bib in the photos found, and which photos carry their camera's identity.
import type { Db } from './database';
import { isPhotoId, type PhotoRef } from './photos-repo';

/**
 * The event's photos, not purged and not among `foundIds`, holding a face of the same likely person (faces.person_id)
 * as a face the bib was read under in one of `foundIds`, in the order taken, at most `limit`. A face there wearing
 * another bib that was read is someone else's (the grouping can join two look-alikes): its photo is left out.
 */
export async function photosOfBibWearer(
  db: Db,
  eventId: number,
  bib: string,
  foundIds: readonly number[],
  limit: number,
): Promise<PhotoRef[]> {
  const found = [...new Set(foundIds.filter(isPhotoId))];
  if (found.length === 0 || limit <= 0) return [];
  return db
    .selectFrom('bib_reads as b')
    .innerJoin('faces as worn', 'worn.id', 'b.face_id')
    .innerJoin('faces as f', (join) =>
      join.onRef('f.person_id', '=', 'worn.person_id').onRef('f.event_id', '=', 'b.event_id'),
    )
    .innerJoin('photos as p', 'p.id', 'f.photo_id')
    .leftJoin('bib_reads as other', (join) =>
      join.onRef('other.face_id', '=', 'f.id').on('other.bib', '<>', bib),
    )
    .select(['p.id', 'p.event_id', 'p.file_name', 'p.original_file_name', 'p.photographer_id', 'p.is_manual'])
    .where('b.event_id', '=', eventId)
    .where('b.bib', '=', bib)
    .where('b.photo_id', 'in', found)
    .where('worn.person_id', 'is not', null)
    .where('p.id', 'not in', found)
    .where('p.purged_at', 'is', null)
    .where('other.id', 'is', null)
    .groupBy([
      'p.id',
      'p.event_id',
      'p.file_name',
      'p.original_file_name',
      'p.photographer_id',
      'p.is_manual',
    ])
    .orderBy((eb) => eb.fn.min('p.taken_at'))
    .orderBy('p.id')
    .limit(limit)
    .execute();
}

/** Which of these photos carry their camera's identity (EXIF make and model): their time is the camera's. */
export async function photosWithCamera(db: Db, ids: readonly number[]): Promise<Set<number>> {
  const wanted = [...new Set(ids.filter(isPhotoId))];
  if (wanted.length === 0) return new Set();
  const rows = await db
    .selectFrom('photos')
    .select('id')
    .where('id', 'in', wanted)
    .where('camera', '<>', '')
    .execute();
  return new Set(rows.map((r) => Number(r.id)));
}

/** How many photos the event has (purged ones too: they were part of it). */
export async function eventPhotoCount(db: Db, eventId: number): Promise<number> {
  const row = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
