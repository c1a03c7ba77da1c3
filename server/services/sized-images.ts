// Stores a cover or banner as an upright JPEG without metadata and, beside it, its WebP copies at the widths of
// core/sized-images.ts that it is wide enough for. The copies are written before the JPEG, so a JPEG that exists
// has its copies. Every name is new (random), so an object's bytes never change under its key.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { SIZED_IMAGE_WIDTHS, sizedCopy, sizedImageKey, sizedWidths } from '../../core/sized-images';
import type { ObjectStore } from '../storage/object-store';
import { MAX_IMAGE_PIXELS } from './image-check';

export interface SizedImageOptions {
  /** The JPEG's longest side at most (it is never enlarged). */
  maxSide?: number;
  /** Cropped to exactly this shape first (a banner's 1200×450), else kept in its own proportions. */
  cover?: { width: number; height: number; position?: string };
}

/** Stores `image` under `{prefix}-{random}.w…jpg` with its WebP copies; answers the JPEG's key. */
export async function storeSizedImage(
  store: ObjectStore,
  prefix: string,
  image: Uint8Array,
  { maxSide = 1920, cover }: SizedImageOptions = {},
): Promise<string> {
  let pipeline = sharp(image, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .flatten({ background: '#ffffff' });
  pipeline = cover
    ? pipeline.resize(cover.width, cover.height, { fit: 'cover', position: cover.position ?? 'centre' })
    : pipeline.resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
  const { data: upright, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const widths = SIZED_IMAGE_WIDTHS.filter((width) => width <= info.width);
  const key = sizedImageKey(`${prefix}-${randomBytes(6).toString('hex')}`, widths);
  const copies = await Promise.all(
    widths.map(async (width) => {
      const webp = await sharp(upright, raw).resize({ width }).webp({ quality: 72 }).toBuffer();
      return [sizedCopy(key, width), webp] as const;
    }),
  );
  for (const [copyKey, webp] of copies) await store.put(copyKey, webp, 'image/webp');
  await store.put(
    key,
    await sharp(upright, raw).jpeg({ quality: 82, progressive: true }).toBuffer(),
    'image/jpeg',
  );
  return key;
}

/** Deletes a stored image and the copies its key names. */
export async function deleteSizedImage(store: ObjectStore, key: string): Promise<void> {
  await store.delete(key);
  for (const width of sizedWidths(key)) await store.delete(sizedCopy(key, width));
}
