// An <img>'s address attributes for a stored cover or banner: its WebP copies as a srcset, with how wide the layout
// shows it, so a phone downloads the copy its screen needs (core/sized-images.ts); an image without copies keeps
// its one address.
import { SHOWN_SIZES, sizedSrcSet } from '../../core/sized-images';

export function sizedImage(url: string, shown: keyof typeof SHOWN_SIZES) {
  const srcSet = sizedSrcSet(url);
  return srcSet ? { src: url, srcSet, sizes: SHOWN_SIZES[shown] } : { src: url };
}
