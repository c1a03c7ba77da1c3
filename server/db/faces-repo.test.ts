import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descriptorFromBytes, descriptorToBytes } from '../faces/matrix';
import { testEvent } from '../test/fixtures';
import type { Db } from './database';
import { insertEvent } from './events-repo';
import { facesOfEvent, markIndexFailed, saveFacesOfPhoto } from './faces-repo';
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
    const all = await facesOfEvent(db, eventId);
    expect(all.map((f) => f.photo_id)).toEqual([first, second, second]);
    expect(descriptorFromBytes(all[0]?.descriptor ?? new Uint8Array(512))).toEqual(descriptor(3));
    await expect(
      saveFacesOfPhoto(db, first, eventId, [{ ...face(1), descriptor: new Uint8Array(3) }]),
    ).rejects.toThrow(/512/);
    const page = await facesOfEvent(db, eventId, all[0]?.id ?? 0, 1);
    expect(page.map((f) => f.id)).toEqual([all[1]?.id]);
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
