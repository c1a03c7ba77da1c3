// The answers the server sent inside the app shell for this page's first screen (core/first-screen.ts): each is
// taken once, by the first call that asks for exactly it; later calls go to the API as usual. A shell the service
// worker answers with carries none.
import { FIRST_SCREEN_ELEMENT_ID, firstScreenKey } from '../../../core/first-screen';

let answers: Map<string, unknown> | undefined;

function sent(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const text =
    typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_ELEMENT_ID)?.textContent;
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        for (const [key, value] of Object.entries(parsed)) answers.set(key, value);
    } catch {
      // A broken element is no answer: the calls go to the API.
    }
  }
  return answers;
}

/** The answer the shell carried for this call, once; undefined when it carried none. */
export function takeFirstScreenAnswer(method: string, path: string, body?: unknown): unknown {
  const key = firstScreenKey(method, path, body);
  const all = sent();
  const answer = all.get(key);
  all.delete(key);
  return answer;
}
