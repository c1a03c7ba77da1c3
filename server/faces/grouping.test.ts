// Faces grouped into people as they are stored: across photos, across processes (two groupings over one database),
// and for faces stored before grouping existed (the group-faces job).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { insertEvent } from '../db/events-repo';
import { facesForGrouping, saveFacesOfPhoto } from '../db/faces-repo';
import { insertPhotos } from '../db/photos-repo';
import { testDatabases } from '../db/test-databases';
import { groupFaces, groupingOver } from '../jobs/index-photo';
import { testEvent } from '../test/fixtures';
import { DESCRIPTOR_DIMS, descriptorToBytes } from './matrix';
import type { FaceSighting } from './people';

const at = (entries: Record<number, number>) => {
  const d = new Float32Array(DESCRIPTOR_DIMS);
  for (const [dim, v] of Object.entries(entries)) d[Number(dim)] = v;
  return d;
};
const runner = (wobble: number) => at({ 0: 0.6, 1: wobble });
const stranger = at({ 2: 0.6 });

describe.each(testDatabases)('grouping faces into people on $name', (database) => {
  let db: Db;
  let close: () => Promise<void>;
  let eventId: number;
  let photos: number[];
  beforeAll(async () => {
    ({ db, close } = await database.open());
    eventId = await insertEvent(db, { event: testEvent('group') });
    photos = await insertPhotos(
      db,
      Array.from({ length: 6 }, (_, i) => ({
        event_id: eventId,
        stage_id: null,
        original_file_name: `${i}.jpg`,
        file_name: `${i}.jpg`,
        width: 100,
        height: 100,
        taken_at: new Date(),
        index_error: null,
      })),
    );
  }, 60_000);
  afterAll(() => close());

  /** Groups and saves a photo's faces as the index-photo job does. */
  const store = (grouping: ReturnType<typeof groupingOver>, photo: number, descriptors: Float32Array[]) => {
    const sightings: FaceSighting[] = descriptors.map((descriptor) => ({ photoId: photo, descriptor }));
    return grouping.group(eventId, sightings, (personIds) =>
      saveFacesOfPhoto(
        db,
        photo,
        eventId,
        descriptors.map((d, i) => ({
          box: { x: 10, y: 10, width: 20, height: 20 },
          score: 0.9,
          descriptor: descriptorToBytes(d),
          personId: personIds[i],
        })),
      ),
    );
  };

  it('gives a runner one person across photos and processes, and two faces of one photo two people', async () => {
    const [p1 = 0, p2 = 0, p3 = 0] = photos;
    const one = groupingOver(db);
    const [a, s] = await store(one, p1, [runner(0), stranger]);
    const [b, twin] = await store(one, p2, [runner(0.1), runner(0.12)]);
    expect(a?.person_id).toBe(a?.id);
    expect(s?.person_id).not.toBe(a?.person_id);
    expect(b?.person_id).toBe(a?.person_id);
    // Its twin in the same photo cannot be the same runner.
    expect(twin?.person_id).not.toBe(a?.person_id);
    // Another process reads what the first stored, and groups the runner's next photo with them.
    const other = groupingOver(db);
    const [c] = await store(other, p3, [runner(-0.1)]);
    expect(c?.person_id).toBe(a?.person_id);
  });

  it("keeps no phantom of a photo whose faces could not be saved, and runs an event's photos one at a time", async () => {
    const event = await insertEvent(db, { event: testEvent('phantom') });
    const [q1 = 0, q2 = 0, q3 = 0, q4 = 0] = await insertPhotos(
      db,
      [1, 2, 3, 4].map((i) => ({
        event_id: event,
        stage_id: null,
        original_file_name: `${i}.jpg`,
        file_name: `q${i}.jpg`,
        width: 100,
        height: 100,
        taken_at: new Date(),
        index_error: null,
      })),
    );
    const grouping = groupingOver(db);
    const save = (photo: number, d: Float32Array) => (personIds: (number | undefined)[]) =>
      saveFacesOfPhoto(db, photo, event, [
        {
          box: { x: 1, y: 1, width: 5, height: 5 },
          score: 0.9,
          descriptor: descriptorToBytes(d),
          personId: personIds[0],
        },
      ]);
    const [a] = await grouping.group(event, [{ photoId: q1, descriptor: runner(0) }], save(q1, runner(0)));
    // Two photos at once: the first fails to save (its face grouped in memory, never stored), the second waits.
    const failing = grouping.group(event, [{ photoId: q2, descriptor: runner(0.05) }], async () => {
      throw new Error('disk full');
    });
    const next = grouping.group(event, [{ photoId: q3, descriptor: runner(0.1) }], save(q3, runner(0.1)));
    await expect(failing).rejects.toThrow('disk full');
    const [c] = await next;
    expect(c?.person_id).toBe(a?.person_id);
    const [d] = await grouping.group(
      event,
      [{ photoId: q4, descriptor: runner(0.02) }],
      save(q4, runner(0.02)),
    );
    expect(d?.person_id).toBe(a?.person_id);
  });

  it('groups the faces stored before grouping existed (the group-faces job), once', async () => {
    const [, , , p4 = 0, p5 = 0, p6 = 0] = photos;
    const old = async (photo: number, d: Float32Array) => {
      const [saved] = await saveFacesOfPhoto(db, photo, eventId, [
        { box: { x: 1, y: 1, width: 5, height: 5 }, score: 0.9, descriptor: descriptorToBytes(d) },
      ]);
      await db
        .updateTable('faces')
        .set({ person_id: null })
        .where('id', '=', saved?.id ?? 0)
        .execute();
      return saved?.id ?? 0;
    };
    const first = await old(p4, at({ 5: 0.6 }));
    const second = await old(p5, at({ 5: 0.6, 6: 0.05 }));
    const third = await old(p6, at({ 7: 0.6 }));
    const forgotten: number[] = [];
    const engine = { noteIndexed: () => {}, forget: (e: number) => forgotten.push(e) };
    const result = await groupFaces({ db, engine, grouping: groupingOver(db) }, eventId);
    expect(result).toEqual({ event_id: eventId, grouped: 3, people: 2 });
    const people = new Map((await facesForGrouping(db, eventId)).map((f) => [f.id, f.personId]));
    expect(people.get(first)).toBe(first);
    expect(people.get(second)).toBe(first);
    expect(people.get(third)).toBe(third);
    expect(forgotten).toEqual([eventId]);
    // Nothing is left to group.
    expect(await groupFaces({ db, engine, grouping: groupingOver(db) }, eventId)).toMatchObject({
      grouped: 0,
    });
  });
});
