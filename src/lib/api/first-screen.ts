// The answers a page carried for its first screen (core/first-screen.ts): each is taken once, by the first call that
// asks for exactly it; later calls go to the API as usual. In the browser they come from the shell's element (a
// shell the service worker answers with carries none); on the server each render has its own (src/entry-server.tsx),
// handed to the loaders through the router's context (src/lib/page-request.ts), so renders may overlap.
import { FIRST_SCREEN_ELEMENT_ID, firstScreenKey } from '../../../core/first-screen';

export interface TakenAnswer {
  method: string;
  path: string;
  body?: unknown;
  answer: unknown;
}

/** One page's carried answers. */
export class CarriedAnswers {
  readonly #answers: Map<string, unknown>;
  /** What was taken, kept only in the browser (the worker keeps the event data among them: src/lib/sw-bridge.ts). */
  readonly #taken: TakenAnswer[] | undefined;

  constructor(answers: Record<string, unknown>, { keepTaken = false } = {}) {
    this.#answers = new Map(Object.entries(answers));
    this.#taken = keepTaken ? [] : undefined;
  }

  /** The answer carried for this call, once; undefined when none was. */
  take(method: string, path: string, body?: unknown): unknown {
    const key = firstScreenKey(method, path, body);
    const answer = this.#answers.get(key);
    this.#answers.delete(key);
    if (answer !== undefined) this.#taken?.push({ method, path, body, answer });
    return answer;
  }

  /** The answer carried for this call, left for the call that takes it (a render React may throw away). */
  peek(method: string, path: string, body?: unknown): unknown {
    return this.#answers.get(firstScreenKey(method, path, body));
  }

  get taken(): readonly TakenAnswer[] {
    return this.#taken ?? [];
  }
}

let inDocument: CarriedAnswers | undefined;

/**
 * The browser's page's answers, read once from the shell's element. Outside a browser (the server, where each
 * render brings its own) an empty set, never shared.
 */
export function documentAnswers(): CarriedAnswers {
  if (typeof document === 'undefined') return new CarriedAnswers({});
  if (inDocument) return inDocument;
  let parsed: unknown;
  try {
    parsed = JSON.parse(document.getElementById(FIRST_SCREEN_ELEMENT_ID)?.textContent || '{}');
  } catch {
    // A broken element is no answer: the calls go to the API.
  }
  const answers = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
  inDocument = new CarriedAnswers(answers as Record<string, unknown>, { keepTaken: true });
  return inDocument;
}

/** The answers taken so far in this page. */
export const takenFirstScreenAnswers = (): readonly TakenAnswer[] => documentAnswers().taken;
