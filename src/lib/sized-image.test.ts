import { describe, expect, it } from 'vitest';
import { PREVIEW_VERSION } from '../../core/contract/photos';
import { photoImage, photoImageAddresses } from './sized-image';

describe("a photo's image on a page", () => {
  const jpeg = '/storage/run/thumbnail/a1.jpg';
  const copy = `${jpeg}.v${PREVIEW_VERSION}.webp`;

  it('shows the WebP copy, and falls back to the JPEG once when the copy cannot be had', () => {
    const { src, onError } = photoImage(jpeg);
    expect(src).toBe(copy);
    const image = document.createElement('img');
    image.src = src;
    onError?.({ currentTarget: image });
    expect(image.getAttribute('src')).toBe(jpeg);
    // The JPEG failing too is the end of it: no loop between the two.
    onError?.({ currentTarget: image });
    expect(image.getAttribute('src')).toBe(jpeg);
    expect(photoImageAddresses(jpeg)).toEqual([copy, jpeg]);
  });

  it('keeps any other address as it is', () => {
    expect(photoImage('/storage/run/cover.jpg')).toEqual({ src: '/storage/run/cover.jpg' });
    expect(photoImageAddresses('/x.png')).toEqual(['/x.png']);
  });
});
