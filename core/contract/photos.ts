// Photos as the calls give them (face search results, highlights, stage pages).
import * as v from 'valibot';
import { ynSchema } from './common';

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

/** Where a photo's derivatives live in the object store (SPEC §7: {event_key}/thumbnail/{file}). */
export const photoObjectKeys = (eventKey: string, fileName: string) => ({
  thumbnail: `${eventKey}/thumbnail/${fileName}`,
  preview: `${eventKey}/preview/${fileName}`,
  logo: `private/${eventKey}/logo/${fileName}`,
  original: `private/${eventKey}/original/${fileName}`,
});
