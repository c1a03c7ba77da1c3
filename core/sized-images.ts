// Covers and banners are stored as a JPEG and, beside it, WebP copies at a few widths (so every image is sent at
// the size it is shown). The JPEG's object key names the widths made, `{name}.w480-800-1200.jpg`, and each copy
// is `{name}.w480-800-1200.{width}.webp`: the address alone says which copies exist, so the API answers the
// JPEG's address alone (SPEC's coverurl, image_url), the page builds its srcset from it, and an image stored before
// copies were made (no widths in its name) is shown as it is. Objects are never rewritten under a key (a changed
// image gets a new name), so they are cached as immutable.

/** The widths of the WebP copies (a phone's card or banner at 2-3× density, a desktop column, the full cover). */
export const SIZED_IMAGE_WIDTHS = [480, 800, 1200] as const;

const SIZED = /\.w(\d+(?:-\d+)*)\.jpg$/;
const SIZED_OR_COPY = /\.w\d+(?:-\d+)*\.(?:jpg|\d+\.webp)$/;

/** Whether a key names a sized JPEG or one of its copies: bytes that never change under their name. */
export const isSizedImage = (key: string): boolean => SIZED_OR_COPY.test(key);

/** The key of a JPEG under `name` (no extension) whose WebP copies have `widths`. */
export const sizedImageKey = (name: string, widths: readonly number[]): string =>
  widths.length > 0 ? `${name}.w${widths.join('-')}.jpg` : `${name}.jpg`;

/** The widths of the copies an image's key or address names (none for other images). */
export function sizedWidths(keyOrUrl: string): number[] {
  const list = SIZED.exec(keyOrUrl)?.[1];
  return list ? list.split('-').map(Number) : [];
}

/** The key or address of the WebP copy `width` wide of a sized JPEG's key or address. */
export const sizedCopy = (keyOrUrl: string, width: number): string =>
  keyOrUrl.replace(/\.jpg$/, `.${width}.webp`);

/** The srcset of an image address: its WebP copies, or undefined when it has none. */
export function sizedSrcSet(url: string): string | undefined {
  const widths = sizedWidths(url);
  if (widths.length === 0) return undefined;
  return widths.map((width) => `${sizedCopy(url, width)} ${width}w`).join(', ');
}

/**
 * How wide each kind of image is shown (the `sizes` attribute), from the layout's CSS: the content column is at
 * most 1168 px (.app-main), the grid's cards are minmax(260px, 1fr) (one column on a phone, two from 600 px, three
 * beside the 280 px sidebar docked from 1007 px, four at full width); the event cover and the banners fill the column.
 */
export const SHOWN_SIZES = {
  card: '(min-width: 1480px) 280px, (min-width: 1007px) 30vw, (min-width: 600px) 50vw, 100vw',
  wide: '(min-width: 1200px) 1168px, 100vw',
} as const;
