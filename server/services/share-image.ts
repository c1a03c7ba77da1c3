// The image of an event's or team's link preview: 1200×630, the shape LINE, Facebook and X show large,
// cut from the cover (whose bytes never change under its key: core/sized-images.ts), made once and kept as an
// object beside it. A page asks for it when it is sent; the first asker makes it, later ones find it.
import sharp from 'sharp';
import { assertObjectKey, type ObjectStore } from '../storage/object-store';
import { MAX_IMAGE_PIXELS } from './image-check';
import type { SharedImage } from './page-head';

export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

/** The link-preview image's key for a cover's key. */
export const shareImageKey = (coverKey: string): string => `${coverKey}.share-1200x630.jpg`;

/** Made or found, per cover key, in this process: a page view after the first costs nothing. */
const known = new Map<string, Promise<string | undefined>>();

/** The object key of `coverUrl` (a public address of this store), or undefined when it is not one of ours. */
export function coverKeyOf(store: ObjectStore, coverUrl: string): string | undefined {
  const base = store.publicUrl('x').slice(0, -1);
  if (!coverUrl.startsWith(base)) return undefined;
  const key = coverUrl.slice(base.length);
  try {
    assertObjectKey(key);
    return key;
  } catch {
    return undefined;
  }
}

async function makeShareImage(store: ObjectStore, coverKey: string): Promise<string | undefined> {
  const key = shareImageKey(coverKey);
  if (await store.exists(key)) return key;
  const cover = await store.get(coverKey);
  if (!cover) return undefined;
  const image = await sharp(cover, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize(SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT, { fit: 'cover', position: 'attention' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  await store.put(key, image, 'image/jpeg');
  return key;
}

/**
 * The link-preview image of a cover (an absolute address under `baseUrl` when the store's are relative), made
 * if it was not; undefined when the cover cannot be read (the page then shows the store's image).
 */
export async function shareImageOf(
  store: ObjectStore,
  coverUrl: string,
  baseUrl: string,
): Promise<SharedImage | undefined> {
  const coverKey = coverKeyOf(store, coverUrl);
  if (!coverKey) return undefined;
  let made = known.get(coverKey);
  if (!made) {
    // A store with thousands of events: what is forgotten is only looked up again.
    if (known.size >= 10_000) known.clear();
    made = makeShareImage(store, coverKey).catch(() => undefined);
    known.set(coverKey, made);
    // A failure is not remembered: the next page asks again.
    made.then((key) => key ?? known.delete(coverKey));
  }
  const key = await made;
  if (!key) return undefined;
  const url = store.publicUrl(key);
  return {
    url: /^https?:\/\//.test(url) ? url : `${baseUrl}${url}`,
    width: SHARE_IMAGE_WIDTH,
    height: SHARE_IMAGE_HEIGHT,
  };
}
