// POST /v1/facesearch/highlight (SPEC §7): an event's highlight photos (addresses: src/lib/photo-urls.ts).
import { faceSearchBasePathV1, highlightAnswerSchema } from '../../../core/contract/facesearch';
import type { HighlightPhoto } from '../../../core/contract/photos';
import { postJson } from './client';

/** A highlight photo with its pixel size when the server sends it (core/contract/photos.ts). */
export type HighlightPhotoWithSize = HighlightPhoto;

export async function fetchHighlights(
  eventKey: string,
  signal?: AbortSignal,
): Promise<HighlightPhotoWithSize[]> {
  const answer = await postJson(
    `${faceSearchBasePathV1}/highlight`,
    { event_key: eventKey },
    highlightAnswerSchema,
    signal,
  );
  return answer.body;
}
