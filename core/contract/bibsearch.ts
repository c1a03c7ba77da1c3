// Our addition (issue 36): search by bib number, and by a runner's name through the event's start list. Not in
// SPEC §7; answered like the face search (SPEC §3) so the same results grid, cart buttons and buy-all serve them.
import * as v from 'valibot';
import { eventKeySchema, successAnswerSchema } from './common';
import { faceSearchAnswerSchema } from './facesearch';

export const bibSearchPath = '/v1/bibsearch';
export const runnerNamesPath = '/v1/bibsearch/runners';

/** What a bib field accepts before the event's rule is applied: digits (Thai too) and spaces, 1 to 20 of them. */
export const BIB_TYPED_MAX = 20;
export const typedBibSchema = v.pipe(
  v.string('must be the number on your bib'),
  v.trim(),
  v.minLength(1, 'is required'),
  v.maxLength(BIB_TYPED_MAX, 'is too long'),
  v.regex(/^[0-9๐-๙ ]+$/, 'must be the digits of your bib number'),
);

/**
 * POST /v1/bibsearch: the event's photos with this bib read in them, in the order they were taken. Refusals: a bib
 * that is not digits, or not of the event's length or range, 400 (field bib, code bad-bib, in Thai and English);
 * an event that reads no bibs 400 (code no-bib-search); unknown event 404 and a closed sale 400 (event_key, code
 * sale-closed) as in the face search; the same per-client rate limit.
 */
export const bibSearchRequestSchema = v.object({ event_key: eventKeySchema, bib: typedBibSchema });
export type BibSearchRequest = v.InferOutput<typeof bibSearchRequestSchema>;

export const bibSearchAnswerSchema = v.object({
  ...faceSearchAnswerSchema.entries,
  /** The bib searched, as the event's digits ("๑๒๓๔" comes back "1234"). */
  bib: v.string(),
});
export type BibSearchAnswer = v.InferOutput<typeof bibSearchAnswerSchema>;

/**
 * The least a name search takes: three letters, counted as a person sees them (a Thai consonant with its vowel and
 * tone marks is one; spaces and punctuation are none). Fewer would let a list be walked by every pair of letters.
 */
export const RUNNER_NAME_MIN = 3;
/** The most runners a name search answers (a runner picks theirs). */
export const RUNNER_NAMES_MAX = 10;

const LETTER = /\p{L}/u;

/** The letters of a typed name as a person counts them: its characters (grapheme clusters) that hold a letter. */
export function nameLetters(text: string): number {
  if (typeof Intl.Segmenter !== 'function')
    // Without a segmenter (older browsers), letters that stand on their own: combining marks are part of one.
    return Array.from(text).filter((c) => LETTER.test(c) && !/\p{M}/u.test(c)).length;
  let letters = 0;
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text))
    if (LETTER.test(segment)) letters += 1;
  return letters;
}

/**
 * POST /v1/bibsearch/runners: the runners of the event's start list whose name, as written (first name first),
 * begins with `name` (any case), at most RUNNER_NAMES_MAX, by name; an event without a start list answers none. Each
 * answered as the first name and the initials of the rest ("Anna R."), and matched on no more than that: past the
 * first word, only each typed word's first letter is compared (so no walk of longer queries reads a surname back).
 * Refusals: fewer than RUNNER_NAME_MIN letters 400 (field name, code name-too-short, in Thai and English), too long
 * 400; the event's name searches of the day used up 429 (code name-search-closed, Retry-After); the per-client rate
 * limit 429; otherwise as the bib search's.
 */
export const runnerNamesRequestSchema = v.object({
  event_key: eventKeySchema,
  name: v.pipe(
    v.string('must be a name'),
    v.trim(),
    v.maxLength(100, 'is too long'),
    // No control characters or lone surrogates: a database's text cannot hold them.
    v.regex(/^[^\p{Cc}\p{Cs}]*$/u, 'must be letters of a name'),
  ),
});
export type RunnerNamesRequest = v.InferOutput<typeof runnerNamesRequestSchema>;

export const runnerSchema = v.object({ bib: v.string(), name: v.string(), category: v.string() });
export type Runner = v.InferOutput<typeof runnerSchema>;
export const runnerNamesAnswerSchema = successAnswerSchema(v.array(runnerSchema));
