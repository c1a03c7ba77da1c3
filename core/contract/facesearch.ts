// The face search calls of SPEC §7: highlight, sign + PUT, v2 search, and the older multipart v1 search.
import * as v from 'valibot';
import { NEARBY_FRAMES_OF_MAX, UPLOAD_ACCEPTED_TYPES } from '../constants';
import { decimalStringSchema, eventKeySchema, successAnswerSchema } from './common';
import { highlightPhotoSchema, photoPassSchema, photoSchema } from './photos';
import { faceConsentSchema } from './privacy';

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
  /** The runner's explicit consent to process the selfie's face (required: 400 code consent-required without). */
  consent: v.optional(faceConsentSchema),
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
const signedSelfieSchema = {
  search_id: v.pipe(v.string(), v.uuid('must be the search_id the sign call gave')),
  file_location: v.pipe(v.string(), v.minLength(1, 'is required')),
};

export const faceSearchRequestSchema = v.object({
  ...signedSelfieSchema,
  event_id: v.optional(v.union([v.number(), v.string()])),
  event_key: eventKeySchema,
  ...searchTuningSchema,
  /**
   * Our addition: search even when the selfie's face looks poor. Without it, such a selfie is refused before the
   * search (422, code `selfie-small`, `selfie-turned`, `selfie-dark` or `selfie-blurred`) and kept for the retry.
   */
  search_anyway: v.optional(v.boolean()),
  /**
   * Our addition: another selfie of the runner (its own sign call and upload), searched together with this one:
   * their faces averaged, judged at a stricter score. Surer results when one selfie's are mostly "maybe you".
   */
  second: v.optional(v.object(signedSelfieSchema)),
});

/** POST /v1/facesearch (multipart: file plus these fields as text). */
export const faceSearchMultipartFieldsSchema = v.object({
  event_key: eventKeySchema,
  event_id: v.optional(v.string()),
  face_threshold: v.optional(v.string()),
  mhao_price: v.optional(v.string()),
  max_face_search: v.optional(v.string()),
  /** The face consent as two fields (core/contract/privacy.ts faceConsentSchema): the notice's version, the device. */
  consent_version: v.optional(v.string()),
  consent_device: v.optional(v.string()),
});

/**
 * Our addition: the face matched in each answered photo (both tiers), so the runner can say "this is me"
 * (search again with that face: POST /v2/facesearch/similar with the photo's pass) or "not me" (drop every photo of
 * that likely person).
 */
export const matchedFaceSchema = v.object({
  photo_id: v.number(),
  face_id: v.number(),
  /** The likely person of the event the face belongs to (the same number for the same person in one event). */
  person_id: v.number(),
});
export type MatchedFace = v.InferOutput<typeof matchedFaceSchema>;

/**
 * What can make a selfie a poor one to search with, found on its face before it is searched: too blurred to show the
 * face's detail, too dark, turned away from the camera, or too small in the picture.
 */
export const selfieProblems = ['blurred', 'dark', 'turned', 'small'] as const;
export type SelfieProblem = (typeof selfieProblems)[number];
export const selfieProblemSchema = v.picklist(selfieProblems);

/** A face's box as fractions (0..1) of the image's width and height, so any rendition of the image can draw it. */
const fraction = v.pipe(v.number(), v.minValue(0), v.maxValue(1));
export const faceBoxSchema = v.object({ x: fraction, y: fraction, width: fraction, height: fraction });
export type FaceBox = v.InferOutput<typeof faceBoxSchema>;

export const faceSearchAnswerSchema = v.object({
  status: v.literal('success'),
  /** The count of `images`: the photos of you (the confident tier). */
  image_length: v.number(),
  images: v.array(photoSchema),
  /** Average price per photo when buying all of them at the unlimited price (2 decimals). */
  avg_price: decimalStringSchema,
  /** Our addition: "maybe you", photos below the confident tier, best first (not in image_length). */
  maybe_images: v.optional(v.array(photoSchema)),
  matched_faces: v.optional(v.array(matchedFaceSchema)),
  /**
   * Our addition: the faces found in the selfie: 0 (no face: not "no match"), or more than 1 (the
   * largest was searched). Absent from searches that had no selfie ("more like this").
   */
  selfie_faces: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /**
   * Where those faces are when there are several: boxes in fractions (0..1) of the upright selfie's width and
   * height, the searched one first, so that the runner can choose another face to search with.
   */
  selfie_boxes: v.optional(v.array(faceBoxSchema)),
  /**
   * Our addition: the bib number read under the runner's matched faces, when one clearly leads; its
   * photos the face search did not find (back views, covered faces) are `bib_images`, in the order taken.
   */
  runner_bib: v.optional(v.string()),
  bib_images: v.optional(v.array(photoSchema)),
  /**
   * Our addition: "at your finish, maybe you": frames the event's finish-line photographers took within seconds of
   * the runner's finish clock time (from the event's results, for the bib searched or `runner_bib`), nearest in time
   * first; none of them in `images`, `maybe_images` or `bib_images`.
   */
  finish_images: v.optional(v.array(photoSchema)),
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
  'consent-required',
  'face-search-off',
  'selfie-small',
  'selfie-turned',
  'selfie-dark',
  'selfie-blurred',
  'second-selfie-same',
] as const;
export type FaceSearchErrorCode = (typeof faceSearchErrorCodes)[number];

// --- Our addition beside the spec's calls: "more like this one" ---------------------------------------------------
// A runner who found a photo of themselves taps their face in it and searches again with that face's descriptor:
// race-day faces (cap, sunglasses, sweat) then find photos the selfie missed. Two calls, not in SPEC §7.

export const photoFaceSchema = v.object({ face_id: v.number(), box: faceBoxSchema });
export type PhotoFace = v.InferOutput<typeof photoFaceSchema>;

/**
 * GET /v2/facesearch/faces/{photo_id}?pass=: the faces found in a result photo (none while it is not indexed). A
 * photo asked for without its pass is answered as unknown (404): ids count up, and the faces' ids lead to searches.
 */
export const photoFacesPath = (photoId: number, pass?: string) =>
  `${faceSearchBasePathV2}/faces/${photoId}${pass ? `?pass=${encodeURIComponent(pass)}` : ''}`;
export const photoFacesParamSchema = v.object({
  photo_id: v.pipe(
    v.string(),
    v.regex(/^[1-9]\d{0,15}$/, 'must be a photo id'),
    v.transform(Number),
    v.check((id: number) => Number.isSafeInteger(id), 'must be a photo id'),
  ),
});
/** ?pass=: the photo's pass (core/contract/photos.ts); a missing or wrong one is answered as an unknown photo. */
export const photoFacesQuerySchema = v.object({ pass: v.optional(v.string()) });
export const photoFacesAnswerSchema = successAnswerSchema(v.array(photoFaceSchema));

/**
 * POST /v2/facesearch/similar: search the event with the descriptor of one of its faces (a face_id from the call
 * above, with the pass of its photo). Answers like POST /v2/facesearch. Refusals: unknown face, or one asked for
 * without its photo's pass, 404 (face_id), a face of another event 400 (face_id), unknown event 404 and a closed
 * sale 400 (event_key, code sale-closed) as in the other searches.
 */
export const similarSearchPath = `${faceSearchBasePathV2}/similar`;
export const similarSearchRequestSchema = v.object({
  event_key: eventKeySchema,
  face_id: v.pipe(
    v.number('must be a face id'),
    v.integer('must be a face id'),
    v.minValue(1, 'must be a face id'),
    v.maxValue(Number.MAX_SAFE_INTEGER, 'must be a face id'),
  ),
  /** The pass of the photo the face is in; a missing or wrong one is answered as an unknown face. */
  pass: v.optional(v.string()),
});
export type SimilarSearchRequest = v.InferOutput<typeof similarSearchRequestSchema>;
export const similarSearchAnswerSchema = faceSearchAnswerSchema;

// --- Our addition: nearby frames -----------------------------------------------------------------------------------
// For the photos a search found, the same photographer's photos taken a few seconds before and after
// (NEARBY_FRAME_SECONDS): the runner is often in them, face turned away. The page asks after the results show.

/**
 * POST /v2/facesearch/nearby: at most NEARBY_FRAMES_MAX photos of the event, not among `photo_ids` (its photos
 * first, ids of other events ignored), the best-ranked match's neighbours first. Refusals: unknown event 404 and a
 * closed sale 400 (event_key) as in the other searches; a list that is empty, too long or not of photo ids 400
 * (photo_ids); passes that are not those photos' (each in its place) 400 (passes, code photo-pass).
 */
export const nearbyFramesPath = `${faceSearchBasePathV2}/nearby`;
export const nearbyFramesRequestSchema = v.object({
  event_key: eventKeySchema,
  photo_ids: v.pipe(
    v.array(
      v.pipe(
        v.number('must be photo ids'),
        v.integer('must be photo ids'),
        v.minValue(1, 'must be photo ids'),
        v.maxValue(Number.MAX_SAFE_INTEGER, 'must be photo ids'),
      ),
      'must be a list of photo ids',
    ),
    v.minLength(1, 'must name at least one photo'),
    v.maxLength(NEARBY_FRAMES_OF_MAX, `may name at most ${NEARBY_FRAMES_OF_MAX} photos`),
  ),
  /** Each photo's pass, in the order of photo_ids (the store gave them with the results). */
  passes: v.array(photoPassSchema, 'must be the passes of those photos'),
});
export type NearbyFramesRequest = v.InferOutput<typeof nearbyFramesRequestSchema>;
export const nearbyFramesAnswerSchema = successAnswerSchema(v.array(photoSchema));
