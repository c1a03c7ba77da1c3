import { describe, expect, it } from 'vitest';
import { isPhotoCopy, PREVIEW_VERSION, photoCopyUrl, photoObjectKeys } from './photos';

describe("a photo's WebP copies", () => {
  it('sit beside its thumbnail and preview, named with the version that made them', () => {
    const keys = photoObjectKeys('run', 'a1.jpg');
    expect(keys.thumbnailCopy).toBe(`run/thumbnail/a1.jpg.v${PREVIEW_VERSION}.webp`);
    expect(keys.previewCopy).toBe(`run/preview/a1.jpg.v${PREVIEW_VERSION}.webp`);
    expect(isPhotoCopy(keys.thumbnailCopy)).toBe(true);
    expect(isPhotoCopy(keys.previewCopy)).toBe(true);
    for (const key of [keys.thumbnail, keys.preview, keys.original, 'run/cover.webp', 'run/thumbnail/x.webp'])
      expect(isPhotoCopy(key)).toBe(false);
  });

  it("are found from a thumbnail's or preview's address, on the disk store or S3 alike, and only there", () => {
    expect(photoCopyUrl('/storage/run/thumbnail/a1.jpg')).toBe(
      `/storage/run/thumbnail/a1.jpg.v${PREVIEW_VERSION}.webp`,
    );
    expect(photoCopyUrl('https://bucket.example.com/run/preview/A1.JPG')).toBe(
      `https://bucket.example.com/run/preview/A1.JPG.v${PREVIEW_VERSION}.webp`,
    );
    for (const other of [
      '/storage/run/cover.jpg',
      '/storage/run/thumbnail/a1.png',
      `/storage/run/thumbnail/a1.jpg.v${PREVIEW_VERSION}.webp`,
      '/storage/private/run/original/a1.jpg?expires=1&sig=x',
      '/logo.svg',
    ])
      expect(photoCopyUrl(other)).toBeUndefined();
  });
});
