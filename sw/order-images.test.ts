import { describe, expect, it } from 'vitest';
import { keepableImageUrl, keepOrderImages } from './order-images';

const ORIGIN = 'https://runfoto.example';

describe('the thumbnails of kept orders', () => {
  it('keeps only the store’s own public images', () => {
    expect(keepableImageUrl('/storage/run/thumbnail/a.jpg', ORIGIN)).toBe(
      `${ORIGIN}/storage/run/thumbnail/a.jpg`,
    );
    expect(keepableImageUrl(`${ORIGIN}/storage/run/thumbnail/a.jpg`, ORIGIN)).toBeDefined();
    expect(keepableImageUrl('/storage/private/run/original/a.jpg?expires=1&sig=x', ORIGIN)).toBeUndefined();
    expect(keepableImageUrl('https://elsewhere.example/storage/run/a.jpg', ORIGIN)).toBeUndefined();
    expect(keepableImageUrl('/api/v1/events/soon', ORIGIN)).toBeUndefined();
    expect(keepableImageUrl('http://[bad', ORIGIN)).toBeUndefined();
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
