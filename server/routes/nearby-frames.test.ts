// Integration: nearby frames (issue 17) on a real database: the same photographer's photos, with the same camera,
// taken a few seconds around the photos a search found; bad requests refused with the field that failed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEARBY_FRAME_SECONDS, NEARBY_FRAMES_OF_MAX } from '../../core/constants';
import type { Photo } from '../../core/contract/photos';
import { insertEvent } from '../db/events-repo';
import { insertPhotos } from '../db/photos-repo';
import { testDatabases } from '../db/test-databases';
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
