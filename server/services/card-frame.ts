// An event's frame for finisher cards: its logo or sponsors' strip, a PNG with transparency laid over every card
// (finisher-card.ts fitFrame). Checked before it is kept, so a frame that would hide the runner's photo, or could not
// fit a card, is refused with the reason; kept in the object store under the event, a new name each time.
import { randomUUID } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import type { ObjectStore } from '../storage/object-store';
import { MAX_IMAGE_PIXELS } from './image-check';

/** Portrait frames between 6:5 and 1:2 (a feed card is 4:5, a story 9:16). */
const FRAME_RATIO = { least: 1.2, most: 2 };
/** At most this share of a frame may be opaque: the rest is the runner's photo. */
const MOST_OPAQUE = 0.5;
const LEAST_WIDTH = 540;

export type CardFrameCheck = { ok: true; png: Buffer } | { ok: false; reason: string };

/** The frame as a PNG without metadata, or why it cannot be one. */
export async function checkCardFrame(bytes: Uint8Array): Promise<CardFrameCheck> {
  const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!PNG.every((b, i) => bytes[i] === b))
    return { ok: false, reason: 'a card frame must be a PNG with transparency (this file is not a PNG)' };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  } catch {
    return { ok: false, reason: 'this PNG cannot be read (damaged or larger than 40 megapixels)' };
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const ratio = height / width;
  if (width < LEAST_WIDTH || ratio < FRAME_RATIO.least || ratio > FRAME_RATIO.most)
    return {
      ok: false,
      reason:
        `a card frame is drawn for 1080×1350 (feed) or 1080×1920 (story), at least ${LEAST_WIDTH} px wide; ` +
        `this one is ${width}×${height}`,
    };
  if (!meta.hasAlpha)
    return {
      ok: false,
      reason: "a card frame must have transparency: this PNG is opaque and would hide the runner's photo",
    };
  let png: Buffer;
  let alpha: Buffer;
  try {
    // Kept as RGBA in sRGB whatever the file's own layout (a grey-and-alpha PNG, a palette, 16 bits).
    png = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .toColourspace('srgb')
      .ensureAlpha()
      .png()
      .toBuffer();
    alpha = await sharp(png).extractChannel('alpha').raw().toBuffer();
  } catch {
    return { ok: false, reason: 'this PNG cannot be read (damaged)' };
  }
  let opaque = 0;
  for (const a of alpha) if (a > 128) opaque++;
  if (opaque > alpha.length * MOST_OPAQUE)
    return {
      ok: false,
      reason: `this frame covers ${Math.round((opaque / alpha.length) * 100)}% of the card; at most ${MOST_OPAQUE * 100}% may be opaque, the rest is the runner's photo`,
    };
  return { ok: true, png };
}

/** Keeps a checked frame under the event (a new name each time); answers its key. */
export async function storeCardFrame(store: ObjectStore, eventKey: string, png: Buffer): Promise<string> {
  const key = `${eventKey}/card-frame-${randomUUID()}.png`;
  await store.put(key, png, 'image/png');
  return key;
}
