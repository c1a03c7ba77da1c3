// An <img>'s address attributes for stored images: a cover's or banner's WebP copies as a srcset, with how wide the
// layout shows it, so a phone downloads the copy its screen needs (core/sized-images.ts); a photo's thumbnail or
// preview as its WebP copy, with the JPEG to fall back on (core/contract/photos.ts). Other images keep their address.
import { photoCopyUrl } from '../../core/contract/photos';
import { SHOWN_SIZES, sizedSrcSet } from '../../core/sized-images';

export function sizedImage(url: string, shown: keyof typeof SHOWN_SIZES) {
  const srcSet = sizedSrcSet(url);
  return srcSet ? { src: url, srcSet, sizes: SHOWN_SIZES[shown] } : { src: url };
}

/**
 * An <img>'s address attributes for a photo's thumbnail or preview (a JPEG address, the spec's): its WebP copy,
 * falling back to the JPEG itself when the copy cannot be had (a photo whose copies are still being made, a
 * browser without WebP). Other addresses are kept as they are.
 */
export function photoImage(url: string): {
  src: string;
  onError?: (event: { currentTarget: HTMLImageElement }) => void;
} {
  const copy = photoCopyUrl(url);
  if (!copy) return { src: url };
  return {
    src: copy,
    onError: ({ currentTarget: image }) => {
      if (image.dataset.fallback) return;
      image.dataset.fallback = 'jpeg';
      image.src = url;
    },
  };
}

/** Every address photoImage may show for `url` (to keep them for offline use): its copy first, then the JPEG. */
export const photoImageAddresses = (url: string): string[] => {
  const copy = photoCopyUrl(url);
  return copy ? [copy, url] : [url];
};
