// The answers a page's first screen needs, sent inside the app shell: the server puts the exact answers
// of the read calls that page's route loaders make into a JSON element; the client's API layer takes each one once
// instead of calling the API, so the first screen renders without waiting a round trip for its data. Both sides
// key an answer the same way: the method, the path under the API base, and the body as JSON with sorted keys.
import { scriptSafeJson, sortedJson } from './json';

export const FIRST_SCREEN_ELEMENT_ID = 'first-screen-answers';

export const firstScreenKey = (method: string, path: string, body?: unknown): string =>
  `${method} ${path} ${body === undefined ? '' : sortedJson(body)}`;

/** The answers as JSON safe inside a <script> element ("<", ">", "&", U+2028/9 escaped). */
export const firstScreenJson = (answers: Record<string, unknown>): string => scriptSafeJson(answers);

/** Set on #root by the server when it rendered the first screen in it; its value is the language it used. */
export const SERVER_RENDERED_ATTRIBUTE = 'data-rendered';

/**
 * Set on <html> by the server: the language it chose for the page (src/head-init.js, which cannot import it, spells
 * it out and compares the device's stored choice with it; a copy the service worker made of the shell has none).
 */
export const SERVED_LANGUAGE_ATTRIBUTE = 'data-served-in';
