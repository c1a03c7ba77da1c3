// JSON written two particular ways, each needed in more than one place.

/** JSON with every object's keys sorted, so two values that mean the same are the same text. */
export const sortedJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  ) ?? '';

/**
 * JSON that is safe inside a <script> element: "<", ">" and "&" are escaped so a value holding "</script>" or
 * "<!--" stays data, and U+2028/U+2029, which JSON allows in strings but older JavaScript parsers read as line
 * breaks (the text stays safe wherever it is pasted).
 */
export const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
