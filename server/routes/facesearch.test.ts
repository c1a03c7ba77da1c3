// Integration: the face search calls (sign, signed PUT, v2 search, v1 multipart, highlight) on a real database
// and disk store. The matching itself belongs to the face engine; here a fixed engine stands in so the tests
// see how matches are checked, shaped and limited.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaceSearchAnswer, SelfieProblem, SignAnswer } from '../../core/contract/facesearch';
import type { HighlightPhoto } from '../../core/contract/photos';
import { demoSelfieJpeg, faceApiSample } from '../../tests/demo-selfie';
import type { Db } from '../db/database';
import { insertEvent } from '../db/events-repo';
import { insertPhotos } from '../db/photos-repo';
import { findSearch } from '../db/searches-repo';
import { testDatabases } from '../db/test-databases';
import {
  embedAtSearchTime,
  FaceIndexEngine,
  type FaceQuery,
  type FaceSearchEngine,
  type SelfiePreparation,
} from '../faces/engine';
import { SEARCH_BUSY_AFTER_MS } from '../services/face-search';
import { photoPass } from '../services/photo-pass';
import { memoryLimiter } from '../services/rate-limit';
import { SELFIE_KEEP_SECONDS } from '../services/selfie-lifetime';
import { generousLimits, openTestApp, TEST_PHOTO_PASS_SECRET, type TestApp } from '../test/app-fixture';
import { TEST_CONSENT } from '../test/consent';
import { standInFaces } from '../test/face-engine';

const NOW = new Date('2026-11-22T05:00:00Z');
const DAY = 86_400_000;
const selfie = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#d9a07a' } })
  .jpeg()
  .toBuffer();

/**
 * Answers the photos it was given, records the query: the route's handling is what is under test. Its selfie queue
 * reports the expected time set in `queue` (the pool's estimate in the store) and counts the selfies announced.
 */
function fixedEngine(photoIds: () => number[]) {
  const queries: FaceQuery[] = [];
  const queue = { expectedMs: 0, announced: 0 };
  const engine = standInFaces({
    async searchDescriptor(_descriptor, query) {
      queries.push(query);
      return photoIds().map((photoId, i) => ({ photoId, distance: 0.3 + i / 100 }));
    },
  });
  const selfies: SelfiePreparation = {
    ...embedAtSearchTime,
    expectedSelfieMs: () => queue.expectedMs,
    expectSelfie: () => {
      queue.announced++;
    },
  };
  return { engine, selfies, queries, queue };
}

describe.each(testDatabases)('face search calls on $name', (database) => {
  let t: TestApp;
  let db: Db;
  let photoIds: number[] = [];
  let otherEventPhoto = 0;
  const { engine, selfies, queries, queue } = fixedEngine(() => [...photoIds, otherEventPhoto]);

  beforeAll(async () => {
    t = await openTestApp(database, NOW);
    db = t.ctx.db;
    t.ctx.faces = engine;
    t.ctx.selfies = selfies;
    const base = {
      cover_object: 'x/cover.jpg',
      event_date_text: '15 พฤศจิกายน 2569',
      eventdate: '2026-11-15',
      province: 'ภูเก็ต',
      team_key: null,
    };
    const eventId = await insertEvent(db, {
      event: {
        ...base,
        event_key: 'beach-run',
        title: 'Beach run',
        on_sale_start: new Date(NOW.getTime() - DAY),
        on_sale_end: new Date(NOW.getTime() + 30 * DAY),
        is_mhao: true,
        mhao_price: '399',
        face_threshold: 0.5,
        max_face_search: 3,
      },
      packages: [{ name: '1 ภาพ', name_en: '1 photo', number_of_photo: 1, price: '60' }],
    });
    const otherId = await insertEvent(db, {
      event: {
        ...base,
        event_key: 'other-run',
        title: 'Other',
        on_sale_start: new Date(NOW.getTime() - DAY),
        on_sale_end: new Date(NOW.getTime() + DAY),
      },
    });
    await insertEvent(db, {
      event: {
        ...base,
        event_key: 'closed-run',
        title: 'Closed',
        on_sale_start: new Date(NOW.getTime() - 40 * DAY),
        on_sale_end: new Date(NOW.getTime() - DAY),
      },
    });
    const photo = (event_id: number, i: number, is_highlight = false) => ({
      event_id,
      stage_id: null,
      original_file_name: `IMG_${i}.JPG`,
      file_name: `p${i}.jpg`,
      width: 4000,
      height: 3000,
      taken_at: new Date(NOW.getTime() - DAY + i * 60_000),
      is_highlight,
      index_error: null,
    });
    photoIds = await insertPhotos(db, [photo(eventId, 1, true), photo(eventId, 2), photo(eventId, 3, true)]);
    [otherEventPhoto = 0] = await insertPhotos(db, [photo(otherId, 9)]);
  });
  afterAll(() => t.close());

  const put = (url: string, body: Uint8Array, contentType = 'image/jpg') =>
    t.app.request(url, { method: 'PUT', headers: { 'content-type': contentType }, body });

  async function signAndUpload(eventKey = 'beach-run', bytes: Uint8Array = selfie) {
    const signed = await t.post('/api/v2/facesearch/sign', {
      event_key: eventKey,
      file_name: 'me.jpg',
      file_type: 'image/jpeg',
      consent: TEST_CONSENT,
    });
    expect(signed.status).toBe(200);
    const answer = (await signed.json()) as { url: string; search_id: string; file_location: string };
    expect((await put(answer.url, bytes)).status).toBe(200);
    return answer;
  }

  it('runs one search once when two requests of it come at once (the other is told it has expired)', async () => {
    const { search_id, file_location } = await signAndUpload();
    const searchesBefore = queries.length;
    const answers = await Promise.all(
      [0, 1].map(() => t.post('/api/v2/facesearch', { search_id, file_location, event_key: 'beach-run' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410]);
    expect(queries.length).toBe(searchesBefore + 1);
    const expired = answers.find((a) => a.status === 410);
    expect(await expired?.json()).toMatchObject({ code: 'search-expired' });
    expect(await t.store.exists(file_location)).toBe(false);
  });

  it('signs an expiring upload into private storage, takes the PUT, and searches with it', async () => {
    const announcedBefore = queue.announced;
    const { url, search_id, file_location } = await signAndUpload();
    // The engine was told a selfie is coming (indexing steps aside for it from the signature on).
    expect(queue.announced).toBe(announcedBefore + 1);
    expect(url).toMatch(/^\/storage\/private\/selfies\/beach-run\/[0-9a-f-]{36}\.jpg\?expires=\d+&sig=/);
    expect(file_location).toBe(`private/selfies/beach-run/${search_id}.jpg`);
    const record = await findSearch(db, search_id);
    expect(new Date(record?.purge_after ?? 0).getTime() - NOW.getTime()).toBe(SELFIE_KEEP_SECONDS * 1000);
    // The selfie is private: no plain address reads it.
    expect((await t.app.request(`/storage/${file_location}`)).status).toBe(403);
    expect(await t.store.exists(file_location)).toBe(true);

    const res = await t.post('/api/v2/facesearch', { search_id, file_location, event_key: 'beach-run' });
    expect(res.status).toBe(200);
    // Answered: the selfie is deleted at once, and the same search cannot be run again.
    expect(await t.store.exists(file_location)).toBe(false);
    expect((await findSearch(db, search_id))?.selfie_deleted_at).not.toBeNull();
    const again = await t.post('/api/v2/facesearch', { search_id, file_location, event_key: 'beach-run' });
    expect(again.status).toBe(410);
    const body = (await res.json()) as FaceSearchAnswer;
    // Photos of another event are dropped; the event's own threshold and limit are what the engine gets.
    expect(body).toMatchObject({ status: 'success', image_length: 3, avg_price: '133.00' });
    expect(body.images.map((p) => p.id)).toEqual(photoIds);
    expect(body.images[0]).toEqual({
      id: photoIds[0],
      event_id: expect.any(Number),
      photographer_id: 0,
      original_file_name: 'IMG_1.JPG',
      thumbnail_file_name: 'p1.jpg',
      preview_file_name: 'p1.jpg',
      atc: 'N',
      is_manual: 'N',
      // Its pass: proof the store showed it, which the calls about its faces and nearby frames ask for.
      pass: photoPass(TEST_PHOTO_PASS_SECRET, photoIds[0] as number),
    });
    expect(queries.at(-1)).toMatchObject({ threshold: 0.5, maxResults: 3 });
  });

  it('refuses uploads that are not signed, expired, of another type, or too large', async () => {
    const signed = (await (
      await t.post('/api/v2/facesearch/sign', {
        event_key: 'beach-run',
        file_name: 'me.jpg',
        file_type: 'image/jpeg',
        consent: TEST_CONSENT,
      })
    ).json()) as SignAnswer;
    expect((await put(signed.url, selfie, 'image/png')).status).toBe(403);
    expect((await put(signed.url.replace(/sig=[^&]+/, 'sig=forged'), selfie)).status).toBe(403);
    expect((await put(`/storage/${signed.file_location}`, selfie)).status).toBe(403);
    expect((await put(signed.url, new Uint8Array(16 * 1024 * 1024))).status).toBe(413);
    // The address expires when the selfie is due for deletion.
    t.setNow(new Date(NOW.getTime() + (SELFIE_KEEP_SECONDS + 1) * 1000));
    expect((await put(signed.url, selfie)).status).toBe(403);
    t.setNow(NOW);
  });

  it('answers the spec messages for a file that is not an image and refuses a search before the upload', async () => {
    const { search_id, file_location } = await signAndUpload(
      'beach-run',
      new TextEncoder().encode('GIF89a...'),
    );
    const res = await t.post('/api/v2/facesearch', { search_id, file_location, event_key: 'beach-run' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'not-an-image',
      message: 'please use jpg or png files only',
      message_th: 'กรุณาใช้ไฟล์ jpg หรือ png เท่านั้น',
      field: 'file',
    });
    // A refused image is answered too: deleted at once.
    expect(await t.store.exists(file_location)).toBe(false);
    const fresh = (await (
      await t.post('/api/v2/facesearch/sign', {
        event_key: 'beach-run',
        file_name: 'a.png',
        file_type: 'image/png',
        consent: TEST_CONSENT,
      })
    ).json()) as SignAnswer;
    const early = await t.post('/api/v2/facesearch', { ...fresh, event_key: 'beach-run' });
    expect(early.status).toBe(400);
    expect(await early.json()).toMatchObject({ field: 'file_location' });
  });

  it('refuses, with the spec words, a selfie the face engine cannot decode or that is over 40 megapixels', async () => {
    // The real engine, embedding in this process: it decodes the selfie once and says why it cannot.
    t.ctx.faces = new FaceIndexEngine({ loadFaces: async () => undefined });
    try {
      const truncated = await signAndUpload('beach-run', new Uint8Array(selfie.subarray(0, 300)));
      const cut = await t.post('/api/v2/facesearch', { ...truncated, event_key: 'beach-run' });
      expect(cut.status).toBe(400);
      expect(await cut.json()).toMatchObject({
        code: 'not-an-image',
        message_th: 'กรุณาใช้ไฟล์ jpg หรือ png เท่านั้น',
      });

      const huge = await sharp({ create: { width: 7000, height: 6000, channels: 3, background: '#808080' } })
        .png()
        .toBuffer();
      const big = await signAndUpload('beach-run', new Uint8Array(huge));
      const tooBig = await t.post('/api/v2/facesearch', { ...big, event_key: 'beach-run' });
      expect(tooBig.status).toBe(400);
      expect(await tooBig.json()).toMatchObject({
        code: 'too-many-pixels',
        message: 'the image is larger than 40 megapixels',
        message_th: 'รูปมีขนาดใหญ่เกิน 40 ล้านพิกเซล',
      });

      // A 16-bit interlaced PNG decodes to far more than its pixels: refused from its header.
      const heavy = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#808080' } })
        .toColourspace('rgb16')
        .png({ progressive: true })
        .toBuffer();
      const deep = await signAndUpload('beach-run', new Uint8Array(heavy));
      const tooDeep = await t.post('/api/v2/facesearch', { ...deep, event_key: 'beach-run' });
      expect(tooDeep.status).toBe(400);
      expect(await tooDeep.json()).toMatchObject({
        code: 'too-many-pixels',
        message: expect.stringContaining('at most 16 megapixels'),
        message_th: expect.stringContaining('16 ล้านพิกเซล'),
      });
    } finally {
      t.ctx.faces = engine;
    }
  }, 60_000);

  it('answers the photos of you as images and the rest as maybe_images, with the face matched in each', async () => {
    const [a = 0, b = 0, c = 0] = photoIds;
    t.ctx.faces = standInFaces({
      searchDescriptor: async () => [
        { photoId: a, distance: 0.3, tier: 'confident', faceId: 11, personId: 11 },
        { photoId: c, distance: 0.35, tier: 'confident', faceId: 13, personId: 11 },
        { photoId: b, distance: 0.5, tier: 'maybe', faceId: 12, personId: 40 },
      ],
    });
    try {
      const { search_id, file_location } = await signAndUpload();
      const res = await t.post('/api/v2/facesearch', { search_id, file_location, event_key: 'beach-run' });
      expect(res.status).toBe(200);
      const body = (await res.json()) as FaceSearchAnswer;
      // image_length counts the photos of you only; the average price is theirs.
      expect(body).toMatchObject({ image_length: 2, avg_price: '199.50' });
      expect(body.images.map((p) => p.id)).toEqual([a, c]);
      expect(body.maybe_images?.map((p) => p.id)).toEqual([b]);
      expect(body.maybe_images?.[0]?.pass).toBe(photoPass(TEST_PHOTO_PASS_SECRET, b));
      expect(body.matched_faces).toEqual([
        { photo_id: a, face_id: 11, person_id: 11 },
        { photo_id: c, face_id: 13, person_id: 11 },
        { photo_id: b, face_id: 12, person_id: 40 },
      ]);
    } finally {
      t.ctx.faces = engine;
    }
  });

  it('says how many faces the selfie had: none ("no face", not "no match"), or several (the largest searched)', async () => {
    const [a = 0] = photoIds;
    const cases: [FaceSearchEngine, number][] = [
      [standInFaces({ describe: async () => ({ kind: 'no-face' }) }), 0],
      [
        standInFaces({
          describe: async () => ({ kind: 'face', descriptor: new Float32Array(128), faces: 3 }),
          searchDescriptor: async () => [{ photoId: a, distance: 0.3 }],
        }),
        3,
      ],
    ];
    for (const [stand, faces] of cases) {
      t.ctx.faces = stand;
      try {
        const { search_id, file_location } = await signAndUpload();
        const res = await t.post('/api/v2/facesearch', { search_id, file_location, event_key: 'beach-run' });
        expect(res.status).toBe(200);
        expect(await res.json()).toMatchObject({ status: 'success', selfie_faces: faces });
      } finally {
        t.ctx.faces = engine;
      }
    }
    // An engine that does not say leaves the field out (the spec's answer as it was).
    const { search_id, file_location } = await signAndUpload();
    const res = await t.post('/api/v2/facesearch', { search_id, file_location, event_key: 'beach-run' });
    expect(await res.json()).not.toHaveProperty('selfie_faces');
  });

  it("says where the selfie's faces are when it has several: sample1's three, the searched one first; none for one face", async () => {
    // The real engine, embedding in this process (the event has no indexed faces: what the selfie holds is tested).
    t.ctx.faces = new FaceIndexEngine({ loadFaces: async () => undefined });
    try {
      const ask = async (bytes: Uint8Array) => {
        const { search_id, file_location } = await signAndUpload('beach-run', bytes);
        const res = await t.post('/api/v2/facesearch', {
          search_id,
          file_location,
          event_key: 'beach-run',
          search_anyway: true,
        });
        expect(res.status).toBe(200);
        return (await res.json()) as FaceSearchAnswer;
      };
      const group = await ask(new Uint8Array(readFileSync(faceApiSample(1))));
      expect(group.selfie_faces).toBe(3);
      expect(group.selfie_boxes).toHaveLength(3);
      // Fractions of the upright selfie; the searched face (the largest: the right-hand runner) first.
      for (const b of group.selfie_boxes ?? []) expect(b.x + b.width).toBeLessThanOrEqual(1);
      expect(group.selfie_boxes?.[0]?.x).toBeGreaterThan(0.6);

      const one = await ask(new Uint8Array(await demoSelfieJpeg()));
      expect(one.selfie_faces).toBe(1);
      expect(one).not.toHaveProperty('selfie_boxes');
    } finally {
      t.ctx.faces = engine;
    }
  }, 60_000);

  it('refuses a search that is expired, unknown, or for another event', async () => {
    const { search_id, file_location } = await signAndUpload();
    const other = await t.post('/api/v2/facesearch', { search_id, file_location, event_key: 'other-run' });
    expect(other.status).toBe(404);
    const forged = await t.post('/api/v2/facesearch', {
      search_id,
      file_location: 'private/selfies/beach-run/someone-else.jpg',
      event_key: 'beach-run',
    });
    expect(forged.status).toBe(404);
    t.setNow(new Date(NOW.getTime() + SELFIE_KEEP_SECONDS * 1000));
    const late = await t.post('/api/v2/facesearch', { search_id, file_location, event_key: 'beach-run' });
    expect(late.status).toBe(410);
    expect(await late.json()).toMatchObject({ code: 'search-expired' });
    t.setNow(NOW);
  });

  it.each([
    [{ event_key: 'beach-run', file_name: 'me.gif', file_type: 'image/gif' }, 'file_type'],
    [{ event_key: 'beach-run', file_name: '', file_type: 'image/jpeg' }, 'file_name'],
    [{ event_key: "x' or 1=1 --", file_name: 'me.jpg', file_type: 'image/jpeg' }, 'event_key'],
    [{ file_name: 'me.jpg', file_type: 'image/jpeg' }, 'event_key'],
  ])('refuses signing %j', async (body, field) => {
    const res = await t.post('/api/v2/facesearch/sign', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: 'error', field });
  });

  it('refuses signing for an unknown event or a closed sale', async () => {
    const announcedBefore = queue.announced;
    const unknown = await t.post('/api/v2/facesearch/sign', {
      event_key: 'nope',
      file_name: 'a.jpg',
      file_type: 'image/jpeg',
      consent: TEST_CONSENT,
    });
    expect(unknown.status).toBe(404);
    const closed = await t.post('/api/v2/facesearch/sign', {
      event_key: 'closed-run',
      file_name: 'a.jpg',
      file_type: 'image/jpeg',
      consent: TEST_CONSENT,
    });
    expect(closed.status).toBe(400);
    expect(await closed.json()).toMatchObject({ code: 'sale-closed', field: 'event_key' });
    // A refused signature announces no selfie.
    expect(queue.announced).toBe(announcedBefore);
  });

  it('searches with the older multipart call and refuses 5 MB or more with the spec words', async () => {
    const form = new FormData();
    form.set('event_key', 'beach-run');
    form.set('event_id', '1');
    form.set('file', new File([selfie], 'me.jpg', { type: 'image/jpeg' }));
    // Without the face consent nothing is processed.
    const unconsented = await t.app.request('/api/v1/facesearch', { method: 'POST', body: form });
    expect(unconsented.status).toBe(400);
    expect(await unconsented.json()).toMatchObject({ code: 'consent-required', field: 'consent' });
    form.set('consent_version', TEST_CONSENT.version);
    form.set('consent_device', TEST_CONSENT.device);
    const res = await t.app.request('/api/v1/facesearch', { method: 'POST', body: form });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'success', image_length: 3 });

    const big = new FormData();
    big.set('event_key', 'beach-run');
    big.set('file', new File([new Uint8Array(5 * 1024 * 1024)], 'big.jpg', { type: 'image/jpeg' }));
    const tooLarge = await t.app.request('/api/v1/facesearch', { method: 'POST', body: big });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({
      code: 'too-large',
      message: 'please upload file smaller than 5MB',
    });

    const noFile = new FormData();
    noFile.set('event_key', 'beach-run');
    expect((await t.app.request('/api/v1/facesearch', { method: 'POST', body: noFile })).status).toBe(400);
    expect((await t.post('/api/v1/facesearch', { event_key: 'beach-run' })).status).toBe(400);
  });

  it('answers "busy, try again in N s" when the selfie queue is long, and the same search goes through later', async () => {
    const { search_id, file_location } = await signAndUpload();
    const asked = queries.length;
    queue.expectedMs = 9000;
    try {
      const busy = await t.post('/api/v2/facesearch', { search_id, file_location, event_key: 'beach-run' });
      expect(busy.status).toBe(503);
      const body = (await busy.json()) as { retry_after: number; message: string; message_th: string };
      expect(body).toMatchObject({ status: 'error', code: 'search-busy' });
      // The queue ahead drains in about 6 s; the runners refused together come back spread over a few seconds.
      expect(body.retry_after).toBeGreaterThanOrEqual(6);
      expect(body.retry_after).toBeLessThanOrEqual(30);
      expect(busy.headers.get('retry-after')).toBe(String(body.retry_after));
      expect(body.message).toBe(
        `many runners are searching right now, please try again in ${body.retry_after} s`,
      );
      expect(body.message_th).toBe(`ขณะนี้มีผู้ค้นหาจำนวนมาก กรุณาลองใหม่ในอีก ${body.retry_after} วินาที`);

      const form = new FormData();
      form.set('event_key', 'beach-run');
      form.set('file', new File([selfie], 'me.jpg', { type: 'image/jpeg' }));
      form.set('consent_version', TEST_CONSENT.version);
      form.set('consent_device', TEST_CONSENT.device);
      const older = await t.app.request('/api/v1/facesearch', { method: 'POST', body: form });
      expect(older.status).toBe(503);
      expect(await older.json()).toMatchObject({ code: 'search-busy' });
      // Refused before any work: the engine was not asked.
      expect(queries.length).toBe(asked);
    } finally {
      queue.expectedMs = 0;
    }
    // The uploaded selfie was kept: asking again once the queue is short answers.
    expect(await t.store.exists(file_location)).toBe(true);
    const later = await t.post('/api/v2/facesearch', { search_id, file_location, event_key: 'beach-run' });
    expect(later.status).toBe(200);
    expect(await later.json()).toMatchObject({ status: 'success', image_length: 3 });
  });

  it('starts embedding a selfie when its upload lands, and its search uses that embedding', async () => {
    const described: Uint8Array[] = [];
    const queueMs = { value: 0 };
    const preparing = new FaceIndexEngine({
      loadFaces: async () => undefined,
      describeSelfie: async (bytes) => {
        described.push(bytes);
        return { kind: 'face', descriptor: new Float32Array(128) };
      },
      expectedSelfieMs: () => queueMs.value,
    });
    t.ctx.faces = preparing;
    t.ctx.selfies = preparing;
    try {
      const first = await signAndUpload();
      expect(described).toEqual([new Uint8Array(selfie)]);
      expect(preparing.isPrepared(first.file_location)).toBe(true);
      // The queue has grown since the upload: this selfie is already in it, so its search waits instead of "busy".
      queueMs.value = 9000;
      const res = await t.post('/api/v2/facesearch', { ...first, event_key: 'beach-run' });
      expect(res.status).toBe(200);
      expect(described).toHaveLength(1);
      expect(preparing.isPrepared(first.file_location)).toBe(false);

      // An upload while the queue is long waits for its search, which is answered busy as before.
      const second = await signAndUpload();
      expect(described).toHaveLength(1);
      expect((await t.post('/api/v2/facesearch', { ...second, event_key: 'beach-run' })).status).toBe(503);
      queueMs.value = 0;
      // Bytes that are not a JPEG or PNG are not embedded; their search refuses them with the spec's words.
      const third = await signAndUpload('beach-run', new TextEncoder().encode('not an image at all'));
      expect(described).toHaveLength(1);
      const refused = await t.post('/api/v2/facesearch', { ...third, event_key: 'beach-run' });
      expect(refused.status).toBe(400);
      // The second search, asked again, embeds its selfie then.
      expect((await t.post('/api/v2/facesearch', { ...second, event_key: 'beach-run' })).status).toBe(200);
      expect(described).toHaveLength(2);
    } finally {
      t.ctx.faces = engine;
      t.ctx.selfies = selfies;
    }
  });

  it('refuses a poor selfie before searching and keeps it, searches it when asked anyway, and searches two selfies together', async () => {
    // Each selfie's face: a descriptor and the problems measured on it, by the selfie's bytes.
    const faceOf = new Map<string, { descriptor: Float32Array; problems: SelfieProblem[] }>();
    const keyOf = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
    const searched: { descriptor: number[]; query: FaceQuery }[] = [];
    const judging: FaceSearchEngine = {
      async describe(bytes) {
        const face = faceOf.get(keyOf(bytes));
        return face
          ? { kind: 'face', descriptor: face.descriptor, faces: 1, quality: { problems: face.problems } }
          : { kind: 'no-face' };
      },
      async searchDescriptor(descriptor, query) {
        searched.push({ descriptor: Array.from(descriptor).slice(0, 2), query });
        return photoIds.map((photoId, i) => ({ photoId, distance: 0.3 + i / 100 }));
      },
    };
    // Three selfies.
    const sized = async (width: number) =>
      new Uint8Array(
        await sharp({ create: { width, height: 300, channels: 3, background: '#d9a07a' } })
          .jpeg()
          .toBuffer(),
      );
    const [dark, sharpOne, other] = await Promise.all([sized(300), sized(310), sized(320)]);
    const descriptorOf = (a: number, b: number) =>
      Float32Array.from({ length: 128 }, (_, j) => (j === 0 ? a : j === 1 ? b : 0));
    faceOf.set(keyOf(dark), { descriptor: descriptorOf(0.2, 0.4), problems: ['dark', 'blurred'] });
    faceOf.set(keyOf(sharpOne), { descriptor: descriptorOf(0.4, 0.2), problems: [] });
    faceOf.set(keyOf(other), { descriptor: descriptorOf(0.6, 0.6), problems: [] });
    t.ctx.faces = judging;
    try {
      const poor = await signAndUpload('beach-run', dark);
      const refused = await t.post('/api/v2/facesearch', { ...poor, event_key: 'beach-run' });
      expect(refused.status).toBe(422);
      // The most telling problem, with what to do, in English and Thai; nothing was searched, the selfie is kept.
      expect(await refused.json()).toMatchObject({
        status: 'error',
        code: 'selfie-dark',
        message: 'this photo is too dark to see your face well, please take a selfie in better light',
        message_th: 'รูปนี้มืดเกินกว่าจะเห็นใบหน้าชัด กรุณาถ่ายเซลฟี่ในที่ที่มีแสงสว่างมากขึ้น',
      });
      expect(searched).toEqual([]);
      expect(await t.store.exists(poor.file_location)).toBe(true);
      expect((await findSearch(db, poor.search_id))?.searched_at ?? null).toBeNull();
      // The runner chose to search with it anyway: searched once, then deleted like any other.
      const anyway = await t.post('/api/v2/facesearch', {
        ...poor,
        event_key: 'beach-run',
        search_anyway: true,
      });
      expect(anyway.status).toBe(200);
      expect(searched).toHaveLength(1);
      expect(searched[0]?.query.selfies).toBeUndefined();
      expect(await t.store.exists(poor.file_location)).toBe(false);

      // Two selfies of the runner: their faces averaged, judged as two selfies; both deleted at the answer.
      const first = await signAndUpload('beach-run', sharpOne);
      const second = await signAndUpload('beach-run', other);
      const both = await t.post('/api/v2/facesearch', { ...first, event_key: 'beach-run', second });
      expect(both.status).toBe(200);
      expect(searched[1]?.descriptor.map((x) => Math.round(x * 100) / 100)).toEqual([0.5, 0.4]);
      expect(searched[1]?.query).toMatchObject({ selfies: 2, threshold: 0.5, maxResults: 3 });
      expect(await t.store.exists(first.file_location)).toBe(false);
      expect(await t.store.exists(second.file_location)).toBe(false);
      // A poor second selfie is refused like a first one (nothing searched, both kept).
      const third = await signAndUpload('beach-run', sharpOne);
      const fourth = await signAndUpload('beach-run', dark);
      const poorSecond = await t.post('/api/v2/facesearch', {
        ...third,
        event_key: 'beach-run',
        second: fourth,
      });
      expect(poorSecond.status).toBe(422);
      expect(searched).toHaveLength(2);
      expect(await t.store.exists(third.file_location)).toBe(true);
      // The same upload twice is not two selfies.
      const same = await t.post('/api/v2/facesearch', { ...third, event_key: 'beach-run', second: third });
      expect(same.status).toBe(400);
      expect(await same.json()).toMatchObject({ code: 'second-selfie-same' });
      // A second selfie of another event is not this search's.
      const elsewhere = await signAndUpload('other-run', other);
      const mixed = await t.post('/api/v2/facesearch', {
        ...third,
        event_key: 'beach-run',
        second: elsewhere,
      });
      expect(mixed.status).toBe(404);
      expect(searched).toHaveLength(2);
    } finally {
      t.ctx.faces = engine;
    }
  });

  it('is not busy up to 3.5 s of expected wait', async () => {
    const { search_id, file_location } = await signAndUpload();
    queue.expectedMs = SEARCH_BUSY_AFTER_MS;
    try {
      const res = await t.post('/api/v2/facesearch', { search_id, file_location, event_key: 'beach-run' });
      expect(res.status).toBe(200);
    } finally {
      queue.expectedMs = 0;
    }
  });

  it('lists highlight photos, and refuses an unknown event', async () => {
    const res = await t.post('/api/v1/facesearch/highlight', { event_key: 'beach-run' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; body: HighlightPhoto[] };
    expect(body.status).toBe('success');
    expect(body.body.map((p) => p.thumbnail_file_name).sort()).toEqual(['p1.jpg', 'p3.jpg']);
    for (const p of body.body) expect([p.width, p.height]).toEqual([4000, 3000]);
    expect((await t.post('/api/v1/facesearch/highlight', { event_key: 'nope' })).status).toBe(404);
  });

  it('limits signing and searching per client', async () => {
    const tight = await openTestApp(database, NOW, {
      ...generousLimits(),
      sign: memoryLimiter('sign', { capacity: 2, perMinute: 1 }),
    });
    const sign = () =>
      tight.post('/api/v2/facesearch/sign', {
        event_key: 'nope',
        file_name: 'a.jpg',
        file_type: 'image/jpeg',
        consent: TEST_CONSENT,
      });
    expect((await sign()).status).toBe(404);
    expect((await sign()).status).toBe(404);
    const limited = await sign();
    expect(limited.status).toBe(429);
    // A burst of 2 at 1 a minute: the window is 2 minutes long, and it has only just begun.
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(110);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(120);
    await tight.close();
  });
});
