// The "more like this one" calls (our addition beside SPEC §7's face search, core/contract/facesearch.ts): the faces
// of a result photo, and a search with one of them.
import {
  type FaceSearchAnswer,
  type PhotoFace,
  photoFacesAnswerSchema,
  photoFacesPath,
  similarSearchAnswerSchema,
  similarSearchPath,
} from '../../../core/contract/facesearch';
import { getJson, postJson } from './client';

/** The faces found in a photo, boxes as fractions of the photo (empty while it is not indexed). */
export async function fetchPhotoFaces(photoId: number, signal?: AbortSignal): Promise<PhotoFace[]> {
  const answer = await getJson(photoFacesPath(photoId), photoFacesAnswerSchema, signal);
  return answer.body;
}

/** Searches the event again with the descriptor of a face the runner picked; answers like the selfie search. */
export function searchSimilar(
  eventKey: string,
  faceId: number,
  signal?: AbortSignal,
): Promise<FaceSearchAnswer> {
  return postJson(
    similarSearchPath,
    { event_key: eventKey, face_id: faceId },
    similarSearchAnswerSchema,
    signal,
  );
}
