// Integration: "more like this one" (our addition beside SPEC §7's calls): the faces of a result photo as fractions,
// and a search with one of them, on a real database. A fixed engine stands in: the route's checks, the descriptor
// it is given and the answer's shape are what is under test.

import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FaceSearchAnswer,
  photoFacesAnswerSchema,
  similarSearchAnswerSchema,
} from '../../core/contract/facesearch';
import type { Db } from '../db/database';
import { insertEvent } from '../db/events-repo';
import { saveFacesOfPhoto } from '../db/faces-repo';
import { insertPhotos } from '../db/photos-repo';
import { testDatabases } from '../db/test-databases';
import type { FaceQuery } from '../faces/engine';
import { descriptorToBytes } from '../faces/matrix';
import { photoPass } from '../services/photo-pass';
import { openTestApp, TEST_PHOTO_PASS_SECRET, type TestApp } from '../test/app-fixture';
import { standInFaces } from '../test/face-engine';
import { phuketEventOnSale } from '../test/fixtures';

const NOW = new Date('2026-11-22T05:00:00Z');
const DAY = 86_400_000;
const descriptor = (seed: number) =>
  Float32Array.from({ length: 128 }, (_, i) => Math.sin(seed * 31 + i) / 4);

describe.each(testDatabases)('more like this one on $name', (database) => {
  let t: TestApp;
  let db: Db;
  let photoIds: number[] = [];
  let otherPhoto = 0;
  let closedPhoto = 0;
  const seen: { descriptor: number[]; query: FaceQuery }[] = [];
  let answer: () => number[] = () => [];
  const engine = standInFaces({
    async searchDescriptor(d, query) {
      seen.push({ descriptor: Array.from(d), query });
      return answer().map((photoId, i) => ({ photoId, distance: 0.2 + i / 100 }));
    },
  });

  /** The pass the store gives with the photo in a search's results. */
  const passOf = (photoId: number) => photoPass(TEST_PHOTO_PASS_SECRET, photoId);
  /** The faces of a photo, asked with the pass given (null: without one). */
  const facesOf = async (photoId: number, pass: string | null = passOf(photoId)) => {
    const query = pass === null ? '' : `?pass=${encodeURIComponent(pass)}`;
    const res = await t.app.request(`/api/v2/facesearch/faces/${photoId}${query}`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    t = await openTestApp(database, NOW);
    db = t.ctx.db;
    t.ctx.faces = engine;
    const base = phuketEventOnSale(NOW);
    const eventId = await insertEvent(db, {
      event: {
        ...base,
        event_key: 'beach-run',
        title: 'Beach run',
        is_mhao: true,
        mhao_price: '300',
        face_threshold: 0.45,
        max_face_search: 5,
      },
    });
    const otherId = await insertEvent(db, { event: { ...base, event_key: 'other-run', title: 'Other' } });
    const closedId = await insertEvent(db, {
      event: {
        ...base,
        event_key: 'closed-run',
        title: 'Closed',
        on_sale_end: new Date(NOW.getTime() - DAY),
      },
    });
    const photo = (event_id: number, i: number) => ({
      event_id,
      stage_id: null,
      original_file_name: `IMG_${i}.JPG`,
      file_name: `p${i}.jpg`,
      width: 4000,
      height: 3000,
      taken_at: NOW,
      index_error: null,
    });
    photoIds = await insertPhotos(db, [photo(eventId, 1), photo(eventId, 2), photo(eventId, 3)]);
    [otherPhoto = 0] = await insertPhotos(db, [photo(otherId, 9)]);
    [closedPhoto = 0] = await insertPhotos(db, [photo(closedId, 8)]);
    const stored = (seed: number, box: { x: number; y: number; width: number; height: number }) => ({
      box,
      score: 0.9,
      descriptor: descriptorToBytes(descriptor(seed)),
    });
    await saveFacesOfPhoto(db, photoIds[0] as number, eventId, [
      stored(1, { x: 1000, y: 750, width: 400, height: 600 }),
      // A face cut by the photo's right edge: its box is clipped to the photo.
      stored(2, { x: 3800, y: 0, width: 400, height: 300 }),
    ]);
    await saveFacesOfPhoto(db, otherPhoto, otherId, [stored(3, { x: 0, y: 0, width: 100, height: 100 })]);
    await saveFacesOfPhoto(db, closedPhoto, closedId, [stored(4, { x: 0, y: 0, width: 100, height: 100 })]);
  });
  afterAll(() => t.close());

  const faceIdsOf = async (photoId: number) =>
    ((await facesOf(photoId)).body.body as { face_id: number }[]).map((f) => f.face_id);

  it('lists the faces of a photo with boxes as fractions of the photo', async () => {
    const { status, body } = await facesOf(photoIds[0] as number);
    expect(status).toBe(200);
    expect(v.is(photoFacesAnswerSchema, body)).toBe(true);
    const faces = body.body as { face_id: number; box: Record<string, number> }[];
    expect(faces).toHaveLength(2);
    expect(faces[0]?.box).toEqual({ x: 0.25, y: 0.25, width: 0.1, height: 0.2 });
    expect(faces[1]?.box).toEqual({ x: 0.95, y: 0, width: 0.05, height: 0.1 });
    // A photo with no faces (not indexed yet, or nobody in it) lists none.
    expect(await facesOf(photoIds[1] as number)).toEqual({
      status: 200,
      body: { status: 'success', body: [] },
    });
  });

  it('refuses an unknown photo (404) and a malformed id (400)', async () => {
    expect((await facesOf(999_999)).status).toBe(404);
    expect((await facesOf(999_999)).body).toMatchObject({ status: 'error', field: 'photo_id' });
    const bad = await t.app.request('/api/v2/facesearch/faces/abc');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: 'photo_id' });
  });

  it('answers a photo asked for without its pass as unknown: ids count up, and faces lead to searches', async () => {
    const photo = photoIds[0] as number;
    const unknown = await facesOf(999_999);
    for (const pass of [null, '', 'x'.repeat(22), passOf(photoIds[1] as number), `${passOf(photo)}x`]) {
      expect(await facesOf(photo, pass), String(pass)).toEqual(unknown);
    }
  });

  it('searches with the picked face and answers like the selfie search', async () => {
    const [faceId] = await faceIdsOf(photoIds[0] as number);
    answer = () => [photoIds[2] as number, photoIds[0] as number, otherPhoto];
    const res = await t.post('/api/v2/facesearch/similar', {
      event_key: 'beach-run',
      face_id: faceId,
      pass: passOf(photoIds[0] as number),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as FaceSearchAnswer;
    expect(v.is(similarSearchAnswerSchema, body)).toBe(true);
    // Best first, photos of another event dropped, the unlimited price shared over the matches.
    expect(body).toMatchObject({ status: 'success', image_length: 2, avg_price: '150.00' });
    expect(body.images.map((p) => p.id)).toEqual([photoIds[2], photoIds[0]]);
    expect(body.images[0]).toMatchObject({ original_file_name: 'IMG_3.JPG', atc: 'N' });
    // Each photo with its pass: the runner may ask about the photos found in turn.
    expect(body.images.map((p) => p.pass)).toEqual(body.images.map((p) => passOf(p.id)));
    const last = seen.at(-1);
    expect(last?.query).toMatchObject({ threshold: 0.45, maxResults: 5 });
    // The stored descriptor of the picked face is what the engine searches with.
    expect(last?.descriptor).toEqual(Array.from(descriptor(1)));

    answer = () => [];
    const none = await t.post('/api/v2/facesearch/similar', {
      event_key: 'beach-run',
      face_id: faceId,
      pass: passOf(photoIds[0] as number),
    });
    expect(await none.json()).toEqual({ status: 'success', image_length: 0, images: [], avg_price: '0.00' });
  });

  it('refuses an unknown face, a face of another event, a closed sale and bad requests', async () => {
    const similar = async (body: unknown) => {
      const res = await t.post('/api/v2/facesearch/similar', body);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const [otherFace] = await faceIdsOf(otherPhoto);
    const [closedFace] = await faceIdsOf(closedPhoto);
    const before = seen.length;
    const unknown = await similar({ event_key: 'beach-run', face_id: 999_999, pass: passOf(1) });
    expect(unknown).toMatchObject({ status: 404, body: { status: 'error', field: 'face_id' } });
    // A face asked for without its photo's pass is unknown too, whatever the pass given instead.
    const [faceId] = await faceIdsOf(photoIds[0] as number);
    for (const pass of [undefined, '', passOf(photoIds[1] as number), passOf(otherPhoto)]) {
      expect(await similar({ event_key: 'beach-run', face_id: faceId, pass }), String(pass)).toEqual(unknown);
    }
    expect(
      await similar({ event_key: 'beach-run', face_id: otherFace, pass: passOf(otherPhoto) }),
    ).toMatchObject({
      status: 400,
      body: { status: 'error', field: 'face_id' },
    });
    expect(
      await similar({ event_key: 'closed-run', face_id: closedFace, pass: passOf(closedPhoto) }),
    ).toMatchObject({
      status: 400,
      body: { field: 'event_key', code: 'sale-closed' },
    });
    expect(await similar({ event_key: 'no-such-run', face_id: otherFace })).toMatchObject({ status: 404 });
    expect((await similar({ event_key: 'beach-run', face_id: 'x' })).status).toBe(400);
    expect((await similar({ event_key: 'beach-run', face_id: 0 })).body).toMatchObject({ field: 'face_id' });
    expect(seen.length).toBe(before);
  });
});
