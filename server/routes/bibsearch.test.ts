// Integration (issue 36): search by bib number and by a runner's name, and face and bib confirming each other in
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
import type { FaceMatch, FaceSearchEngine } from '../faces/engine';
import { descriptorToBytes } from '../faces/matrix';
import { photoPass } from '../services/photo-pass';
import { memoryLimiter } from '../services/rate-limit';
import { generousLimits, openTestApp, TEST_PHOTO_PASS_SECRET, type TestApp } from '../test/app-fixture';

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
  const engine: FaceSearchEngine = {
    async search() {
      return { kind: 'matches', matches: matches() };
    },
    async searchDescriptor() {
      return matches();
    },
  };

  const search = async (body: unknown, app = t) => {
    const res = await app.post('/api/v1/bibsearch', body);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const idsOf = (list: unknown) => ((list ?? []) as { id: number }[]).map((photo) => photo.id);

  beforeAll(async () => {
    t = await openTestApp(database, NOW);
    db = t.ctx.db;
    t.ctx.faces = engine;
    const base = {
      cover_object: 'x/cover.jpg',
      event_date_text: '15 พฤศจิกายน 2569',
      eventdate: '2026-11-15',
      province: 'ภูเก็ต',
      team_key: null,
      on_sale_start: new Date(NOW.getTime() - DAY),
      on_sale_end: new Date(NOW.getTime() + 30 * DAY),
    };
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

  it('with a start list: numbers not on it are nobody’s bib, and runners find their bib by name', async () => {
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
    expect((await search({ event_key: 'bib-run', bib: '1234' })).body).toMatchObject({ image_length: 3 });
    expect((await search({ event_key: 'bib-run', bib: '567' })).body).toMatchObject({ image_length: 0 });
    const names = async (name: unknown) => {
      const res = await t.post('/api/v1/bibsearch/runners', { event_key: 'bib-run', name });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const som = await names('som');
    expect(v.is(runnerNamesAnswerSchema, som.body)).toBe(true);
    // Any case, the beginning of a word of the name; names that begin with it first; only the first name whole.
    expect(som.body.body).toEqual([
      { bib: '1235', name: 'Somsak R.', category: '5K' },
      { bib: '2234', name: 'Anna S.', category: '' },
    ]);
    expect((await names('ใจดี')).body.body).toEqual([{ bib: '1234', name: 'สมชาย ใ.', category: '10K' }]);
    // Not the middle of a word.
    expect((await names('omsa')).body.body).toEqual([]);
    // LIKE's wildcards are only characters here.
    expect((await names('%%')).body.body).toEqual([]);
    expect(await names('s')).toMatchObject({ status: 400, body: { field: 'name' } });
    expect((await names('x'.repeat(101))).status).toBe(400);
    // What a database's text cannot hold is refused, never sent to SQL.
    for (const odd of ['a\u0000b', 'ab\ud800', 'ab\u0007']) {
      expect(await names(odd), JSON.stringify(odd)).toMatchObject({ status: 400, body: { field: 'name' } });
    }
    const none = await t.post('/api/v1/bibsearch/runners', { event_key: 'no-bibs', name: 'som' });
    expect(none.status).toBe(400);
    await replaceStartList(db, eventId, []);
    expect(await detail()).toEqual({ min_digits: 3, max_digits: 5, by_name: false });
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
