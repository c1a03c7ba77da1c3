// The answers the server sent inside the app shell for this page's first screen (core/first-screen.ts): each is
// taken once, by the first call that asks for exactly it; later calls go to the API as usual. A shell the service
// worker answers with carries none.
import { FIRST_SCREEN_ELEMENT_ID, firstScreenKey } from '../../../core/first-screen';

let answers: Map<string, unknown> | undefined;

/**
 * On the server (src/entry-server.tsx), the answers of the page being rendered: the same ones the page carries to
 * the browser, so the server's render and the browser's first render use the same data. One render at a time.
 */
export function setServerAnswers(next: Record<string, unknown>): void {
  answers = new Map(Object.entries(next));
}

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

export interface TakenAnswer {
  method: string;
  path: string;
  body?: unknown;
  answer: unknown;
}

/** The answers taken so far in this page (the worker keeps the event data among them: src/lib/sw-bridge.ts). */
const taken: TakenAnswer[] = [];

/** The answer the shell carried for this call, once; undefined when it carried none. */
export function takeFirstScreenAnswer(method: string, path: string, body?: unknown): unknown {
  const key = firstScreenKey(method, path, body);
  const all = sent();
  const answer = all.get(key);
  all.delete(key);
  if (answer !== undefined && typeof document !== 'undefined') taken.push({ method, path, body, answer });
  return answer;
}

export const takenFirstScreenAnswers = (): readonly TakenAnswer[] => taken;
