// Integration: the stage photo calls (imagestage) and the photo-based events calls (image-time, event-key)
// through the real app on a real database (PGlite, and PostgreSQL in CI).
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventKeyOfPhotoAnswerSchema, imageTimeAnswerSchema } from '../../core/contract/events';
import { imageStageCountAnswerSchema, imageStagePageAnswerSchema } from '../../core/contract/imagestage';
import type { Db } from '../db/database';
import { insertEvent, listsOf } from '../db/events-repo';
import { insertPhotos, listHighlights, photosByIds } from '../db/photos-repo';
import type { NewPhoto } from '../db/schema';
import { testDatabases } from '../db/test-databases';
import { photoPass } from '../services/photo-pass';
import { openTestApp, TEST_PHOTO_PASS_SECRET, type TestApp } from '../test/app-fixture';

const NOW = new Date('2026-11-22T05:00:00Z');
const thai = (time: string) => new Date(`2026-11-15T${time}+07:00`);
const NASTY_NAME = "IMG_<b>1</b>'; drop table photos; --.jpg";

async function addEvent(db: Db, key: string, stage: boolean, stages: string[] = []) {
  const id = await insertEvent(db, {
    event: {
      event_key: key,
      title: key,
      cover_object: `${key}/cover.jpg`,
      event_date_text: '15 พฤศจิกายน 2569',
      eventdate: '2026-11-15',
      province: 'ภูเก็ต',
      team_key: null,
      on_sale_start: new Date('2026-11-16T00:00:00Z'),
      on_sale_end: new Date('2026-12-16T00:00:00Z'),
      is_event_stage: stage,
    },
    stages: stages.map((name) => ({ name, name_en: name })),
  });
  return { id, stages: (await listsOf(db, id)).stages.map((s) => s.id) };
}

const photo = (eventId: number, name: string, takenAt: Date, extra: Partial<NewPhoto> = {}): NewPhoto => ({
  event_id: eventId,
  original_file_name: name,
  file_name: `${name.length > 20 ? 'nasty' : name}-f.jpg`,
  width: 1200,
  height: 800,
  taken_at: takenAt,
  ...extra,
});

describe.each(testDatabases)('stage photo calls on $name', (database) => {
  let testApp: TestApp;
  let db: Db;
  let run: { id: number; stages: number[] };
  let plain: { id: number; stages: number[] };
  let other: { id: number; stages: number[] };
  let empty: { id: number; stages: number[] };
  let ids: Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f', number>;
  let bulk: number[];

  const post = (path: string, body: unknown) => testApp.post(`/api/v1/imagestage/${path}`, body);
  const count = (body: unknown) => post('pagination-count', body);
  const page = (body: unknown) => post('pagination', body);
  const filter = (extra: object = {}) => ({
    event_id: run.id,
    event_stages_id: '',
    event_image_duration: '',
    ...extra,
  });
  const pageOf = (extra: object = {}) => ({ ...filter(), event_key: 'stage-run', page: 1, ...extra });
  const hour9 = `${thai('09:00:00').toISOString()}/${thai('10:00:00').toISOString()}`;

  beforeAll(async () => {
    testApp = await openTestApp(database, NOW);
    db = testApp.ctx.db;

    run = await addEvent(db, 'stage-run', true, ['Start', 'Finish']);
    plain = await addEvent(db, 'plain-run', false);
    other = await addEvent(db, 'other-run', true, ['Elsewhere']);
    empty = await addEvent(db, 'empty-run', true, ['Start']);
    const [start, finish] = run.stages;
    const [a, b, c, d, e, f] = await insertPhotos(db, [
      photo(run.id, NASTY_NAME, thai('08:10:00'), { stage_id: start ?? null }),
      photo(run.id, 'b', thai('08:50:00'), { stage_id: start ?? null, is_highlight: true }),
      photo(run.id, 'c', thai('09:00:00'), { stage_id: finish ?? null }),
      photo(run.id, 'd', thai('09:00:00'), { stage_id: finish ?? null }),
      photo(run.id, 'e', thai('09:59:59.999'), { stage_id: start ?? null, is_highlight: true }),
      photo(run.id, 'f', thai('10:00:00'), { is_manual: true, photographer_id: 3 }),
    ]);
    ids = { a: a ?? 0, b: b ?? 0, c: c ?? 0, d: d ?? 0, e: e ?? 0, f: f ?? 0 };
    bulk = await insertPhotos(
      db,
      Array.from({ length: 250 }, (_, i) =>
        photo(run.id, `bulk-${i}`, new Date(thai('12:00:00').getTime() + i * 1000), {
          stage_id: finish ?? null,
        }),
      ),
    );
    await insertPhotos(db, [photo(plain.id, 'late', thai('23:30:00'))]);
  });
  afterAll(() => testApp.close());

  it('counts every photo, a stage, an hour, and both', async () => {
    const n = async (extra: object) =>
      v.parse(imageStageCountAnswerSchema, await (await count(filter(extra))).json()).body[0].image_count;
    expect(await n({})).toBe(256);
    expect(await n({ event_stages_id: 0 })).toBe(256);
    expect(await n({ event_id: String(run.id), event_stages_id: String(run.stages[0]) })).toBe(3);
    expect(await n({ event_stages_id: run.stages[1] })).toBe(252);
    expect(await n({ event_image_duration: hour9 })).toBe(3);
    expect(await n({ event_image_duration: hour9, event_stages_id: run.stages[1] })).toBe(2);
    expect(await n({ event_id: empty.id })).toBe(0);
    expect(await n({ event_id: empty.id, event_stages_id: empty.stages[0] })).toBe(0);
  });

  it('pages photos in taken order (ties by id), 200 by default, text verbatim', async () => {
    const first = v.parse(imageStagePageAnswerSchema, await (await page(pageOf())).json()).body;
    expect(first).toHaveLength(200);
    expect(first.slice(0, 6).map((p) => p.id)).toEqual([ids.a, ids.b, ids.c, ids.d, ids.e, ids.f]);
    expect(first[0]).toEqual({
      id: ids.a,
      event_id: run.id,
      photographer_id: 0,
      original_file_name: NASTY_NAME,
      thumbnail_file_name: 'nasty-f.jpg',
      preview_file_name: 'nasty-f.jpg',
      atc: 'N',
      is_manual: 'N',
      pass: photoPass(TEST_PHOTO_PASS_SECRET, ids.a),
    });
    expect(first[5]).toMatchObject({ is_manual: 'Y', photographer_id: 3 });
    const second = v.parse(imageStagePageAnswerSchema, await (await page(pageOf({ page: 2 }))).json()).body;
    expect(second.map((p) => p.id)).toEqual(bulk.slice(194));
    expect(await (await page(pageOf({ page: 3 }))).json()).toEqual({ status: 'success', body: [] });
    const hour = await (await page(pageOf({ page: 2, page_size: 2, event_image_duration: hour9 }))).json();
    expect(v.parse(imageStagePageAnswerSchema, hour).body.map((p) => p.id)).toEqual([ids.e]);
  });

  it.each([
    [{ event_id: 999_999 }, 404, 'event_id'],
    [{ event_id: 3_000_000_000 }, 404, 'event_id'],
    [{ event_id: 'abc' }, 400, 'event_id'],
    [{ event_id: '1 or 1=1' }, 400, 'event_id'],
    [{ event_id: -1 }, 400, 'event_id'],
    [{ event_id: 1.5 }, 400, 'event_id'],
    [{ event_id: null }, 400, 'event_id'],
    [{ event_stages_id: -3 }, 400, 'event_stages_id'],
    [{ event_stages_id: 'x' }, 400, 'event_stages_id'],
    [{ event_stages_id: 999_999 }, 400, 'event_stages_id'],
    [{ event_stages_id: 9_999_999_999 }, 400, 'event_stages_id'],
    [{ event_image_duration: 'yesterday' }, 400, 'event_image_duration'],
    [{ event_image_duration: "' or 1=1 --" }, 400, 'event_image_duration'],
    [{ event_image_duration: '2026-11-15T10:00:00Z/2026-11-15T09:00:00Z' }, 400, 'event_image_duration'],
    [{ event_image_duration: '0001-01-01T00:00:00Z/2026-11-15T09:00:00Z' }, 400, 'event_image_duration'],
    [{ event_image_duration: 5 }, 400, 'event_image_duration'],
  ])('refuses the count filter %j with %i naming %s', async (extra, status, field) => {
    const res = await count(filter(extra));
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ status: 'error', field });
  });

  it('refuses a stage of another event and an event without stages', async () => {
    const foreign = await count(filter({ event_stages_id: other.stages[0] }));
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toMatchObject({ field: 'event_stages_id' });
    const noStages = await page(pageOf({ event_id: plain.id, event_key: 'plain-run' }));
    expect(noStages.status).toBe(400);
    expect(await noStages.json()).toMatchObject({
      status: 'error',
      message: 'event_id: event has no stages',
    });
  });

  it.each([
    [{ event_key: 'no-such-run' }, 404, 'event_key'],
    [{ event_key: 'other-run' }, 400, 'event_key'],
    [{ event_key: '<script>' }, 400, 'event_key'],
    [{ event_key: undefined }, 400, 'event_key'],
    [{ page: 0 }, 400, 'page'],
    [{ page: '1' }, 400, 'page'],
    [{ page_size: 201 }, 400, 'page_size'],
    [{ event_id: 999_999 }, 404, 'event_id'],
  ])('refuses the page request %j with %i naming %s', async (extra, status, field) => {
    const res = await page(pageOf(extra));
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ status: 'error', field });
  });

  it('refuses malformed JSON', async () => {
    expect((await page('{"page": 1')).status).toBe(400);
    expect((await count('[]')).status).toBe(400);
  });

  it('answers the hours photos were taken in Thai time, [] without photos, 404 for an unknown event', async () => {
    const res = await testApp.app.request('/api/v1/events/stage-run/image-time');
    expect(res.status).toBe(200);
    const { body } = v.parse(imageTimeAnswerSchema, await res.json());
    expect(body.map((r) => r.label)).toEqual(['08:00-09:00', '09:00-10:00', '10:00-11:00', '12:00-13:00']);
    expect(body[1]).toEqual({
      label: '09:00-10:00',
      start: '2026-11-15T02:00:00.000Z',
      end: '2026-11-15T03:00:00.000Z',
    });
    const late = v.parse(
      imageTimeAnswerSchema,
      await (await testApp.app.request('/api/v1/events/plain-run/image-time')).json(),
    );
    expect(late.body.map((r) => r.label)).toEqual(['23:00-00:00']);
    expect(await (await testApp.app.request('/api/v1/events/empty-run/image-time')).json()).toEqual({
      status: 'success',
      body: [],
    });
    const unknown = await testApp.app.request('/api/v1/events/no-such-run/image-time');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ status: 'error', field: 'event_key' });
    expect((await testApp.app.request('/api/v1/events/%3Cb%3E/image-time')).status).toBe(400);
  });

  it('answers the event key of a photo, and "-" for any id that names none', async () => {
    const keyOf = async (id: string | number) => {
      const res = await testApp.app.request(`/api/v1/events/event-key/${id}`);
      expect(res.status).toBe(200);
      return v.parse(eventKeyOfPhotoAnswerSchema, await res.json()).body.event_key;
    };
    expect(await keyOf(ids.c)).toBe('stage-run');
    for (const id of ['99999999', 'abc', '-5', '0', '1.5', '99999999999999999999', "1'%20or%20'1'%3D'1"]) {
      expect(await keyOf(id)).toBe('-');
    }
  });

  it('gives highlights newest first, or the newest photos when none is flagged, and photos by id', async () => {
    expect((await listHighlights(db, run.id, 10)).map((p) => p.id)).toEqual([ids.e, ids.b]);
    const [late] = await listHighlights(db, plain.id, 5);
    expect(late?.original_file_name).toBe('late');
    expect(await listHighlights(db, other.id, 5)).toEqual([]);
    const rows = await photosByIds(db, [ids.f, ids.a, ids.f, -1, 1.5, Number.MAX_SAFE_INTEGER + 2]);
    expect(rows).toEqual([
      expect.objectContaining({ id: ids.a, original_file_name: NASTY_NAME, is_manual: false }),
      {
        id: ids.f,
        event_id: run.id,
        file_name: 'f-f.jpg',
        original_file_name: 'f',
        photographer_id: 3,
        is_manual: true,
      },
    ]);
    expect(await photosByIds(db, [])).toEqual([]);
    expect(await insertPhotos(db, [])).toEqual([]);
  });
});
