// Reads an image file an administrator names (event or team cover, banner) and stores it as an upright JPEG
// without metadata, with its WebP copies. Anything that is not a usable JPEG or PNG is a usage error.
import fs from 'node:fs/promises';
import { checkCardFrame } from '../services/card-frame';
import { checkImage } from '../services/image-check';
import { imageProblemReasons } from '../services/photo-import';
import { storeSizedImage } from '../services/sized-images';
import { type CliContext, UsageError } from './args';

async function readFile(name: string, file: string): Promise<Uint8Array> {
  try {
    return await fs.readFile(file);
  } catch (error) {
    throw new UsageError(
      `${name}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
}

/** Reads the file; a missing or unreadable file is a usage error. */
export async function readImageFile(name: string, file: string): Promise<Uint8Array> {
  const bytes = await readFile(name, file);
  const check = await checkImage(bytes);
  if (!check.ok) throw new UsageError(`${name}: ${file}: ${imageProblemReasons[check.problem]}`);
  return bytes;
}

/**
 * Stores the image as an upright JPEG without metadata, with its WebP copies (services/sized-images.ts), under
 * `${prefix}-{random}…` (a new name each time, so caches never show an old one); answers the JPEG's key.
 */
export async function storeImageFile(
  ctx: CliContext,
  name: string,
  file: string,
  prefix: string,
  maxSide = 1920,
): Promise<string> {
  return storeSizedImage(ctx.store, prefix, await readImageFile(name, file), { maxSide });
}

/** Reads and checks an event's finisher-card frame (services/card-frame.ts); answers it as a PNG to store. */
export async function readCardFrameFile(name: string, file: string): Promise<Buffer> {
  const check = await checkCardFrame(await readFile(name, file));
  if (!check.ok) throw new UsageError(`${name}: ${file}: ${check.reason}`);
  return check.png;
}
