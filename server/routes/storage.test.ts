import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_VERSION, photoObjectKeys } from '../../core/contract/photos';
import { sizedCopy } from '../../core/sized-images';
import { testDatabases } from '../db/test-databases';
import { storeSizedImage } from '../services/sized-images';
import { openTestApp, type TestApp } from '../test/app-fixture';

const JPEG_1000 = sharp({
  create: { width: 1000, height: 525, channels: 3, background: { r: 200, g: 80, b: 40 } },
}).jpeg();

// Database-independent: PGlite is enough.
describe.each(testDatabases.slice(0, 1))('stored objects over HTTP', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openTestApp(database);
    await t.store.put('run/thumbnail/a.jpg', new Uint8Array([1, 2, 3]), 'image/jpeg');
    await t.store.put('private/run/original/a.jpg', new Uint8Array([4, 5, 6]), 'image/jpeg');
  });
  afterAll(() => t.close());

  it('serves public objects to anyone, cacheable', async () => {
    const res = await t.app.request('/storage/run/thumbnail/a.jpg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    // A thumbnail (the spec's address) is remade in place when a new version of it is made: kept a day.
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect((await t.app.request('/storage/run/thumbnail/missing.jpg')).status).toBe(404);
    // The address is normalised before routing: it can only reach the app shell, never the file system.
    expect(await (await t.app.request('/storage/../../etc/passwd')).text()).not.toContain('root:');
    const encoded = await t.app.request('/storage/run/%2e%2e/%2e%2e/%2e%2e/etc/passwd');
    expect(await encoded.text()).not.toContain('root:');
    // A broken percent-encoding names no object (it gave a 500 before).
    expect((await t.app.request('/storage/run/%E0%A4%A.jpg')).status).toBe(404);
    expect((await t.app.request('/storage/private/%E0%A4%A?expires=1&sig=x')).status).toBe(404);
    expect((await t.app.request('/storage/%E0%A4%A', { method: 'PUT', body: 'x' })).status).toBe(403);
  });

  it('lets browsers keep a cover and its WebP copies for a year: their names are never reused', async () => {
    const key = await storeSizedImage(t.store, 'run/cover', await JPEG_1000.toBuffer());
    for (const address of [key, sizedCopy(key, 800)]) {
      const res = await t.app.request(`/storage/${address}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it("lets browsers keep a photo's WebP copies for a year: a new version of them is a new name", async () => {
    const keys = photoObjectKeys('run', 'copied.jpg');
    await t.store.put(keys.thumbnailCopy, new Uint8Array([1, 2, 3]), 'image/webp');
    const res = await t.app.request(`/storage/${keys.thumbnailCopy}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(keys.thumbnailCopy).toBe(`run/thumbnail/copied.jpg.v${PREVIEW_VERSION}.webp`);
  });

  it('serves private objects only through an unexpired signed address', async () => {
    expect((await t.app.request('/storage/private/run/original/a.jpg')).status).toBe(403);
    const url = await t.store.signedGetUrl('private/run/original/a.jpg', 60);
    const res = await t.app.request(url);
    expect(res.status).toBe(200);
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([4, 5, 6]);
    expect(res.headers.get('cache-control')).toContain('private');
    expect((await t.app.request(url.replace('original/a.jpg', 'original/b.jpg'))).status).toBe(403);
    // The expiry only in the digits it was signed with: the same number written otherwise is not the address.
    const expires = new URL(url, 'http://x').searchParams.get('expires') ?? '';
    for (const written of [`${expires}.0`, ` ${expires}`, `+${expires}`, `0${expires}`.replace(/^0/, '0x')])
      expect(
        (await t.app.request(url.replace(`expires=${expires}`, `expires=${encodeURIComponent(written)}`)))
          .status,
      ).toBe(403);
    t.setNow(new Date(Date.parse('2026-11-22T05:02:00Z')));
    expect((await t.app.request(url)).status).toBe(403);
  });
});
