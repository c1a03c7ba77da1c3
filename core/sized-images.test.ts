import { describe, expect, it } from 'vitest';
import { isSizedImage, sizedCopy, sizedImageKey, sizedSrcSet, sizedWidths } from './sized-images';

describe('sized images', () => {
  it('name their WebP copies in the JPEG’s key', () => {
    const key = sizedImageKey('run/cover-0a1b2c', [480, 800, 1200]);
    expect(key).toBe('run/cover-0a1b2c.w480-800-1200.jpg');
    expect(sizedWidths(key)).toEqual([480, 800, 1200]);
    expect(sizedCopy(key, 800)).toBe('run/cover-0a1b2c.w480-800-1200.800.webp');
    // Too small for any copy: a plain JPEG name.
    expect(sizedImageKey('run/cover-0a1b2c', [])).toBe('run/cover-0a1b2c.jpg');
    expect([key, sizedCopy(key, 800)].map(isSizedImage)).toEqual([true, true]);
    for (const other of [
      'run/cover-0a1b2c.jpg',
      'run/thumbnail/a.jpg',
      'run/cover.w480.png',
      'run/c.800.webp',
    ])
      expect(isSizedImage(other)).toBe(false);
  });

  it('give a srcset from the address alone, and none for images stored without copies', () => {
    expect(sizedSrcSet('https://cdn.example/run/c.w480-800.jpg')).toBe(
      'https://cdn.example/run/c.w480-800.480.webp 480w, https://cdn.example/run/c.w480-800.800.webp 800w',
    );
    for (const url of [
      '/storage/run/cover.jpg',
      '/storage/run/cover-0a1b2c.jpg',
      '',
      '/storage/run/x.w480.png',
    ])
      expect(sizedSrcSet(url)).toBeUndefined();
  });
});
