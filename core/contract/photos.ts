// Photos as the calls give them (face search results, highlights, stage pages).
import * as v from 'valibot';
import { ynSchema } from './common';

/** A photo's pass as the store gives it (22 base64url characters); anything else is not one. */
export const photoPassSchema = v.pipe(
  v.string("must be the photo's pass from the results"),
  v.regex(/^[A-Za-z0-9_-]{22}$/, "must be the photo's pass from the results"),
);

export const photoSchema = v.object({
  id: v.number(),
  event_id: v.number(),
  photographer_id: v.number(),
  original_file_name: v.string(),
  thumbnail_file_name: v.string(),
  preview_file_name: v.string(),
  /** Y when the photo is in the caller's cart: the server answers N, the client sets it. */
  atc: ynSchema,
  is_manual: ynSchema,
  /**
   * Our addition: the photo's pass, proof that the store showed it to the caller. The calls that tell
   * more about a photo (its faces, photos like one of its faces, its nearby frames) ask for it. Optional: photos
   * kept from older answers have none.
   */
  pass: v.optional(photoPassSchema),
});
export type Photo = v.InferOutput<typeof photoSchema>;

export const highlightPhotoSchema = v.object({
  id: v.number(),
  thumbnail_file_name: v.string(),
  preview_file_name: v.string(),
  /** The photo's pixel size (our addition; optional for older servers): galleries reserve each image's box. */
  width: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  height: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
export type HighlightPhoto = v.InferOutput<typeof highlightPhotoSchema>;

/**
 * How a photo's public images are made (photos.preview_version): 1, an unmarked thumbnail and a 1600 px preview
 * stamped in one corner; 2, both marked all over; 3, with WebP copies beside the JPEGs. A job brings older photos up
 * to this (server/jobs/remake-previews.ts).
 */
export const PREVIEW_VERSION = 3;

const PHOTO_COPY_SUFFIX = `.v${PREVIEW_VERSION}.webp`;

/**
 * Where a photo's derivatives live in the object store (SPEC §7: {event_key}/thumbnail/{file}), and the WebP copies
 * of its public images that pages show, named with the version they were made by: a copy's bytes never
 * change under its name, so browsers keep it a year; a new way of making them is a new name.
 */
export const photoObjectKeys = (eventKey: string, fileName: string) => ({
  thumbnail: `${eventKey}/thumbnail/${fileName}`,
  preview: `${eventKey}/preview/${fileName}`,
  thumbnailCopy: `${eventKey}/thumbnail/${fileName}${PHOTO_COPY_SUFFIX}`,
  previewCopy: `${eventKey}/preview/${fileName}${PHOTO_COPY_SUFFIX}`,
  logo: `private/${eventKey}/logo/${fileName}`,
  /** The thumbnail without the mark, for the page of an order that paid for the photo. */
  paidThumbnail: `private/${eventKey}/paid-thumbnail/${fileName}`,
  original: `private/${eventKey}/original/${fileName}`,
});

const PUBLIC_PHOTO_IMAGE = /\/(?:thumbnail|preview)\/[^/?#]+\.jpe?g$/i;
const PHOTO_COPY = /\/(?:thumbnail|preview)\/[^/]+\.v\d+\.webp$/;

/** Whether a key names a WebP copy of a photo's thumbnail or preview: bytes that never change under their name. */
export const isPhotoCopy = (key: string): boolean => PHOTO_COPY.test(key);

/** The address of the WebP copy of a thumbnail's or preview's (JPEG) address; undefined for any other address. */
export const photoCopyUrl = (url: string): string | undefined =>
  PUBLIC_PHOTO_IMAGE.test(url) ? `${url}${PHOTO_COPY_SUFFIX}` : undefined;
