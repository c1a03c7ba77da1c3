// The face search calls of SPEC §7 (sign the selfie upload, search with it) and our "more like this one" addition
// (core/contract/facesearch.ts): the faces of a result photo, and a search with one of them. The selfie's PUT itself
// is in src/features/face-search/upload-selfie.ts (XMLHttpRequest, for its upload progress).
import { UPLOAD_CONTENT_TYPE } from '../../../core/constants';
import type { EventDetail } from '../../../core/contract/events';
import {
  type FaceSearchAnswer,
  faceSearchAnswerSchema,
  faceSearchBasePathV2,
  nearbyFramesAnswerSchema,
  nearbyFramesPath,
  type PhotoFace,
  photoFacesAnswerSchema,
  photoFacesPath,
  type SignAnswer,
  signAnswerSchema,
  similarSearchAnswerSchema,
  similarSearchPath,
} from '../../../core/contract/facesearch';
import type { Photo } from '../../../core/contract/photos';
import type { FaceConsent } from '../../../core/contract/privacy';
import { getJson, postJson } from './client';

const signPath = `${faceSearchBasePathV2}/sign`;

/** The faces found in a photo shown (its pass along), boxes as fractions of the photo (empty while not indexed). */
export async function fetchPhotoFaces(
  photo: Pick<Photo, 'id' | 'pass'>,
  signal?: AbortSignal,
): Promise<PhotoFace[]> {
  const answer = await getJson(photoFacesPath(photo.id, photo.pass), photoFacesAnswerSchema, signal);
  return answer.body;
}

/**
 * Searches the event again with the descriptor of a face the runner picked in a photo shown (its pass along);
 * answers like the selfie search.
 */
export function searchSimilar(
  eventKey: string,
  faceId: number,
  photo: Pick<Photo, 'pass'>,
  signal?: AbortSignal,
): Promise<FaceSearchAnswer> {
  return postJson(
    similarSearchPath,
    { event_key: eventKey, face_id: faceId, pass: photo.pass },
    similarSearchAnswerSchema,
    signal,
  );
}

/**
 * POST /v2/facesearch/sign: where to PUT the selfie (SPEC §7), and the search it belongs to. The runner's face
 * consent goes along (the store refuses a selfie without one: 400 code consent-required).
 */
export function signSelfieUpload(
  eventKey: string,
  fileName: string,
  consent: FaceConsent | undefined,
  signal?: AbortSignal,
): Promise<SignAnswer> {
  return postJson(
    signPath,
    {
      event_key: eventKey,
      file_name: fileName,
      file_type: UPLOAD_CONTENT_TYPE,
      ...(consent ? { consent: { version: consent.version, device: consent.device } } : {}),
    },
    signAnswerSchema,
    signal,
  );
}

/** POST /v2/facesearch: search the event with the uploaded selfie; the event's own tuning values go along. */
export function searchWithUploadedSelfie(
  event: Pick<EventDetail, 'event_id' | 'event_key' | 'face_threshold' | 'mhao_price' | 'max_face_search'>,
  signed: Pick<SignAnswer, 'search_id' | 'file_location'>,
  signal?: AbortSignal,
  /** `anyway`: search even when the selfie's face looks poor; `second`: another selfie searched with it. */
  options: { anyway?: boolean; second?: Pick<SignAnswer, 'search_id' | 'file_location'> } = {},
): Promise<FaceSearchAnswer> {
  return postJson(
    faceSearchBasePathV2,
    {
      search_id: signed.search_id,
      file_location: signed.file_location,
      event_id: event.event_id,
      event_key: event.event_key,
      face_threshold: event.face_threshold,
      mhao_price: event.mhao_price,
      max_face_search: event.max_face_search,
      ...(options.anyway ? { search_anyway: true } : {}),
      ...(options.second
        ? { second: { search_id: options.second.search_id, file_location: options.second.file_location } }
        : {}),
    },
    faceSearchAnswerSchema,
    signal,
  );
}

/**
 * The ids and passes of the photos that carry one (photos kept from older answers have none), as the calls about
 * photos shown send them; undefined when none has.
 */
export function withPasses(
  photos: readonly Pick<Photo, 'id' | 'pass'>[],
): { photo_ids: number[]; passes: string[] } | undefined {
  const passed = photos.filter((p): p is { id: number; pass: string } => typeof p.pass === 'string');
  if (passed.length === 0) return undefined;
  return { photo_ids: passed.map((p) => p.id), passes: passed.map((p) => p.pass) };
}

/**
 * The same photographers' frames a few seconds around the photos found, best matches' first. Only
 * photos with their pass are asked about (photos kept from older answers have none).
 */
export async function fetchNearbyFrames(
  eventKey: string,
  photos: readonly Pick<Photo, 'id' | 'pass'>[],
  signal?: AbortSignal,
): Promise<Photo[]> {
  const passed = withPasses(photos);
  if (!passed) return [];
  const answer = await postJson(
    nearbyFramesPath,
    { event_key: eventKey, ...passed },
    nearbyFramesAnswerSchema,
    signal,
  );
  return answer.body;
}
