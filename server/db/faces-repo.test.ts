import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descriptorFromBytes, descriptorToBytes } from '../faces/matrix';
import { testEvent } from '../test/fixtures';
import type { Db } from './database';
import { insertEvent } from './events-repo';
import { faceBlockOfEvent, markIndexFailed, saveFacesOfPhoto } from './faces-repo';
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
    await saveFacesOfPhoto(db, first, eventId, [face(3)]);
    await saveFacesOfPhoto(db, second, eventId, [face(4), face(5)]);
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
    expect(page).toEqual({ lastId: ids[1]?.id, photoIds: [second], descriptors: expect.any(Uint8Array) });
    expect(descriptorFromBytes(page?.descriptors ?? new Uint8Array(512))).toEqual(descriptor(4));
    expect(all?.lastId).toBe(ids[2]?.id);
    expect(await faceBlockOfEvent(db, eventId, all?.lastId ?? 0)).toBeUndefined();
    expect(await faceBlockOfEvent(db, eventId + 999)).toBeUndefined();
    const state = await db.selectFrom('photos').select(['id', 'index_state']).orderBy('id').execute();
    expect(state.map((p) => p.index_state)).toEqual(['indexed', 'indexed']);
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
