import { describe, expect, it, vi } from 'vitest';
import {
  batchesOf,
  canShareImages,
  fetchBatch,
  isAppleMobile,
  offersSaveToPhotos,
  PhotoFetchError,
} from './share-photos';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_MODE =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';

const sharing = (canShare: (data?: ShareData) => boolean) => ({
  canShare,
  share: vi.fn(async () => undefined),
});

describe('where Save to Photos is offered', () => {
  it('on iPhone, iPod and iPad (also an iPad that says Macintosh, by its touch screen)', () => {
    expect(isAppleMobile(IPHONE, 5)).toBe(true);
    expect(isAppleMobile(IPAD_DESKTOP_MODE, 5)).toBe(true);
    expect(isAppleMobile(IPAD_DESKTOP_MODE, 0)).toBe(false);
    expect(isAppleMobile(ANDROID, 5)).toBe(false);
  });

  it('only where the share sheet takes image files', () => {
    expect(canShareImages(sharing(() => true))).toBe(true);
    expect(canShareImages(sharing(() => false))).toBe(false);
    expect(
      canShareImages(
        sharing(() => {
          throw new TypeError('no files');
        }),
      ),
    ).toBe(false);
    expect(canShareImages({} as Navigator)).toBe(false);
    expect(offersSaveToPhotos({ ...sharing(() => true), userAgent: IPHONE, maxTouchPoints: 5 })).toBe(true);
    expect(offersSaveToPhotos({ ...sharing(() => true), userAgent: ANDROID, maxTouchPoints: 5 })).toBe(false);
  });
});

describe('batches of photos for the share sheet', () => {
  it('cuts the photos into batches of ten, in order', () => {
    const items = Array.from({ length: 23 }, (_, i) => i + 1);
    expect(batchesOf(items).map((b) => [b[0], b.at(-1), b.length])).toEqual([
      [1, 10, 10],
      [11, 20, 10],
      [21, 23, 3],
    ]);
    expect(batchesOf([])).toEqual([]);
  });

  it('fetches a batch as image files named as in the zip', async () => {
    const fetchImpl = vi.fn(
      async () =>
        new Response(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), { headers: { 'content-type': 'image/jpeg' } }),
    );
    const files = await fetchBatch(
      [
        { name: '7_DSC_1.JPG', url: '/a' },
        { name: '7_DSC_2.JPG', url: '/b' },
      ],
      fetchImpl as typeof fetch,
    );
    expect(files.map((f) => [f.name, f.type, f.size])).toEqual([
      ['7_DSC_1.JPG', 'image/jpeg', 4],
      ['7_DSC_2.JPG', 'image/jpeg', 4],
    ]);
  });

  it('fails a batch whose image cannot be fetched', async () => {
    const fetchImpl = vi.fn(async () => new Response('expired', { status: 403 }));
    await expect(
      fetchBatch([{ name: 'a.jpg', url: '/a' }], fetchImpl as typeof fetch),
    ).rejects.toBeInstanceOf(PhotoFetchError);
  });
});
