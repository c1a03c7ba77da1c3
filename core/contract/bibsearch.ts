// Our addition: search by bib number, and by a runner's name through the event's start list. Not in
// SPEC §7; answered like the face search (SPEC §3) so the same results grid, cart buttons and buy-all serve them.
import * as v from 'valibot';
import { eventKeySchema, successAnswerSchema } from './common';
import { type FaceSearchAnswer, faceSearchAnswerSchema, nearbyFramesRequestSchema } from './facesearch';
import { photoSchema } from './photos';

export const bibSearchPath = '/v1/bibsearch';
export const runnerNamesPath = '/v1/bibsearch/runners';
export const bibNearbyPath = '/v1/bibsearch/nearby';

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
 * POST /v1/bibsearch: the event's photos with this bib read in them, in the order they were taken, whether or not the
 * bib is on the event's start list (late entries and bibs swapped on the day are common: a read bib is a runner's
 * even when the list does not know it); `on_start_list` says which, when the event has a list. Refusals: a bib
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
  /** Whether the bib is on the event's start list; absent when the event has none. */
  on_start_list: v.optional(v.boolean()),
});
export type BibSearchAnswer = v.InferOutput<typeof bibSearchAnswerSchema>;

/**
 * Where a bib search's bib stands with the event's start list, from its answer as the search kept it (typed as a
 * face search's answer: the bib search answers like one): 'listed', 'not-listed', or undefined when the event has no
 * list (or the answer is not a bib search's).
 */
export type BibStanding = 'listed' | 'not-listed' | undefined;
export function bibStandingOf(answer: FaceSearchAnswer | BibSearchAnswer): BibStanding {
  const listed = (answer as { on_start_list?: unknown }).on_start_list;
  return listed === true ? 'listed' : listed === false ? 'not-listed' : undefined;
}

/**
 * POST /v1/bibsearch/nearby: after a bib search, the photos the runner is likely in too ("you may also be in these"),
 * only on evidence: their face (the likely person of a face their bib was read under) in the photo, or a frame the
 * same photographer took with the same camera a few seconds from a found photo; a few at most, never most of the
 * event (server/services/nearby-frames.ts bibNearbyFrames says why). `photo_ids` and `passes` as the face search's
 * nearby frames take them (the photos the bib search answered, with their passes). Refusals as that call's, and a
 * bib that is not digits 400 (field bib).
 */
export const bibNearbyRequestSchema = v.object({
  ...nearbyFramesRequestSchema.entries,
  bib: typedBibSchema,
});
export type BibNearbyRequest = v.InferOutput<typeof bibNearbyRequestSchema>;
export const bibNearbyAnswerSchema = successAnswerSchema(v.array(photoSchema));

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
