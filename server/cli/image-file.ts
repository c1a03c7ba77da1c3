// Reads an image file an administrator names (event or team cover, banner) and stores it as an upright JPEG
// without metadata. Anything that is not a usable JPEG or PNG is a usage error.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import sharp from 'sharp';
import { checkImage, MAX_IMAGE_PIXELS } from '../services/image-check';
import { imageProblemReasons } from '../services/photo-import';
import { type CliContext, UsageError } from './args';

/** Reads the file; a missing or unreadable file is a usage error. */
export async function readImageFile(name: string, file: string): Promise<Uint8Array> {
  let bytes: Uint8Array;
  try {
    bytes = await fs.readFile(file);
  } catch (error) {
    throw new UsageError(
      `${name}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  const check = await checkImage(bytes);
  if (!check.ok) throw new UsageError(`${name}: ${file}: ${imageProblemReasons[check.problem]}`);
  return bytes;
}

/** Stores the image under `${prefix}-{random}.jpg` (a new name each time, so caches never show an old one). */
export async function storeImageFile(
  ctx: CliContext,
  name: string,
  file: string,
  prefix: string,
  maxSide = 1920,
): Promise<string> {
  const bytes = await readImageFile(name, file);
  const jpeg = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 82, progressive: true })
    .toBuffer();
  const key = `${prefix}-${randomBytes(6).toString('hex')}.jpg`;
  await ctx.store.put(key, jpeg, 'image/jpeg');
  return key;
}
