// Integration: search by bib number and by a runner's name, and face and bib confirming each other in
// the face searches, on a real database. Bib reads are stored as indexing stores them (saveFacesOfPhoto); a fixed
// face engine stands in for the searches by face.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bibSearchAnswerSchema, runnerNamesAnswerSchema } from '../../core/contract/bibsearch';
import { eventDetailAnswerSchema } from '../../core/contract/events';
import type { FaceSearchAnswer } from '../../core/contract/facesearch';
import { replaceStartList } from '../db/bibs-repo';
import type { Db } from '../db/database';
import { insertEvent, updateEvent } from '../db/events-repo';
import { type NewBibRead, saveFacesOfPhoto } from '../db/faces-repo';
import { insertPhotos } from '../db/photos-repo';
import { testDatabases } from '../db/test-databases';
import type { FaceMatch } from '../faces/engine';
import { descriptorToBytes } from '../faces/matrix';
import { eventNameSearchesPerDay } from '../services/bib-search';
import { photoPass } from '../services/photo-pass';
import { memoryLimiter } from '../services/rate-limit';
import { generousLimits, openTestApp, TEST_PHOTO_PASS_SECRET, type TestApp } from '../test/app-fixture';
import { standInFaces } from '../test/face-engine';
import { phuketEventOnSale } from '../test/fixtures';
import { apiLimits } from './api';

const NOW = new Date('2026-11-22T05:00:00Z');
const DAY = 86_400_000;
const MINUTE = 60_000;

describe.each(testDatabases)('bib search on $name', (database) => {
  let t: TestApp;
  let db: Db;
  let eventId = 0;
  /** Photos of the bib event, in the order taken: p[0] .. p[5]. */
  let p: number[] = [];
  /** Each photo's faces' ids, in the order saved. */
  const facesOf = new Map<number, number[]>();
  let matches: () => FaceMatch[] = () => [];
  const engine = standInFaces({ searchDescriptor: async () => matches() });

  const search = async (body: unknown, app = t) => {
    const res = await app.post('/api/v1/bibsearch', body);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const idsOf = (list: unknown) => ((list ?? []) as { id: number }[]).map((photo) => photo.id);

  beforeAll(async () => {
    t = await openTestApp(database, NOW);
    db = t.ctx.db;
    t.ctx.faces = engine;
    const base = phuketEventOnSale(NOW);
    eventId = await insertEvent(db, {
      event: { ...base, event_key: 'bib-run', title: 'Bib run', is_mhao: true, mhao_price: '300' },
    });
    const noBibs = await insertEvent(db, { event: { ...base, event_key: 'no-bibs', title: 'No bibs' } });
    await updateEvent(db, noBibs, { bib_min_digits: 0, bib_max_digits: 0 });
    await insertEvent(db, {
      event: {
        ...base,
        event_key: 'closed-run',
        title: 'Closed',
        on_sale_end: new Date(NOW.getTime() - DAY),
      },
    });
    // Taken a minute apart, inserted out of order: a bib's photos come back in the order taken.
    const order = [2, 0, 1, 3, 4, 5];
    const inserted = await insertPhotos(
      db,
      order.map((minute) => ({
        event_id: eventId,
        stage_id: null,
        original_file_name: `IMG_${minute}.JPG`,
        file_name: `p${minute}.jpg`,
        width: 4000,
        height: 3000,
        taken_at: new Date(NOW.getTime() - DAY + minute * MINUTE),
        index_error: null,
      })),
    );
    p = order.map((_, minute) => inserted[order.indexOf(minute)] as number);
    const face = (seed: number) => ({
      box: { x: 100 * seed, y: 100, width: 200, height: 260 },
      score: 0.9,
      descriptor: descriptorToBytes(Float32Array.from({ length: 128 }, (_, i) => Math.sin(seed + i) / 4)),
    });
    const read = (face: number, bib: string, confidence = 0.97): NewBibRead => ({
      face,
      bib,
      confidence,
      box: { x: 100, y: 600, width: 300, height: 120 },
    });
    // The runner 1234 in p0, p2 (with 567 beside), p4 (face turned away: found by the bib only) and p5 (face
    // only); 567 in p1 and p2; "99" (too short to be a bib of the event) in p3.
    const reads: [number, number, NewBibRead[]][] = [
      [0, 1, [read(0, '1234')]],
      [1, 1, [read(0, '567')]],
      [2, 2, [read(0, '1234'), read(1, '567', 0.95)]],
      [3, 1, [read(0, '99')]],
      [4, 1, [read(0, '1234', 0.93)]],
      [5, 1, []],
    ];
    for (const [at, faces, bibs] of reads) {
      const stored = await saveFacesOfPhoto(
        db,
        p[at] as number,
        eventId,
        Array.from({ length: faces }, (_, i) => face(at * 10 + i)),
        bibs,
      );
      facesOf.set(
        p[at] as number,
        stored.map((s) => s.id),
      );
    }
  });
  afterAll(() => t.close());

  it('finds every photo of a bib, in the order taken, answered like a face search', async () => {
    const { status, body } = await search({ event_key: 'bib-run', bib: '1234' });
    expect(status).toBe(200);
    expect(v.is(bibSearchAnswerSchema, body)).toBe(true);
    expect(body).toMatchObject({ status: 'success', bib: '1234', image_length: 3, avg_price: '100.00' });
    expect(idsOf(body.images)).toEqual([p[0], p[2], p[4]]);
    // Each photo with its pass, as in the face search's results.
    for (const photo of body.images as { id: number; pass: string }[])
      expect(photo.pass).toBe(photoPass(TEST_PHOTO_PASS_SECRET, photo.id));
    // Typed with spaces, or in Thai digits.
    expect(idsOf((await search({ event_key: 'bib-run', bib: ' 12 34 ' })).body.images)).toEqual([
      p[0],
      p[2],
      p[4],
    ]);
    const thai = await search({ event_key: 'bib-run', bib: '๑๒๓๔' });
    expect(thai.body).toMatchObject({ bib: '1234', image_length: 3 });
  });

  it('answers a bib nobody wore with no photos, and a number too short to be a bib with what a bib is', async () => {
    expect((await search({ event_key: 'bib-run', bib: '4321' })).body).toEqual({
      status: 'success',
      image_length: 0,
      images: [],
      avg_price: '0.00',
      bib: '4321',
    });
    // 99 was read in p3, but the event's bibs have 3 to 5 digits: not a bib, in Thai and English.
    for (const bib of ['99', '123456']) {
      expect(await search({ event_key: 'bib-run', bib })).toEqual({
        status: 400,
        body: {
          status: 'error',
          message: 'please type the number on your bib: 3 to 5 digits',
          message_th: 'กรุณากรอกหมายเลขบนบิบของคุณ เป็นตัวเลข 3–5 หลัก',
          field: 'bib',
          code: 'bad-bib',
        },
      });
    }
  });

  it('refuses what is not a bib, an event without bib search, a closed sale and an unknown event', async () => {
    for (const bib of ['12a4', '', '1'.repeat(21), 1234, null, '12-34']) {
      const { status, body } = await search({ event_key: 'bib-run', bib });
      expect(status, String(bib)).toBe(400);
      expect(body, String(bib)).toMatchObject({ status: 'error', field: 'bib' });
    }
    expect(await search({ event_key: 'no-bibs', bib: '1234' })).toMatchObject({
      status: 400,
      body: { code: 'no-bib-search', message_th: 'งานนี้ไม่มีการค้นหาด้วยหมายเลขบิบ' },
    });
    expect(await search({ event_key: 'closed-run', bib: '1234' })).toMatchObject({
      status: 400,
      body: { code: 'sale-closed', field: 'event_key' },
    });
    expect(await search({ event_key: 'nope', bib: '1234' })).toMatchObject({ status: 404 });
    expect((await search({ event_key: '../x', bib: '1234' })).status).toBe(400);
  });

  it('follows the event’s bib rule as soon as it changes: digits and range', async () => {
    await updateEvent(db, eventId, { bib_min_digits: 2, bib_max_digits: 4 });
    expect(idsOf((await search({ event_key: 'bib-run', bib: '99' })).body.images)).toEqual([p[3]]);
    await updateEvent(db, eventId, { bib_from: 1000, bib_to: 1999 });
    expect((await search({ event_key: 'bib-run', bib: '567' })).body).toMatchObject({
      code: 'bad-bib',
      message: 'please type the number on your bib: 2 to 4 digits from 1000 to 1999',
    });
    await updateEvent(db, eventId, { bib_min_digits: 3, bib_max_digits: 5, bib_from: null, bib_to: null });
  });

  it('with a start list: a bib read but not on it is still found, marked so; runners find their bib by name', async () => {
    const detail = async () => {
      const res = await t.app.request('/api/v1/events/bib-run');
      const body = await res.json();
      expect(v.is(eventDetailAnswerSchema, body)).toBe(true);
      return (body as { body: { bib_search?: unknown } }).body.bib_search;
    };
    expect(await detail()).toEqual({ min_digits: 3, max_digits: 5, by_name: false });
    await replaceStartList(db, eventId, [
      { bib: '1234', name: 'สมชาย ใจดี', category: '10K' },
      { bib: '1235', name: 'Somsak Runner', category: '5K' },
      { bib: '2234', name: 'Anna Somsri', category: '' },
    ]);
    expect(await detail()).toEqual({ min_digits: 3, max_digits: 5, by_name: true });
    const listed = await search({ event_key: 'bib-run', bib: '1234' });
    expect(v.is(bibSearchAnswerSchema, listed.body)).toBe(true);
    expect(listed.body).toMatchObject({ image_length: 3, on_start_list: true });
    // A late entry or a swapped bib: read in the photos, not on the list, still the runner's photos.
    const unlisted = await search({ event_key: 'bib-run', bib: '567' });
    expect(unlisted.body).toMatchObject({ image_length: 2, on_start_list: false });
    expect(idsOf(unlisted.body.images)).toEqual([p[1], p[2]]);
    // Nothing found either way, and which: on the list but in no photo yet, or on neither.
    expect((await search({ event_key: 'bib-run', bib: '2234' })).body).toMatchObject({
      image_length: 0,
      on_start_list: true,
    });
    expect((await search({ event_key: 'bib-run', bib: '4321' })).body).toMatchObject({
      image_length: 0,
      on_start_list: false,
    });
    const names = async (name: unknown) => {
      const res = await t.post('/api/v1/bibsearch/runners', { event_key: 'bib-run', name });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const som = await names('som');
    expect(v.is(runnerNamesAnswerSchema, som.body)).toBe(true);
    // Any case, from the start of the whole name only (first name first); only the first name whole.
    expect(som.body.body).toEqual([{ bib: '1235', name: 'Somsak R.', category: '5K' }]);
    expect((await names('SOMSAK')).body.body).toEqual([{ bib: '1235', name: 'Somsak R.', category: '5K' }]);
    expect((await names('สมชาย')).body.body).toEqual([{ bib: '1234', name: 'สมชาย ใ.', category: '10K' }]);
    // Not a surname, nor the middle of a word.
    expect((await names('ใจดี')).body.body).toEqual([]);
    expect((await names('Somsri')).body.body).toEqual([]);
    expect((await names('omsa')).body.body).toEqual([]);
    // Past the first name, the initials only: a longer query learns nothing the answer does not show.
    for (const typed of ['anna s', 'Anna Somsri', 'anna sx', 'anna s.'])
      expect((await names(typed)).body.body, typed).toEqual([{ bib: '2234', name: 'Anna S.', category: '' }]);
    for (const typed of ['anna r', 'ann s', 'anna s r', 'สมชาย จ'])
      expect((await names(typed)).body.body, typed).toEqual([]);
    expect((await names('สมชาย ใจร้าย')).body.body).toEqual([
      { bib: '1234', name: 'สมชาย ใ.', category: '10K' },
    ]);
    // What is special to a pattern (LIKE's, a regular expression's) is only a character here.
    for (const typed of ['som%', 'so_sak', 'so.sak', 'som.*', 'som(', 'som\\', '[som]', 'anna .'])
      expect(await names(typed), typed).toMatchObject({ status: 200, body: { body: [] } });
    // Three letters as a person counts them: "ชื่" is one (a consonant with its vowel and tone mark).
    for (const typed of ['so', 's', '', '   ', 'S o', '%%%', 'ชื่อ', 'ก้ง']) {
      expect(await names(typed), JSON.stringify(typed)).toEqual({
        status: 400,
        body: {
          status: 'error',
          message: 'please type at least 3 letters of your first name',
          message_th: 'กรุณาพิมพ์ชื่อจริงอย่างน้อย 3 ตัวอักษร',
          field: 'name',
          code: 'name-too-short',
        },
      });
    }
    expect((await names('Som')).status).toBe(200);
    expect((await names('ann')).body.body).toEqual([{ bib: '2234', name: 'Anna S.', category: '' }]);
    expect((await names('สมช')).body.body).toEqual([{ bib: '1234', name: 'สมชาย ใ.', category: '10K' }]);
    expect((await names('x'.repeat(101))).status).toBe(400);
    // What a database's text cannot hold is refused, never sent to SQL.
    for (const odd of ['a\u0000bc', 'abc\ud800', 'abc\u0007']) {
      expect(await names(odd), JSON.stringify(odd)).toMatchObject({ status: 400, body: { field: 'name' } });
    }
    const none = await t.post('/api/v1/bibsearch/runners', { event_key: 'no-bibs', name: 'som' });
    expect(none.status).toBe(400);
    await replaceStartList(db, eventId, []);
    expect(await detail()).toEqual({ min_digits: 3, max_digits: 5, by_name: false });
    // Without a list, nothing is said of one.
    expect((await search({ event_key: 'bib-run', bib: '567' })).body).not.toHaveProperty('on_start_list');
  });

  it('counts bib searches against the searches’ per-client limit, and name searches against a tighter one', async () => {
    const tight = await openTestApp(database, NOW, {
      ...generousLimits(),
      search: memoryLimiter('search', { capacity: 2, perMinute: 1 }),
      names: memoryLimiter('names', { capacity: 1, perMinute: 1 }),
    });
    try {
      const runners = () => tight.post('/api/v1/bibsearch/runners', { event_key: 'nope', name: 'som' });
      expect((await search({ event_key: 'nope', bib: '1234' }, tight)).status).toBe(404);
      expect((await runners()).status).toBe(404);
      expect((await runners()).status).toBe(429);
      expect((await search({ event_key: 'nope', bib: '1234' }, tight)).status).toBe(404);
      expect((await search({ event_key: 'nope', bib: '1234' }, tight)).status).toBe(429);
    } finally {
      await tight.close();
    }
  });

  it('answers an event no more name searches a day than its start list allows, whoever sends them', async () => {
    // The real limits, behind one proxy: each search comes from a client of its own, as a scraper's would.
    const capped = await openTestApp(database, NOW, apiLimits(undefined, 1));
    try {
      const base = {
        cover_object: 'x/cover.jpg',
        event_date_text: '15 พฤศจิกายน 2569',
        eventdate: '2026-11-15',
        province: 'ภูเก็ต',
        team_key: null,
        on_sale_start: new Date(NOW.getTime() - DAY),
        on_sale_end: new Date(NOW.getTime() + 30 * DAY),
      };
      const listed = await insertEvent(capped.ctx.db, {
        event: { ...base, event_key: 'list-a', title: 'A' },
      });
      const other = await insertEvent(capped.ctx.db, { event: { ...base, event_key: 'list-b', title: 'B' } });
      await insertEvent(capped.ctx.db, { event: { ...base, event_key: 'no-list', title: 'C' } });
      for (const id of [listed, other])
        await replaceStartList(capped.ctx.db, id, [{ bib: '1235', name: 'Somsak Runner', category: '5K' }]);
      let client = 0;
      const names = async (event_key: string) => {
        client += 1;
        const res = await capped.post(
          '/api/v1/bibsearch/runners',
          { event_key, name: 'som' },
          { 'x-forwarded-for': `10.7.${client >> 8}.${client & 255}` },
        );
        return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
      };
      const allowed = eventNameSearchesPerDay(1);
      const statuses: number[] = [];
      for (let i = 0; i < allowed; i++) statuses.push((await names('list-a')).status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(allowed);
      const refused = await names('list-a');
      expect(refused).toMatchObject({
        status: 429,
        body: {
          status: 'error',
          code: 'name-search-closed',
          message:
            "this event's search by name has reached today's limit: please search with your bib number or a selfie, or try again tomorrow",
          message_th: 'การค้นหาด้วยชื่อของงานนี้ครบจำนวนของวันนี้แล้ว กรุณาค้นหาด้วยหมายเลขบิบหรือเซลฟี่ หรือลองใหม่พรุ่งนี้',
        },
      });
      // Until the day's allowance comes back.
      expect(Number(refused.retryAfter)).toBeGreaterThan(86_000);
      expect((refused.body as { retry_after: number }).retry_after).toBe(Number(refused.retryAfter));
      // Each event has a day of its own; an event without a start list has nothing to count.
      expect((await names('list-b')).status).toBe(200);
      expect(await names('no-list')).toMatchObject({ status: 200, body: { body: [] } });
    } finally {
      await capped.close();
    }
  });

  describe('face and bib confirm each other', () => {
    const similar = async () => {
      const [face] = facesOf.get(p[0] as number) ?? [];
      const res = await t.post('/api/v2/facesearch/similar', {
        event_key: 'bib-run',
        face_id: face,
        pass: photoPass(TEST_PHOTO_PASS_SECRET, p[0] as number),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as FaceSearchAnswer;
    };
    const match = (at: number, face: number, tier: 'confident' | 'maybe'): FaceMatch => ({
      photoId: p[at] as number,
      distance: 0.3,
      tier,
      faceId: facesOf.get(p[at] as number)?.[face] as number,
      personId: 1,
    });

    it('adds the photos of the runner’s bib the face missed, and settles "maybe you" by the bib', async () => {
      // The face found p0 and p2 (its face 0 wears 1234), p1 as "maybe" (wearing 567: someone else), p5 (no read).
      matches = () => [
        match(0, 0, 'confident'),
        match(2, 0, 'confident'),
        match(1, 0, 'maybe'),
        match(5, 0, 'maybe'),
      ];
      const body = await similar();
      expect(body.runner_bib).toBe('1234');
      expect(idsOf(body.images)).toEqual([p[0], p[2]]);
      expect(idsOf(body.maybe_images)).toEqual([p[1], p[5]]);
      // p4: the bib read, the face not found.
      expect(idsOf(body.bib_images)).toEqual([p[4]]);
      // A maybe whose own torso carries the bib is the runner.
      matches = () => [match(0, 0, 'confident'), match(2, 0, 'confident'), match(4, 0, 'maybe')];
      const promoted = await similar();
      expect(idsOf(promoted.images)).toEqual([p[0], p[2], p[4]]);
      expect(promoted.bib_images).toBeUndefined();
    });

    it('moves a confident match wearing another bib to "maybe you"', async () => {
      matches = () => [
        match(0, 0, 'confident'),
        match(2, 0, 'confident'),
        match(4, 0, 'confident'),
        match(1, 0, 'confident'),
      ];
      const body = await similar();
      expect(body.runner_bib).toBe('1234');
      expect(idsOf(body.images)).toEqual([p[0], p[2], p[4]]);
      expect(idsOf(body.maybe_images)).toEqual([p[1]]);
    });

    it('leaves the matches alone when no bib clearly leads, or when fusion is off', async () => {
      // 1234 once and 567 once: neither leads.
      matches = () => [match(0, 0, 'confident'), match(1, 0, 'confident')];
      const tied = await similar();
      expect(tied.runner_bib).toBeUndefined();
      expect(idsOf(tied.images)).toEqual([p[0], p[1]]);
      matches = () => [match(0, 0, 'confident'), match(2, 0, 'confident'), match(1, 0, 'confident')];
      t.ctx.bibFusion = false;
      const off = await similar();
      t.ctx.bibFusion = undefined;
      expect(off.runner_bib).toBeUndefined();
      expect(idsOf(off.images)).toEqual([p[0], p[2], p[1]]);
    });
  });
});

describe('an event’s name searches a day', () => {
  it('follow its start list: one a runner, at least 200, in steps that double', () => {
    expect([0, 1, 120, 200, 201, 400, 401, 30_000].map(eventNameSearchesPerDay)).toEqual([
      200, 200, 200, 200, 400, 400, 800, 51_200,
    ]);
  });

  // Two API processes on one PostgreSQL database: an event's searches through either count against one day.
  const url = process.env.TEST_DATABASE_URL;
  it.skipIf(!url)(
    'are counted once across API processes on PostgreSQL',
    async () => {
      const { default: pg } = await import('pg');
      const { openDatabase, migrate } = await import('../db/database');
      const { postgresLimiter } = await import('../services/rate-limit');
      const db = await openDatabase({ databaseUrl: url });
      await migrate(db);
      await db.destroy();
      const pools = [new pg.Pool({ connectionString: url }), new pg.Pool({ connectionString: url })];
      try {
        const [one, two] = pools.map(
          (pool) => apiLimits((name, options) => postgresLimiter(pool, name, options)).namesOfEvent,
        ) as [ReturnType<typeof apiLimits>['namesOfEvent'], ReturnType<typeof apiLimits>['namesOfEvent']];
        // An event id of this run's own: the table keeps a day's counts.
        const event = Date.now() % 1_000_000_000;
        expect(await one(event, 3)).toBe(0);
        expect(await two(event, 3)).toBe(0);
        expect(await one(event, 3)).toBe(0);
        expect(await two(event, 3)).toBeGreaterThan(86_000);
        expect(await one(event, 3)).toBeGreaterThan(86_000);
        expect(await two(event + 1, 3)).toBe(0);
      } finally {
        await Promise.all(pools.map((p) => p.end()));
      }
    },
    60_000,
  );
});
