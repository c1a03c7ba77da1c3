// Integration: nearby frames on a real database: the same photographer's photos, with the same camera, taken a few
// seconds around the photos a search found; bad requests refused with the field that failed. After a bib search,
// only photos with evidence of the runner (their face, the frames of their moment), a few at most.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEARBY_FRAME_SECONDS, NEARBY_FRAMES_OF_MAX } from '../../core/constants';
import type { Photo } from '../../core/contract/photos';
import { insertEvent, updateEvent } from '../db/events-repo';
import { type NewBibRead, type NewFace, saveFacesOfPhoto } from '../db/faces-repo';
import { insertPhotos } from '../db/photos-repo';
import { testDatabases } from '../db/test-databases';
import { descriptorToBytes } from '../faces/matrix';
import { BIB_NEARBY_MAX, BIB_NEARBY_PER_PHOTO, bibNearbyCap } from '../services/nearby-frames';
import { photoPass } from '../services/photo-pass';
import { openTestApp, TEST_PHOTO_PASS_SECRET, type TestApp } from '../test/app-fixture';
import { testEvent } from '../test/fixtures';

const NOW = new Date('2026-11-22T05:00:00Z');
const DAY = 86_400_000;
const T0 = new Date('2026-11-15T06:42:10+07:00').getTime();

describe.each(testDatabases)('nearby frames on $name', (database) => {
  let t: TestApp;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await openTestApp(database, NOW);
    const open = { on_sale_start: new Date(NOW.getTime() - DAY), on_sale_end: new Date(NOW.getTime() + DAY) };
    const eventId = await insertEvent(t.ctx.db, { event: { ...testEvent('burst-run'), ...open } });
    const otherId = await insertEvent(t.ctx.db, { event: { ...testEvent('other-run'), ...open } });
    await insertEvent(t.ctx.db, {
      event: {
        ...testEvent('closed-run'),
        on_sale_start: new Date(NOW.getTime() - 40 * DAY),
        on_sale_end: new Date(NOW.getTime() - DAY),
      },
    });
    // name: [event, photographer, camera, seconds after T0]
    const layout: [string, number, number, string, number][] = [
      ['match', eventId, 1, 'Canon EOS R6 #A1', 0],
      ['before', eventId, 1, 'Canon EOS R6 #A1', -2.5],
      ['after', eventId, 1, 'Canon EOS R6 #A1', 1],
      ['edge', eventId, 1, 'Canon EOS R6 #A1', NEARBY_FRAME_SECONDS],
      ['late', eventId, 1, 'Canon EOS R6 #A1', NEARBY_FRAME_SECONDS + 1.5],
      ['secondMatch', eventId, 1, 'Canon EOS R6 #A1', 30],
      ['nearSecond', eventId, 1, 'Canon EOS R6 #A1', 31],
      ['otherPhotographer', eventId, 2, 'Canon EOS R6 #A1', 1],
      ['otherCamera', eventId, 1, 'Nikon Z6 #B7', 1],
      ['otherEvent', otherId, 1, 'Canon EOS R6 #A1', 1],
    ];
    const rowIds = await insertPhotos(
      t.ctx.db,
      layout.map(([name, event_id, photographer_id, camera, seconds]) => ({
        event_id,
        stage_id: null,
        photographer_id,
        camera,
        original_file_name: `${name}.jpg`,
        file_name: `${name}.jpg`,
        width: 4000,
        height: 3000,
        taken_at: new Date(T0 + seconds * 1000),
        index_error: null,
      })),
    );
    layout.forEach(([name], i) => {
      ids[name] = rowIds[i] as number;
    });
  });
  afterAll(() => t.close());

  /** The passes the store gave with these photos (a search's results). */
  const passesOf = (photoIds: unknown) =>
    Array.isArray(photoIds)
      ? photoIds.map((id) => (typeof id === 'number' ? photoPass(TEST_PHOTO_PASS_SECRET, id) : ''))
      : [];
  const nearby = async (photoIds: unknown, eventKey = 'burst-run', passes = passesOf(photoIds)) =>
    t.post('/api/v2/facesearch/nearby', { event_key: eventKey, photo_ids: photoIds, passes });
  const namesOf = async (res: Response) => {
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; body: Photo[] };
    expect(body.status).toBe('success');
    const byId = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
    return body.body.map((p) => byId[p.id]);
  };

  it("answers the same photographer's frames with the same camera a few seconds around, closest first", async () => {
    expect(await namesOf(await nearby([ids.match]))).toEqual(['after', 'before', 'edge']);
  });

  it("puts the best match's neighbours first, each photo once, none of those found", async () => {
    expect(await namesOf(await nearby([ids.secondMatch, ids.match]))).toEqual([
      'nearSecond',
      'after',
      'before',
      'edge',
    ]);
    // A photo found by the search is never offered again as nearby.
    expect(await namesOf(await nearby([ids.match, ids.after]))).toEqual(['before', 'edge']);
  });

  it('ignores photos of another event and ids that name no photo', async () => {
    expect(await namesOf(await nearby([ids.otherEvent]))).toEqual([]);
    expect(await namesOf(await nearby([999_999_999]))).toEqual([]);
  });

  it('leaves out purged photos', async () => {
    await t.ctx.db
      .updateTable('photos')
      .set({ purged_at: NOW })
      .where('id', '=', ids.before as number)
      .execute();
    try {
      expect(await namesOf(await nearby([ids.match]))).toEqual(['after', 'edge']);
    } finally {
      await t.ctx.db
        .updateTable('photos')
        .set({ purged_at: null })
        .where('id', '=', ids.before as number)
        .execute();
    }
  });

  it.each([
    [[], 'photo_ids'],
    [Array.from({ length: NEARBY_FRAMES_OF_MAX + 1 }, (_, i) => i + 1), 'photo_ids'],
    [['1'], 'photo_ids.0'],
    [[1, 1.5], 'photo_ids.1'],
    [[0], 'photo_ids.0'],
    [[2 ** 60], 'photo_ids.0'],
    ['1,2', 'photo_ids'],
  ])('refuses photo_ids %j', async (photoIds, field) => {
    const res = await nearby(photoIds);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: 'error', field });
  });

  it('answers each frame with its pass, good for asking around it in turn', async () => {
    const res = await nearby([ids.match]);
    const frames = ((await res.json()) as { body: Photo[] }).body;
    expect(frames.map((p) => p.pass)).toEqual(frames.map((p) => photoPass(TEST_PHOTO_PASS_SECRET, p.id)));
    const after = frames.find((p) => p.id === ids.after);
    const around = await t.post('/api/v2/facesearch/nearby', {
      event_key: 'burst-run',
      photo_ids: [after?.id],
      passes: [after?.pass],
    });
    expect(await namesOf(around)).toContain('match');
  });

  it('refuses photos without the passes the store gave with them: ids count up, and could be walked', async () => {
    const refusals = [
      await nearby([ids.match], 'burst-run', []),
      await nearby([ids.match, ids.secondMatch], 'burst-run', passesOf([ids.match])),
      // Each pass in its place: swapped passes are not those photos'.
      await nearby([ids.match, ids.secondMatch], 'burst-run', passesOf([ids.secondMatch, ids.match])),
      await nearby([ids.match], 'burst-run', [photoPass('another store', ids.match as number)]),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        field: 'passes',
        code: 'photo-pass',
        message: 'these photos are not among your results: search again',
      });
    }
    for (const passes of [['short'], 'not a list', [12345]]) {
      const res = await t.post('/api/v2/facesearch/nearby', {
        event_key: 'burst-run',
        photo_ids: [ids.match],
        passes,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ status: 'error', field: expect.stringMatching(/^passes/) });
    }
    const missing = await t.post('/api/v2/facesearch/nearby', {
      event_key: 'burst-run',
      photo_ids: [ids.match],
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ field: 'passes' });
  });

  it('refuses an unknown event and a closed sale, as the search does', async () => {
    expect((await nearby([ids.match], 'no-such-run')).status).toBe(404);
    const closed = await nearby([ids.match], 'closed-run');
    expect(closed.status).toBe(400);
    expect(await closed.json()).toMatchObject({ code: 'sale-closed', field: 'event_key' });
  });
});

describe.each(testDatabases)('nearby frames after a bib search on $name', (database) => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const CAMERA = 'Canon EOS R6 #A1';
  const open = { on_sale_start: new Date(NOW.getTime() - DAY), on_sale_end: new Date(NOW.getTime() + DAY) };
  const face = (seed: number, personId?: number): NewFace => ({
    box: { x: 100, y: 100, width: 200, height: 260 },
    score: 0.9,
    descriptor: descriptorToBytes(Float32Array.from({ length: 128 }, (_, i) => Math.sin(seed + i) / 4)),
    personId,
  });
  const read = (bib: string, at = 0): NewBibRead => ({
    face: at,
    bib,
    confidence: 0.97,
    box: { x: 100, y: 600, width: 300, height: 120 },
  });

  /** Photos of an event: name, camera ('' unknown: no capture time either), seconds after T0. */
  const photos = async (eventId: number, layout: [string, string, number][]) => {
    const rowIds = await insertPhotos(
      t.ctx.db,
      layout.map(([name, camera, seconds]) => ({
        event_id: eventId,
        stage_id: null,
        photographer_id: 1,
        camera,
        original_file_name: `${name}.jpg`,
        file_name: `${name}.jpg`,
        width: 4000,
        height: 3000,
        taken_at: new Date(T0 + seconds * 1000),
        index_error: null,
      })),
    );
    layout.forEach(([name], i) => {
      ids[name] = rowIds[i] as number;
    });
  };

  beforeAll(async () => {
    t = await openTestApp(database, NOW);
    const db = t.ctx.db;
    // A finish line: the runner 1234 found in `found` (and `later`, ten minutes on); the photographer's frames a
    // second apart around it, other runners in most of them; the runner's face again, without the bib, in `faceOnly`;
    // a look-alike the grouping put with them, wearing 777, in `lookAlike`.
    const race = await insertEvent(db, { event: { ...testEvent('finish-run'), ...open } });
    const layout: [string, string, number][] = [
      ['found', CAMERA, 0],
      ['prev1', CAMERA, -1],
      ['prev2', CAMERA, -2],
      ['next1', CAMERA, 1.5],
      ['next2', CAMERA, 3],
      ['farBefore', CAMERA, -3.5],
      ['later', CAMERA, 600],
      ['laterNext', CAMERA, 601],
      ['faceOnly', CAMERA, 1200],
      ['lookAlike', CAMERA, 1800],
    ];
    // Enough photos around that the event's share does not cap what these tests look at.
    for (let i = 0; i < 30; i++) layout.push([`crowd${i}`, CAMERA, 3600 + 60 * i]);
    await photos(race, layout);
    const [runner] = await saveFacesOfPhoto(db, ids.found as number, race, [face(1)], [read('1234')]);
    const person = runner?.person_id as number;
    await saveFacesOfPhoto(db, ids.later as number, race, [face(2, person)], [read('1234')]);
    await saveFacesOfPhoto(db, ids.faceOnly as number, race, [face(3, person)], []);
    await saveFacesOfPhoto(db, ids.lookAlike as number, race, [face(4, person)], [read('777')]);
    await saveFacesOfPhoto(db, ids.prev1 as number, race, [face(5)], [read('5120')]);

    // A folder imported without its cameras' data: every photo's time is its import's, all within two seconds.
    const folder = await insertEvent(db, { event: { ...testEvent('folder-run'), ...open } });
    await photos(
      folder,
      Array.from({ length: 20 }, (_, i): [string, string, number] => [`folder${i}`, '', i / 10]),
    );
    await saveFacesOfPhoto(db, ids.folder0 as number, folder, [face(6)], [read('3638')]);
    await saveFacesOfPhoto(db, ids.folder1 as number, folder, [face(7)], [read('3638')]);

    // An event without face search: its faces are not kept, only the bibs read under them.
    const faceless = await insertEvent(db, { event: { ...testEvent('faceless-run'), ...open } });
    await updateEvent(db, faceless, { face_search: false });
    await photos(faceless, [
      ['faceless', CAMERA, 0],
      ['facelessNext', CAMERA, 1],
      ...Array.from({ length: 8 }, (_, i): [string, string, number] => [
        `facelessCrowd${i}`,
        CAMERA,
        900 + i,
      ]),
    ]);
    await saveFacesOfPhoto(db, ids.faceless as number, faceless, [face(8)], [read('4444')]);

    // A small event: four photos, so at most one is ever offered.
    const small = await insertEvent(db, { event: { ...testEvent('small-run'), ...open } });
    await photos(small, [
      ['small', CAMERA, 0],
      ['small1', CAMERA, 1],
      ['small2', CAMERA, 2],
      ['small3', CAMERA, 3],
    ]);
    const noBibs = await insertEvent(db, { event: { ...testEvent('no-bibs-run'), ...open } });
    await updateEvent(db, noBibs, { bib_min_digits: 0, bib_max_digits: 0 });
  });
  afterAll(() => t.close());

  const passesOf = (photoIds: readonly unknown[]) =>
    photoIds.map((id) => (typeof id === 'number' ? photoPass(TEST_PHOTO_PASS_SECRET, id) : ''));
  const bibNearby = (
    eventKey: string,
    bib: unknown,
    photoIds: readonly unknown[],
    passes = passesOf(photoIds),
  ) => t.post('/api/v1/bibsearch/nearby', { event_key: eventKey, bib, photo_ids: photoIds, passes });
  const namesOf = async (res: Response) => {
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; body: Photo[] };
    expect(body.status).toBe('success');
    for (const photo of body.body) expect(photo.pass).toBe(photoPass(TEST_PHOTO_PASS_SECRET, photo.id));
    const byId = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
    return body.body.map((p) => byId[p.id]);
  };

  it("offers the runner's face first, then the nearest frames of each photo found, not the whole second's crowd", async () => {
    const found = [ids.found, ids.later];
    expect(await namesOf(await bibNearby('finish-run', '1234', found))).toEqual([
      'faceOnly',
      'prev1',
      'next1',
      'laterNext',
    ]);
    // The face search's own row would have answered every frame within the seconds around.
    expect(
      await namesOf(
        await t.post('/api/v2/facesearch/nearby', {
          event_key: 'finish-run',
          photo_ids: found,
          passes: passesOf(found),
        }),
      ),
    ).toEqual(['prev1', 'next1', 'prev2', 'next2', 'farBefore', 'laterNext']);
    expect(BIB_NEARBY_PER_PHOTO).toBe(2);
  });

  it('offers no frame by time where the photos carry no capture time: a folder imported in seconds', async () => {
    const found = [ids.folder0, ids.folder1];
    expect(await namesOf(await bibNearby('folder-run', '3638', found))).toEqual([]);
    // What the face search's row answers there: most of the event.
    const res = await t.post('/api/v2/facesearch/nearby', {
      event_key: 'folder-run',
      photo_ids: found,
      passes: passesOf(found),
    });
    expect((await namesOf(res)).length).toBe(18);
  });

  it('uses no face at an event without face search, and never offers more than its share of a small event', async () => {
    expect(await namesOf(await bibNearby('faceless-run', '4444', [ids.faceless]))).toEqual(['facelessNext']);
    expect(await namesOf(await bibNearby('small-run', '1234', [ids.small]))).toEqual(['small1']);
    expect([0, 3, 4, 20, 32, 33, 1000].map(bibNearbyCap)).toEqual([0, 0, 1, 5, 8, 8, 8]);
    expect(BIB_NEARBY_MAX).toBe(8);
  });

  it('refuses a bib that is not one, photos without their passes, an event without bibs, unknown or closed', async () => {
    for (const bib of ['12a4', '', 1234, '99', '123456']) {
      const res = await bibNearby('finish-run', bib, [ids.found]);
      expect(res.status, String(bib)).toBe(400);
      expect(await res.json(), String(bib)).toMatchObject({ status: 'error', field: 'bib' });
    }
    const unpassed = await bibNearby('finish-run', '1234', [ids.found], ['x'.repeat(22)]);
    expect(unpassed.status).toBe(400);
    expect(await unpassed.json()).toMatchObject({ field: 'passes', code: 'photo-pass' });
    expect((await bibNearby('finish-run', '1234', [])).status).toBe(400);
    const noBibs = await bibNearby('no-bibs-run', '1234', [ids.found]);
    expect(noBibs.status).toBe(400);
    expect(await noBibs.json()).toMatchObject({ field: 'bib', code: 'no-bib-search' });
    expect((await bibNearby('no-such-run', '1234', [ids.found])).status).toBe(404);
    const deep = await t.post('/api/v1/bibsearch/nearby', '['.repeat(100_000));
    expect(deep.status).toBe(400);
  });
});
