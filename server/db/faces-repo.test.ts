import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descriptorFromBytes, descriptorToBytes } from '../faces/matrix';
import { testEvent } from '../test/fixtures';
import type { Db } from './database';
import { insertEvent } from './events-repo';
import {
  countUngroupedFaces,
  faceBlockOfEvent,
  facesForGrouping,
  markIndexFailed,
  peopleOfOtherEvents,
  saveFacesOfPhoto,
  setPeopleOfFaces,
} from './faces-repo';
import { insertPhotos } from './photos-repo';
import { testDatabases } from './test-databases';

const descriptor = (seed: number) =>
  Float32Array.from({ length: 128 }, (_, i) => Math.sin(seed * 31 + i) / 4);

describe.each(testDatabases)('faces on $name', (database) => {
  let db: Db;
  let close: () => Promise<void>;
  let eventId: number;
  let photoIds: number[];
  beforeAll(async () => {
    ({ db, close } = await database.open());
    eventId = await insertEvent(db, { event: testEvent('run') });
    const photo = (i: number) => ({
      event_id: eventId,
      stage_id: null,
      original_file_name: `${i}.jpg`,
      file_name: `${i}.jpg`,
      width: 10,
      height: 10,
      taken_at: new Date(),
      index_error: null,
    });
    photoIds = await insertPhotos(db, [photo(1), photo(2)]);
  });
  afterAll(() => close());

  it('saves a photo faces, replaces them on a re-run, and pages through an event', async () => {
    const [first = 0, second = 0] = photoIds;
    const face = (seed: number) => ({
      box: { x: 1, y: 2, width: 30, height: 40 },
      score: 0.9,
      descriptor: descriptorToBytes(descriptor(seed)),
    });
    await saveFacesOfPhoto(db, first, eventId, [face(1), face(2)]);
    const [third] = await saveFacesOfPhoto(db, first, eventId, [face(3)]);
    // A face joining a person takes that person's id; a new person's id is its first face's own.
    const stored = await saveFacesOfPhoto(db, second, eventId, [
      { ...face(4), personId: third?.id },
      face(5),
    ]);
    expect(third?.person_id).toBe(third?.id);
    expect(stored).toEqual([
      { id: (third?.id ?? 0) + 1, person_id: third?.id },
      { id: (third?.id ?? 0) + 2, person_id: (third?.id ?? 0) + 2 },
    ]);
    const all = await faceBlockOfEvent(db, eventId);
    expect(all?.photoIds).toEqual([first, second, second]);
    expect(all?.descriptors.length).toBe(3 * 512);
    const at = (i: number) =>
      descriptorFromBytes(all?.descriptors.slice(i * 512, (i + 1) * 512) ?? new Uint8Array(512));
    expect([at(0), at(1), at(2)]).toEqual([descriptor(3), descriptor(4), descriptor(5)]);
    await expect(
      saveFacesOfPhoto(db, first, eventId, [{ ...face(1), descriptor: new Uint8Array(3) }]),
    ).rejects.toThrow(/512/);
    // Pages: one face after the first; nothing after the last.
    const ids = await db
      .selectFrom('faces')
      .select('id')
      .where('event_id', '=', eventId)
      .orderBy('id')
      .execute();
    const page = await faceBlockOfEvent(db, eventId, ids[0]?.id ?? 0, 1);
    expect(page).toEqual({
      lastId: ids[1]?.id,
      photoIds: [second],
      faceIds: [ids[1]?.id],
      personIds: [third?.id],
      ungrouped: 0,
      descriptors: expect.any(Uint8Array),
    });
    expect(descriptorFromBytes(page?.descriptors ?? new Uint8Array(512))).toEqual(descriptor(4));
    expect(all?.lastId).toBe(ids[2]?.id);
    expect(await faceBlockOfEvent(db, eventId, all?.lastId ?? 0)).toBeUndefined();
    expect(await faceBlockOfEvent(db, eventId + 999)).toBeUndefined();
    const state = await db.selectFrom('photos').select(['id', 'index_state']).orderBy('id').execute();
    expect(state.map((p) => p.index_state)).toEqual(['indexed', 'indexed']);
  });

  it('answers faces as grouping reads them, and writes the people of faces grouped later', async () => {
    const [first = 0] = photoIds;
    const [face] = await saveFacesOfPhoto(db, first, eventId, [
      { box: { x: 2, y: 1, width: 4, height: 5 }, score: 0.9, descriptor: descriptorToBytes(descriptor(9)) },
    ]);
    const id = face?.id ?? 0;
    // A face stored before people were grouped: no person.
    await db.updateTable('faces').set({ person_id: null }).where('id', '=', id).execute();
    const page = await facesForGrouping(db, eventId, id - 1);
    expect(page).toHaveLength(1);
    expect(page[0]).toMatchObject({ id, photoId: first, personId: null, photographerId: expect.any(Number) });
    expect(page[0]?.takenAtMs).toEqual(expect.any(Number));
    expect(page[0]?.box).toEqual({ x: 0.2, y: 0.1, width: 0.4, height: 0.5 });
    expect(descriptorFromBytes(page[0]?.descriptor ?? new Uint8Array(512))).toEqual(descriptor(9));
    expect(await faceBlockOfEvent(db, eventId, id - 1)).toMatchObject({ personIds: [id], ungrouped: 1 });
    expect(await countUngroupedFaces(db, eventId)).toBe(1);
    await setPeopleOfFaces(db, [{ id, personId: 77 }]);
    expect((await facesForGrouping(db, eventId, id - 1))[0]?.personId).toBe(77);
    expect(await countUngroupedFaces(db, eventId)).toBe(0);
    expect(await facesForGrouping(db, eventId, id)).toEqual([]);
  });

  it('records why indexing a photo failed', async () => {
    await markIndexFailed(db, photoIds[1] ?? 0, 'unreadable image');
    const row = await db
      .selectFrom('photos')
      .selectAll()
      .where('id', '=', photoIds[1] ?? 0)
      .executeTakeFirst();
    expect(row).toMatchObject({ index_state: 'failed', index_error: 'unreadable image' });
  });
});

describe.each(testDatabases)('people lent to small events on $name', (database) => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await database.open());
  });
  afterAll(() => close());
  const photoOf = (eventId: number, name: string) => ({
    event_id: eventId,
    stage_id: null,
    original_file_name: `${name}.jpg`,
    file_name: `${name}.jpg`,
    width: 10,
    height: 10,
    taken_at: new Date(),
    index_error: null,
  });

  it("lends one face of each person of the store's other events, the newest people first", async () => {
    const eventId = await insertEvent(db, { event: testEvent('small') });
    const otherEvent = await insertEvent(db, { event: testEvent('lender') });
    const [ownPhoto = 0] = await insertPhotos(db, [photoOf(eventId, 'o')]);
    const [lenderPhoto = 0] = await insertPhotos(db, [photoOf(otherEvent, 'l')]);
    const face = (seed: number, personId?: number) => ({
      box: { x: 1, y: 2, width: 30, height: 40 },
      score: 0.9,
      descriptor: descriptorToBytes(descriptor(seed)),
      ...(personId === undefined ? {} : { personId }),
    });
    const [a, b] = await saveFacesOfPhoto(db, lenderPhoto, otherEvent, [face(101), face(102)]);
    const [lendersOwn] = await saveFacesOfPhoto(db, ownPhoto, eventId, [face(103)]);
    // A second face of person a is not lent again.
    const [photo2 = 0] = await insertPhotos(db, [photoOf(otherEvent, 'm')]);
    await saveFacesOfPhoto(db, photo2, otherEvent, [face(104, a?.id)]);
    const lent = (await peopleOfOtherEvents(db, eventId, 10)).map((d) => Array.from(descriptorFromBytes(d)));
    const of = (seed: number) => Array.from(descriptorFromBytes(descriptorToBytes(descriptor(seed))));
    expect(lent).toEqual([of(102), of(101)]);
    expect(await peopleOfOtherEvents(db, eventId, 1)).toHaveLength(1);
    // The other way round: the lender's event borrows the first event's person, never its own.
    const back = (await peopleOfOtherEvents(db, otherEvent, 10)).map((d) =>
      Array.from(descriptorFromBytes(d)),
    );
    expect(back).toEqual([of(103)]);
    expect(b?.person_id).toBe(b?.id);
    expect(lendersOwn?.person_id).toBe(lendersOwn?.id);
  });
});
