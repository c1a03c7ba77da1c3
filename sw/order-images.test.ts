import { describe, expect, it } from 'vitest';
import { keepableImageUrl, keepOrderImages } from './order-images';
import { storagePlace } from './storage-place';

const ORIGIN = 'https://runfoto.example';

describe('the thumbnails of kept orders', () => {
  it('keeps only the store’s own public images', () => {
    const here = storagePlace('/storage', ORIGIN);
    expect(keepableImageUrl('/storage/run/thumbnail/a.jpg', here, ORIGIN)).toBe(
      `${ORIGIN}/storage/run/thumbnail/a.jpg`,
    );
    expect(keepableImageUrl(`${ORIGIN}/storage/run/thumbnail/a.jpg`, here, ORIGIN)).toBeDefined();
    expect(
      keepableImageUrl('/storage/private/run/original/a.jpg?expires=1&sig=x', here, ORIGIN),
    ).toBeUndefined();
    expect(keepableImageUrl('https://elsewhere.example/storage/run/a.jpg', here, ORIGIN)).toBeUndefined();
    expect(keepableImageUrl('/api/v1/events/soon', here, ORIGIN)).toBeUndefined();
    expect(keepableImageUrl('/storage-other/run/a.jpg', here, ORIGIN)).toBeUndefined();
    expect(keepableImageUrl('/storage/../api/v1/events/soon', here, ORIGIN)).toBeUndefined();
    expect(keepableImageUrl('http://[bad', here, ORIGIN)).toBeUndefined();
  });

  it('keeps the public images of a bucket on another origin, never its private ones nor this origin’s', () => {
    const bucket = storagePlace('https://cdn.example/runfoto-bucket', ORIGIN);
    expect(bucket).toEqual({ root: 'https://cdn.example/runfoto-bucket/', crossOrigin: true });
    expect(keepableImageUrl('https://cdn.example/runfoto-bucket/run/thumbnail/a.jpg', bucket, ORIGIN)).toBe(
      'https://cdn.example/runfoto-bucket/run/thumbnail/a.jpg',
    );
    expect(
      keepableImageUrl(
        'https://cdn.example/runfoto-bucket/private/run/original/a.jpg?X-Amz-Signature=x',
        bucket,
        ORIGIN,
      ),
    ).toBeUndefined();
    expect(keepableImageUrl('https://cdn.example/other-bucket/run/a.jpg', bucket, ORIGIN)).toBeUndefined();
    expect(keepableImageUrl('/storage/run/thumbnail/a.jpg', bucket, ORIGIN)).toBeUndefined();
  });

  it('places the storage from the settings’ base, or /storage here when it is unusable', () => {
    expect(storagePlace(undefined, ORIGIN)).toEqual({ root: `${ORIGIN}/storage/`, crossOrigin: false });
    expect(storagePlace('/files/', ORIGIN)).toEqual({ root: `${ORIGIN}/files/`, crossOrigin: false });
    expect(storagePlace(`${ORIGIN}/storage`, ORIGIN).crossOrigin).toBe(false);
    expect(storagePlace('javascript:alert(1)', ORIGIN)).toEqual({
      root: `${ORIGIN}/storage/`,
      crossOrigin: false,
    });
    expect(storagePlace('https://s3.example:9000/b?x=1', ORIGIN)).toEqual({
      root: 'https://s3.example:9000/b/',
      crossOrigin: true,
    });
  });

  it('fetches each image it does not have, once, and marks all as just used', async () => {
    const stored = new Map<string, Response>();
    const fetched: string[] = [];
    const touched: string[] = [];
    let expired = 0;
    const deps = {
      openCache: async () => ({
        match: async (key: RequestInfo | URL) => stored.get(String(key)),
        put: async (key: RequestInfo | URL, response: Response) => {
          stored.set(String(key), response);
        },
      }),
      fetch: async (url: string) => {
        fetched.push(url);
        if (url.endsWith('gone.jpg')) return new Response('not found', { status: 404 });
        if (url.endsWith('page.jpg'))
          return new Response('<html>', { headers: { 'content-type': 'text/html' } });
        return new Response(new Uint8Array([0xff, 0xd8]), { headers: { 'content-type': 'image/jpeg' } });
      },
      expiration: {
        updateTimestamp: async (url: string) => {
          touched.push(url);
        },
        expireEntries: async () => {
          expired += 1;
        },
      },
      origin: ORIGIN,
      place: storagePlace('/storage', ORIGIN),
    };
    const urls = [
      '/storage/run/thumbnail/a.jpg',
      '/storage/run/thumbnail/a.jpg',
      '/storage/run/thumbnail/b.jpg',
      '/storage/run/thumbnail/gone.jpg',
      '/storage/run/thumbnail/page.jpg',
      '/storage/private/run/original/a.jpg',
    ];
    expect(await keepOrderImages(urls, deps)).toBe(2);
    expect(fetched).toHaveLength(4);
    expect([...stored.keys()].sort()).toEqual([
      `${ORIGIN}/storage/run/thumbnail/a.jpg`,
      `${ORIGIN}/storage/run/thumbnail/b.jpg`,
    ]);
    // Again: nothing new to fetch but the two that failed; the kept ones are marked as used.
    expect(await keepOrderImages(urls, deps)).toBe(0);
    expect(fetched).toHaveLength(6);
    expect(touched.filter((u) => u.endsWith('/a.jpg'))).toHaveLength(2);
    expect(expired).toBe(2);
  });
});
