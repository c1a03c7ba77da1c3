// The face search calls of SPEC §7: highlight, sign + PUT, v2 search, and the older multipart v1 search.
import * as v from 'valibot';
import { UPLOAD_ACCEPTED_TYPES } from '../constants';
import { decimalStringSchema, eventKeySchema, successAnswerSchema } from './common';
import { highlightPhotoSchema, photoSchema } from './photos';

export const faceSearchBasePathV1 = '/v1/facesearch';
export const faceSearchBasePathV2 = '/v2/facesearch';

/** POST /v1/facesearch/highlight */
export const highlightRequestSchema = v.object({ event_key: eventKeySchema });
export const highlightAnswerSchema = successAnswerSchema(v.array(highlightPhotoSchema));

/** POST /v2/facesearch/sign: a signed, expiring PUT address for the selfie. */
export const signRequestSchema = v.object({
  event_key: eventKeySchema,
  file_name: v.pipe(v.string(), v.minLength(1, 'is required'), v.maxLength(200, 'is too long')),
  file_type: v.picklist([...UPLOAD_ACCEPTED_TYPES, 'image/jpg'], 'must be image/jpeg or image/png'),
});
export const signAnswerSchema = v.object({
  status: v.literal('success'),
  url: v.string(),
  file_name: v.string(),
  search_id: v.pipe(v.string(), v.uuid()),
  file_location: v.string(),
});
export type SignAnswer = v.InferOutput<typeof signAnswerSchema>;

const searchTuningSchema = {
  /** The client sends the event's values back; the server always uses the event's own. */
  face_threshold: v.optional(v.union([v.number(), v.string()])),
  mhao_price: v.optional(v.union([v.number(), v.string()])),
  max_face_search: v.optional(v.union([v.number(), v.string()])),
};

/** POST /v2/facesearch */
export const faceSearchRequestSchema = v.object({
  search_id: v.pipe(v.string(), v.uuid('must be the search_id the sign call gave')),
  file_location: v.pipe(v.string(), v.minLength(1, 'is required')),
  event_id: v.optional(v.union([v.number(), v.string()])),
  event_key: eventKeySchema,
  ...searchTuningSchema,
});

/** POST /v1/facesearch (multipart: file plus these fields as text). */
export const faceSearchMultipartFieldsSchema = v.object({
  event_key: eventKeySchema,
  event_id: v.optional(v.string()),
  face_threshold: v.optional(v.string()),
  mhao_price: v.optional(v.string()),
  max_face_search: v.optional(v.string()),
});

export const faceSearchAnswerSchema = v.object({
  status: v.literal('success'),
  image_length: v.number(),
  images: v.array(photoSchema),
  /** Average price per photo when buying all of them at the unlimited price (2 decimals). */
  avg_price: decimalStringSchema,
});
export type FaceSearchAnswer = v.InferOutput<typeof faceSearchAnswerSchema>;

/** Refusals a runner can meet, by code, so the client shows the spec's words in its language. */
export const faceSearchErrorCodes = [
  'not-an-image',
  'too-large',
  'too-many-pixels',
  'no-face',
  'search-expired',
  'sale-closed',
] as const;
export type FaceSearchErrorCode = (typeof faceSearchErrorCodes)[number];
