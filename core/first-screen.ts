// The answers a page's first screen needs, sent inside the app shell (issue 15): the server puts the exact answers
// of the read calls that page's route loaders make into a JSON element; the client's API layer takes each one once
// instead of calling the API, so the first screen renders without waiting a round trip for its data. Both sides
// key an answer the same way: the method, the path under the API base, and the body as JSON with sorted keys.
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen-answers';

const sortedJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  ) ?? '';

export const firstScreenKey = (method: string, path: string, body?: unknown): string =>
  `${method} ${path} ${body === undefined ? '' : sortedJson(body)}`;

/** The answers as JSON safe inside a <script> element ("<", ">", "&", U+2028/9 escaped). */
export const firstScreenJson = (answers: Record<string, unknown>): string =>
  JSON.stringify(answers).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
