// Checks an uploaded image before anything reads it: the bytes must be a JPEG or PNG (by magic bytes, never by
// name), decodable, and at most 40 megapixels (a decompression bomb is refused before it is decoded).
import sharp from 'sharp';

export const MAX_IMAGE_PIXELS = 40_000_000;

export type ImageKind = 'jpeg' | 'png';
export type ImageProblem = 'not-an-image' | 'too-many-pixels' | 'unreadable';

export type ImageCheck =
  | { ok: true; kind: ImageKind; width: number; height: number }
  | { ok: false; problem: ImageProblem };

export function sniffImageKind(bytes: Uint8Array): ImageKind | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  return undefined;
}

export async function checkImage(bytes: Uint8Array): Promise<ImageCheck> {
  const kind = sniffImageKind(bytes);
  if (!kind) return { ok: false, problem: 'not-an-image' };
  try {
    const meta = await sharp(bytes, { failOn: 'none', limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) return { ok: false, problem: 'unreadable' };
    if (meta.width * meta.height > MAX_IMAGE_PIXELS) return { ok: false, problem: 'too-many-pixels' };
    // A full decode catches truncated files, which the header alone does not show.
    await sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_IMAGE_PIXELS })
      .resize(64)
      .raw()
      .toBuffer();
    return { ok: true, kind, width: meta.width, height: meta.height };
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
}
