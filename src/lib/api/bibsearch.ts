// Our search by bib number and by a runner's name, and the photos its runner is likely in too
// (core/contract/bibsearch.ts).
import {
  type BibSearchAnswer,
  bibNearbyAnswerSchema,
  bibNearbyPath,
  bibSearchAnswerSchema,
  bibSearchPath,
  type Runner,
  runnerNamesAnswerSchema,
  runnerNamesPath,
} from '../../../core/contract/bibsearch';
import type { Photo } from '../../../core/contract/photos';
import { postJson } from './client';
import { withPasses } from './facesearch';

/** The event's photos with this bib read in them, answered like a face search. */
export function searchByBib(eventKey: string, bib: string, signal?: AbortSignal): Promise<BibSearchAnswer> {
  return postJson(bibSearchPath, { event_key: eventKey, bib }, bibSearchAnswerSchema, signal);
}

/** The runners of the event's start list whose name holds `name`. */
export async function findRunners(eventKey: string, name: string, signal?: AbortSignal): Promise<Runner[]> {
  const answer = await postJson(
    runnerNamesPath,
    { event_key: eventKey, name },
    runnerNamesAnswerSchema,
    signal,
  );
  return answer.body;
}

/**
 * After a bib search, the photos its runner is likely in too, only on evidence (their face, or the frames of their
 * moment): a few at most. Only photos with their pass are asked about (photos kept from older answers have none).
 */
export async function fetchBibNearbyFrames(
  eventKey: string,
  bib: string,
  photos: readonly Pick<Photo, 'id' | 'pass'>[],
  signal?: AbortSignal,
): Promise<Photo[]> {
  const passed = withPasses(photos);
  if (!passed) return [];
  const answer = await postJson(
    bibNearbyPath,
    { event_key: eventKey, bib, ...passed },
    bibNearbyAnswerSchema,
    signal,
  );
  return answer.body;
}
