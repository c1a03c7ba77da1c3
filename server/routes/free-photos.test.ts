// Integration: a free-download event's photo, full size, through the real app on a real database (PGlite, and
// PostgreSQL in CI): a redirect to the signed address of its logo version, made on first ask; refused for events
// that are not free, other events' photos, closed or expired sales, and ids that cannot name a photo.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photoObjectKeys } from '../../core/contract/photos';
import { testDatabases } from '../db/test-databases';
import { at, orderFixture } from '../test/order-fixtures';

describe.each(testDatabases)('free photos on $name', (database) => {
  const f = orderFixture(database);
  const get = (path: string) => f.t.app.request(path);
  const freePhoto = (key: string, i: number) => `/api/v1/events/${key}/free-photos/${f.photos[key]?.[i]}`;

  it('redirects to the signed address of the full-size logo version, made on the first ask', async () => {
    const keys = photoObjectKeys('free', 'free-1.jpg');
    expect(await f.t.store.exists(keys.logo)).toBe(false);
    const res = await get(freePhoto('free', 0));
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const location = res.headers.get('location') ?? '';
    expect(location).toMatch(/^\/storage\/private\/free\/logo\/free-1\.jpg\?/);
    expect(await f.t.store.exists(keys.logo)).toBe(true);

    const image = await get(location);
    expect(image.status).toBe(200);
    const bytes = Buffer.from(await image.arrayBuffer());
    // Full size (the original is 120×80), not the preview.
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 120, height: 80 });

    // Asked again: the same kept version under a fresh signature.
    const again = await get(freePhoto('free', 0));
    expect(again.status).toBe(302);
    expect(Buffer.from(await (await get(again.headers.get('location') ?? '')).arrayBuffer())).toEqual(bytes);
  });

  it('gives nothing of an event that is not free', async () => {
    const res = await get(freePhoto('paid', 0));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ status: 'error', code: 'not-free' });
    expect(await f.t.store.exists(photoObjectKeys('paid', 'paid-1.jpg').logo)).toBe(false);
  });

  it('gives nothing of another event, an unknown event or photo', async () => {
    const otherEventsPhoto = `/api/v1/events/free/free-photos/${f.photos.paid?.[0]}`;
    expect((await get(otherEventsPhoto)).status).toBe(404);
    expect((await get('/api/v1/events/no-such-event/free-photos/1')).status).toBe(404);
    expect((await get('/api/v1/events/free/free-photos/999999999')).status).toBe(404);
  });

  it.each(['abc', '0', '-1', '1.5', '1e19', '99999999999999999999', '%00'])(
    'refuses the id %s with a 400',
    async (id) => {
      const res = await get(`/api/v1/events/free/free-photos/${id}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ status: 'error', field: 'photo_id' });
    },
  );

  it('gives nothing once the photos have expired, and says so', async () => {
    f.t.setNow(at(60));
    try {
      const res = await get(freePhoto('free', 1));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'photos-expired' });
    } finally {
      f.t.setNow(at(0));
    }
  });

  it('says the photo is no longer kept when its original is gone', async () => {
    await f.t.store.delete(photoObjectKeys('free', 'free-6.jpg').original);
    const res = await get(freePhoto('free', 5));
    expect(res.status).toBe(410);
    expect(await res.json()).toMatchObject({ code: 'photos-expired' });
  });
});
