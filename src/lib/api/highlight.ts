// POST /v1/facesearch/highlight (SPEC §7): an event's highlight photos (addresses: src/lib/photo-urls.ts).
import { faceSearchBasePathV1, highlightAnswerSchema } from '../../../core/contract/facesearch';
import type { HighlightPhoto } from '../../../core/contract/photos';
import { postJson } from './client';

export async function fetchHighlights(eventKey: string, signal?: AbortSignal): Promise<HighlightPhoto[]> {
  const answer = await postJson(
    `${faceSearchBasePathV1}/highlight`,
    { event_key: eventKey },
    highlightAnswerSchema,
    signal,
  );
  return answer.body;
}
