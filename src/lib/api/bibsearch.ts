// Our search by bib number and by a runner's name (issue 36, core/contract/bibsearch.ts).
import {
  type BibSearchAnswer,
  bibSearchAnswerSchema,
  bibSearchPath,
  type Runner,
  runnerNamesAnswerSchema,
  runnerNamesPath,
} from '../../../core/contract/bibsearch';
import { postJson } from './client';

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
