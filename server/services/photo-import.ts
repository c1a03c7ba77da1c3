// Owns photo storage on import: checks an image, writes its three objects (public thumbnail and stamped preview,
// private original), then the photo row and its index-photo job in one transaction. A failed insert deletes the
// objects just written, so nothing is left half-made. The full-size logo-stamped version is made only when an order
// is paid (jobs/order-delivery.ts): most photos are never sold, and it costs a full decode and encode.

import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { PREVIEW_LONG_SIDE } from '../../core/constants';
import { PREVIEW_VERSION, photoObjectKeys } from '../../core/contract/photos';
import { withoutForbiddenCharacters } from '../../core/rules';
import type { Db } from '../db/database';
import { findByKey, hasStage } from '../db/events-repo';
import { insertPhotos } from '../db/photos-repo';
import { enqueue } from '../jobs/queue';
import { isDiskFull } from '../storage/disk-full';
import type { ObjectStore } from '../storage/object-store';
import { checkImage, type ImageProblem, MAX_IMAGE_PIXELS } from './image-check';
import { photoCapture } from './photo-exif';
import { type RawImage, stampPixels } from './stamp';
import { watermarkPixelsInto } from './watermark';

export const THUMBNAIL_LONG_SIDE = 480;
/** Larger files are refused unread (a folder may hold videos). */
export const MAX_IMPORT_BYTES = 200 * 1024 * 1024;

export interface ImportContext {
  db: Db;
  store: ObjectStore;
  now?: () => Date;
}

export interface ImportEvent {
  event_id: number;
  event_key: string;
}

export interface PhotoInput {
  bytes: Uint8Array;
  /** The photographer's file name: kept for buyers' zip names, never used in object keys. */
  originalFileName: string;
  photographerId?: number;
  stageId?: number | null;
  /** Used when the image has no EXIF DateTimeOriginal. */
  takenAt?: Date;
  isHighlight?: boolean;
  /**
   * One photo per content (for live uploads and hot folders): a file whose bytes the event already has is not
   * imported again; the answer names the photo it already is.
   */
  once?: boolean;
}

export type ImportResult =
  | { photoId: number; fileName: string }
  | { refused: string }
  /** The event has this content already (asked with `once`): that photo. */
  | { duplicateOf: number };

/** The content's fingerprint kept with photos imported `once`. */
export const contentHash = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** The photo of the event with this content, if any. */
export async function photoWithContent(db: Db, eventId: number, hash: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('photos')
    .select('id')
    .where('event_id', '=', eventId)
    .where('content_sha256', '=', hash)
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** A unique violation: another import of the same content won the race. */
const isUniqueViolation = (error: unknown) => (error as { code?: string } | undefined)?.code === '23505';

/** Why checkImage refused an image, in words an administrator reads. */
export const imageProblemReasons: Record<ImageProblem, string> = {
  'not-an-image': 'not a JPEG or PNG image',
  'too-many-pixels': `larger than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`,
  unreadable: 'the image cannot be decoded (truncated or damaged)',
};

/** The name kept for buyers: the base name only, printable, at most 200 characters. */
export function cleanOriginalName(name: string): string {
  // Controls, bidirectional overrides (U+202E makes "gpj.exe" read "exe.jpg") and lone surrogates go: the name
  // reaches the buyers' zip entries.
  const base = withoutForbiddenCharacters(path.basename(name.replace(/\\/g, '/'))).replace(/[\p{Cc}]/gu, '');
  return (base || 'photo.jpg').slice(0, 200);
}

const inside = (longSide: number) => ({
  width: longSide,
  height: longSide,
  fit: 'inside' as const,
  withoutEnlargement: true,
});

/** The upload decoded once, upright (EXIF orientation applied), as 8-bit sRGB pixels without metadata. */
async function decodeUpright(bytes: Uint8Array): Promise<RawImage> {
  const open = () => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated' });
  const meta = await open().metadata();
  let decode = open().rotate();
  // Each conversion costs a pass over the pixels: only when the upload needs it (alpha, CMYK, grey, 16-bit).
  if (meta.hasAlpha) decode = decode.flatten({ background: '#ffffff' });
  if (meta.space !== 'srgb' || meta.channels !== (meta.hasAlpha ? 4 : 3))
    decode = decode.toColourspace('srgb');
  const { data, info } = await decode.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`unexpected decoded channel count ${info.channels}`);
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** A face to blur, in the pixels of the upright original (the photo's width and height). */
export interface BlurBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How far a face's box is grown on each side before it is blurred, as a share of its size: hair, ears, chin. */
export const BLUR_GROWTH = 0.35;
/** Blocks across a blurred region: too few for a face to be recognised, whatever the photo's size. */
export const BLUR_BLOCKS_ACROSS = 8;

/** The region blurred for a face's box: grown by BLUR_GROWTH on each side, in whole pixels, inside the image. */
export function blurRegion(
  box: BlurBox,
  width: number,
  height: number,
): { left: number; top: number; width: number; height: number } | undefined {
  const sides = [box.x, box.y, box.width, box.height];
  if (!sides.every(Number.isFinite) || box.width <= 0 || box.height <= 0) return undefined;
  const left = Math.max(0, Math.floor(box.x - box.width * BLUR_GROWTH));
  const top = Math.max(0, Math.floor(box.y - box.height * BLUR_GROWTH));
  const right = Math.min(width, Math.ceil(box.x + box.width * (1 + BLUR_GROWTH)));
  const bottom = Math.min(height, Math.ceil(box.y + box.height * (1 + BLUR_GROWTH)));
  if (right - left < 1 || bottom - top < 1) return undefined;
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * Makes each box's region of the image unrecognisable, in place: averaged into about BLUR_BLOCKS_ACROSS blocks
 * across, then blurred by a block's width, so neither the face's shapes nor the blocks' edges are left. Done on the
 * full-size pixels, before any resize, so every image made from them is blurred alike. Answers how many regions.
 */
export async function blurRegionsInto(image: RawImage, boxes: readonly BlurBox[]): Promise<number> {
  let blurred = 0;
  for (const box of boxes) {
    const region = blurRegion(box, image.width, image.height);
    if (!region) continue;
    const across = Math.min(BLUR_BLOCKS_ACROSS, region.width);
    const down = Math.max(1, Math.min(region.height, Math.round((across * region.height) / region.width)));
    const blocks = await fromRaw(image)
      .extract(region)
      .resize(across, down, { fit: 'fill' })
      .raw()
      .toBuffer();
    const sigma = Math.max(1, region.width / across);
    const { data } = await sharp(blocks, { raw: { width: across, height: down, channels: 3 } })
      .resize(region.width, region.height, { fit: 'fill', kernel: 'nearest' })
      .blur(sigma)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const row = region.width * image.channels;
    for (let y = 0; y < region.height; y++) {
      const at = ((region.top + y) * image.width + region.left) * image.channels;
      data.copy(image.data, at, y * row, (y + 1) * row);
    }
    blurred += 1;
  }
  return blurred;
}

/**
 * The public images of one photo: thumbnail and preview, each marked all over (watermark.ts), so no public
 * address gives a picture that can stand in for the photo. Every derivative is encoded from the decoded pixels,
 * so none carries the upload's metadata (GPS included). The faces of `blurBoxes` (runners who removed theirs) are
 * blurred beyond recognition in all of them.
 */
export async function photoDerivatives(bytes: Uint8Array, blurBoxes: readonly BlurBox[] = []) {
  const full = await decodeUpright(bytes);
  const blurred = blurBoxes.length > 0 ? await blurRegionsInto(full, blurBoxes) : 0;
  const fromFull = () => sharp(full.data, { raw: { width: full.width, height: full.height, channels: 3 } });
  const marked = (longSide: number, quality: number, progressive: boolean) =>
    fromFull()
      .resize(inside(longSide))
      .raw()
      .toBuffer({ resolveWithObject: true })
      .then(async ({ data, info }) => {
        const small: RawImage = { data, width: info.width, height: info.height, channels: info.channels };
        await watermarkPixelsInto(small);
        return Promise.all([encodeJpeg(small, quality, progressive), encodeWebp(small)]);
      });
  const [[thumbnail, thumbnailCopy], [preview, previewCopy]] = await Promise.all([
    marked(THUMBNAIL_LONG_SIDE, 78, true),
    marked(PREVIEW_LONG_SIDE, 80, false),
  ]);
  return { thumbnail, preview, thumbnailCopy, previewCopy, width: full.width, height: full.height, blurred };
}

/**
 * The WebP copy of a thumbnail or preview already made (marked) as a JPEG: how photos made before copies existed
 * get theirs, without decoding their originals again.
 */
export async function photoCopyOf(jpeg: Uint8Array): Promise<Buffer> {
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return encodeWebp({ data, width: info.width, height: info.height, channels: info.channels });
}

/**
 * The buyer's own thumbnail of a photo they paid for: the public thumbnail's size, without the mark,
 * without the upload's metadata.
 */
export async function unmarkedThumbnail(bytes: Uint8Array): Promise<Buffer> {
  const full = await decodeUpright(bytes);
  const { data, info } = await fromRaw(full)
    .resize(inside(THUMBNAIL_LONG_SIDE))
    .raw()
    .toBuffer({ resolveWithObject: true });
  return encodeJpeg({ data, width: info.width, height: info.height, channels: info.channels }, 80, true);
}

/** The full-size logo-stamped version a buyer may download after paying. */
export async function logoVersion(bytes: Uint8Array): Promise<Buffer> {
  const full = await decodeUpright(bytes);
  await stampPixels(full);
  return encodeJpeg(full, 88);
}

const fromRaw = (image: RawImage) =>
  sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels as 3 } });

const encodeJpeg = (image: RawImage, quality: number, progressive = false) =>
  fromRaw(image).jpeg({ quality, progressive }).toBuffer();

/** The copies pages show: about a third smaller than the JPEG at the same look. */
const encodeWebp = (image: RawImage) => fromRaw(image).webp({ quality: 75 }).toBuffer();

/** A random stored file name: the photographer's name never appears in an object key. */
export const newPhotoFileName = (): string => `${randomBytes(12).toString('hex')}.jpg`;

/** Imports one photo; answers its id, or why it was refused (nothing is stored then). */
export async function importPhoto(
  ctx: ImportContext,
  event: ImportEvent,
  input: PhotoInput,
): Promise<ImportResult> {
  if (input.bytes.length > MAX_IMPORT_BYTES) return { refused: 'file larger than 200 MB' };
  const hash = input.once ? contentHash(input.bytes) : null;
  if (hash) {
    const existing = await photoWithContent(ctx.db, event.event_id, hash);
    if (existing !== undefined) return { duplicateOf: existing };
  }
  const check = await checkImage(input.bytes);
  if (!check.ok) return { refused: imageProblemReasons[check.problem] };
  const stageId = input.stageId ?? null;
  if (stageId !== null && !(await hasStage(ctx.db, event.event_id, stageId))) {
    return { refused: `stage ${stageId} is not a stage of event ${event.event_key}` };
  }
  const capture = await photoCapture(input.bytes);
  const takenAt = capture.takenAt ?? input.takenAt ?? ctx.now?.() ?? new Date();
  const derived = await photoDerivatives(input.bytes);

  const fileName = newPhotoFileName();
  const keys = photoObjectKeys(event.event_key, fileName);
  const objects: [string, Uint8Array, string][] = [
    [keys.thumbnail, derived.thumbnail, 'image/jpeg'],
    [keys.preview, derived.preview, 'image/jpeg'],
    [keys.thumbnailCopy, derived.thumbnailCopy, 'image/webp'],
    [keys.previewCopy, derived.previewCopy, 'image/webp'],
    [keys.original, input.bytes, check.kind === 'png' ? 'image/png' : 'image/jpeg'],
  ];
  try {
    await Promise.all(objects.map(([key, body, type]) => ctx.store.put(key, body, type)));
    const photoId = await ctx.db.transaction().execute(async (trx) => {
      const [id] = await insertPhotos(trx, [
        {
          event_id: event.event_id,
          stage_id: stageId,
          photographer_id: input.photographerId ?? 0,
          original_file_name: cleanOriginalName(input.originalFileName),
          file_name: fileName,
          width: derived.width,
          height: derived.height,
          taken_at: takenAt,
          camera: capture.camera,
          is_highlight: input.isHighlight ?? false,
          preview_version: PREVIEW_VERSION,
          content_sha256: hash,
        },
      ]);
      if (id === undefined) throw new Error('the photo row was not written');
      await enqueue(trx, 'index-photo', { photo_id: id });
      return id;
    });
    return { photoId, fileName };
  } catch (error) {
    await Promise.allSettled(objects.map(([key]) => ctx.store.delete(key)));
    if (hash && isUniqueViolation(error)) {
      const existing = await photoWithContent(ctx.db, event.event_id, hash);
      if (existing !== undefined) return { duplicateOf: existing };
    }
    if (isDiskFull(error))
      throw new Error('the disk is full: the photo was not imported, and nothing of it was kept');
    throw error;
  }
}

export interface FolderImportOptions {
  photographerId?: number;
  stageId?: number | null;
  isHighlight?: boolean;
  /** Photos imported at once (default 2: sharp and the database overlap). */
  concurrency?: number;
}

export interface FileOutcome {
  file: string;
  /** Files finished so far, this one included. */
  done: number;
  total: number;
  result: ImportResult | { failed: string };
}

export interface FolderImportResult {
  total: number;
  imported: number;
  refused: { file: string; reason: string }[];
}

/** The regular files of a folder (not its subfolders), sorted by name. */
export async function folderFiles(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    if (entry.isFile()) files.push(entry.name);
    else if (entry.isSymbolicLink()) {
      const stat = await fs.stat(path.join(folder, entry.name)).catch(() => undefined);
      if (stat?.isFile()) files.push(entry.name);
    }
  }
  return files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Imports every file of a folder (by content: a JPEG named .png is fine, a text file named .jpg is refused),
 * reporting each file as it finishes and carrying on past bad files and failed writes.
 */
export async function importFolder(
  ctx: ImportContext,
  eventKey: string,
  folder: string,
  options: FolderImportOptions = {},
  onProgress: (outcome: FileOutcome) => void = () => {},
): Promise<FolderImportResult> {
  const event = await findByKey(ctx.db, eventKey);
  if (!event) throw new Error(`no event with key "${eventKey}"`);
  const files = await folderFiles(folder);
  const outcomes: (FileOutcome['result'] | undefined)[] = new Array(files.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    for (let i = next++; i < files.length; i = next++) {
      const file = files[i] as string;
      let result: FileOutcome['result'];
      try {
        const full = path.join(folder, file);
        const { size } = await fs.stat(full);
        result =
          size > MAX_IMPORT_BYTES
            ? { refused: 'file larger than 200 MB' }
            : await importPhoto(ctx, event, {
                bytes: await fs.readFile(full),
                originalFileName: file,
                ...(options.photographerId !== undefined ? { photographerId: options.photographerId } : {}),
                stageId: options.stageId ?? null,
                isHighlight: options.isHighlight ?? false,
              });
      } catch (error) {
        result = { failed: error instanceof Error ? error.message : String(error) };
      }
      outcomes[i] = result;
      done += 1;
      onProgress({ file, done, total: files.length, result });
    }
  };
  const concurrency = Math.max(1, Math.min(options.concurrency ?? 2, 8));
  await Promise.all(Array.from({ length: concurrency }, worker));
  const refused = files.flatMap((file, i) => {
    const r = outcomes[i];
    if (r && 'refused' in r) return [{ file, reason: r.refused }];
    if (r && 'failed' in r) return [{ file, reason: `failed: ${r.failed}` }];
    return [];
  });
  return { total: files.length, imported: files.length - refused.length, refused };
}
