// Decoding for the face engine: any JPEG/PNG bytes to upright (EXIF-rotated) 8-bit RGB pixels with sharp.
// A bad image throws FaceImageError, whose `problem` the API maps to its answer (the names match image-check).
import sharp, { type Metadata } from 'sharp';

/** Larger images are refused before decoding (a decompression bomb). */
export const MAX_FACE_IMAGE_PIXELS = 40_000_000;

/**
 * The most bytes a selfie that the decoder cannot shrink while reading (a PNG) may decode to: 16 megapixels of
 * 8-bit RGBA (a phone's screenshot or a saved photo with alpha passes). A JPEG is shrunk while read (its 40
 * megapixels cost little); a 16-bit interlaced PNG of 40 megapixels decodes to 480 MB over seconds of a worker
 * (four of them at once lock the search).
 */
export const SELFIE_MOST_DECODED_BYTES = 64_000_000;

export type FaceImageProblem = 'not-an-image' | 'too-many-pixels' | 'too-large-to-decode' | 'unreadable';

export class FaceImageError extends Error {
  constructor(
    readonly problem: FaceImageProblem,
    message: string,
  ) {
    super(message);
    this.name = 'FaceImageError';
  }
}

/** Interleaved RGB, row by row, 3 bytes a pixel. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface DecodeOptions {
  /** Shrink so the longer side is at most this (never enlarges). */
  maxSide?: number;
  /** Add a border of this share of the longer side on every side (tight selfie crops need it). */
  padRatio?: number;
  /** Refuse, before decoding, an image that is not shrunk while read and decodes to more bytes than this. */
  mostDecodedBytes?: number;
}

/**
 * The bytes the decoder holds for the image before any shrinking: a PNG is decoded whole (at its bit depth, twice
 * for an interlaced one, whose seven passes are kept and merged); a JPEG is shrunk while it is read (0 here).
 */
export function decodedBytesOf(meta: Metadata): number {
  if (meta.format !== 'png' || !meta.width || !meta.height) return 0;
  const sampleBytes = meta.depth === 'ushort' || (meta.bitsPerSample ?? 8) > 8 ? 2 : 1;
  const passes = meta.isProgressive ? 2 : 1;
  return meta.width * meta.height * (meta.channels ?? 4) * sampleBytes * passes;
}

function looksLikeImage(bytes: Uint8Array): boolean {
  const jpeg = bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const png =
    bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b);
  return jpeg || png;
}

export async function decodeRgb(bytes: Uint8Array, options: DecodeOptions = {}): Promise<RgbImage> {
  if (!looksLikeImage(bytes)) throw new FaceImageError('not-an-image', 'not a JPEG or PNG image');
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new FaceImageError('unreadable', `unreadable image: ${(error as Error).message}`);
  }
  if (!meta.width || !meta.height) throw new FaceImageError('unreadable', 'image without dimensions');
  if (meta.width * meta.height > MAX_FACE_IMAGE_PIXELS) {
    throw new FaceImageError('too-many-pixels', `image of ${meta.width}x${meta.height} is too large`);
  }
  if (options.mostDecodedBytes !== undefined && decodedBytesOf(meta) > options.mostDecodedBytes) {
    throw new FaceImageError(
      'too-large-to-decode',
      `a ${meta.width}x${meta.height} PNG of ${meta.depth ?? '?'} samples is too large to decode`,
    );
  }
  try {
    let pipeline = sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_FACE_IMAGE_PIXELS }).rotate();
    if (options.maxSide) {
      pipeline = pipeline.resize(options.maxSide, options.maxSide, {
        fit: 'inside',
        withoutEnlargement: true,
      });
    }
    if (options.padRatio) {
      // Sizes after rotation/resize are needed for the border: materialise first.
      const upright = await pipeline
        .toColourspace('srgb')
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pad = Math.round(Math.max(upright.info.width, upright.info.height) * options.padRatio);
      pipeline = sharp(upright.data, {
        raw: { width: upright.info.width, height: upright.info.height, channels: upright.info.channels },
      }).extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 0, g: 0, b: 0 } });
    }
    const { data, info } = await pipeline
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`expected 3 channels, got ${info.channels}`);
    return {
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    throw new FaceImageError('unreadable', `unreadable image: ${(error as Error).message}`);
  }
}

/** A plain grey JPEG of `side` pixels square (warming a worker up; no face in it). */
export async function greyJpeg(side: number): Promise<Uint8Array> {
  const jpeg = await sharp({ create: { width: side, height: side, channels: 3, background: '#808080' } })
    .jpeg()
    .toBuffer();
  return new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.length);
}
