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

/** The least a name search takes: two characters (one Thai consonant and its vowel). */
export const RUNNER_NAME_MIN = 2;
/** The most runners a name search answers (a runner picks theirs). */
export const RUNNER_NAMES_MAX = 10;

/**
 * POST /v1/bibsearch/runners: the runners of the event's start list whose name holds `name` (any case), at most
 * RUNNER_NAMES_MAX, names beginning with it first; an event without a start list answers none. Refusals as the bib
 * search's (name too short or too long 400, field name).
 */
export const runnerNamesRequestSchema = v.object({
  event_key: eventKeySchema,
  name: v.pipe(
    v.string('must be a name'),
    v.trim(),
    v.minLength(RUNNER_NAME_MIN, `must be at least ${RUNNER_NAME_MIN} characters`),
    v.maxLength(100, 'is too long'),
    // No control characters or lone surrogates: a database's text cannot hold them.
    v.regex(/^[^\p{Cc}\p{Cs}]*$/u, 'must be letters of a name'),
  ),
});
export type RunnerNamesRequest = v.InferOutput<typeof runnerNamesRequestSchema>;

export const runnerSchema = v.object({ bib: v.string(), name: v.string(), category: v.string() });
export type Runner = v.InferOutput<typeof runnerSchema>;
export const runnerNamesAnswerSchema = successAnswerSchema(v.array(runnerSchema));
