// Search by bib number and by a runner's name: the event's photos with the runner's bib read in them, answered like
// a face search so the page shows them the same way. The event's rule (digits, range) decides which numbers are
// bibs (server/bibs/event-bibs.ts); its start list, when it has one, only says whether the bib is on it.
import type { BibSearchAnswer, Runner } from '../../core/contract/bibsearch';
import { nameLetters, RUNNER_NAME_MIN, RUNNER_NAMES_MAX } from '../../core/contract/bibsearch';
import { bibRuleOf, readsBibs, typedBib } from '../bibs/event-bibs';
import type { AppContext } from '../context';
import { bibsOfRunners, photosWithBib, runnerCount, runnersNamed } from '../db/bibs-repo';
import type { EventRow } from '../db/schema';
import { answerWithMatches, eventOpenForSearch, withFinishFrames } from './face-search';
import { accept, type Outcome, type Refusal, refuse } from './outcome';

/** An event that reads no bibs (`--bib-digits off`). */
export const noBibSearch = (): Refusal =>
  refuse(400, 'this event has no search by bib number', {
    field: 'bib',
    code: 'no-bib-search',
    th: 'งานนี้ไม่มีการค้นหาด้วยหมายเลขบิบ',
  });

/** A number that cannot be this event's bib: what its bibs look like, in the runner's words. */
export function badBib(event: EventRow): Refusal {
  const rule = bibRuleOf(event);
  const digits =
    rule.minDigits === rule.maxDigits ? `${rule.minDigits}` : `${rule.minDigits} to ${rule.maxDigits}`;
  const digitsTh =
    rule.minDigits === rule.maxDigits ? `${rule.minDigits}` : `${rule.minDigits}–${rule.maxDigits}`;
  const range = rule.range ? ` from ${rule.range.from} to ${rule.range.to}` : '';
  const rangeTh = rule.range ? ` ระหว่าง ${rule.range.from} ถึง ${rule.range.to}` : '';
  return refuse(400, `please type the number on your bib: ${digits} digits${range}`, {
    field: 'bib',
    code: 'bad-bib',
    th: `กรุณากรอกหมายเลขบนบิบของคุณ เป็นตัวเลข ${digitsTh} หลัก${rangeTh}`,
  });
}

/** The event open for a search by bib, and the bib as typed in the event's rule: or why not. */
export async function bibEventOpen(
  ctx: AppContext,
  eventKey: string,
  typed: string,
): Promise<Outcome<{ event: EventRow; bib: string }>> {
  const open = await eventOpenForSearch(ctx, eventKey);
  if (!open.ok) return open;
  const event = open.value;
  if (!readsBibs(event)) return noBibSearch();
  const bib = typedBib(typed, event);
  if (!bib) return badBib(event);
  return accept({ event, bib });
}

export async function searchByBib(
  ctx: AppContext,
  request: { event_key: string; bib: string },
): Promise<Outcome<BibSearchAnswer>> {
  const opened = await bibEventOpen(ctx, request.event_key, request.bib);
  if (!opened.ok) return opened;
  const { event, bib } = opened.value;
  // Found whether or not the start list knows the bib: late entries and bibs swapped or handed out on the day are
  // common, and the runner typing their own number is the best judge of it. Reads are kept only when sure
  // (confidence 0.9 and more), so a misread rarely matches a number someone types; the answer says when the bib is
  // not on the list, and the page shows it, so the runner looks twice.
  const ids = await photosWithBib(ctx.db, event.event_id, bib, event.max_face_search);
  const answer = await answerWithMatches(
    ctx,
    event,
    ids.map((photoId) => ({ photoId, distance: 0 })),
  );
  if (!answer.ok) return answer;
  const withFinish = await withFinishFrames(ctx, event, answer.value, bib);
  const listed = await onStartList(ctx, event.event_id, bib);
  return accept({ ...withFinish, bib, ...(listed === undefined ? {} : { on_start_list: listed }) });
}

/** Whether the bib is one of the event's runners' (start list, results); undefined when it knows none. */
async function onStartList(ctx: AppContext, eventId: number, bib: string): Promise<boolean | undefined> {
  if ((await runnerCount(ctx.db, eventId)) === 0) return undefined;
  return (await bibsOfRunners(ctx.db, eventId, [bib])).has(bib);
}

/**
 * Counts one name search of an event against its day's allowance of `dailyCap`: answers the seconds until the
 * allowance comes back when it is used up (0: allowed). Counted where the per-client limits are (api.ts): in memory,
 * or in PostgreSQL shared by every API process.
 */
export type EventNameSearches = (eventId: number, dailyCap: number) => Promise<number>;

/** The least of an event's name searches a day (a small race's). */
export const EVENT_NAME_SEARCHES_LEAST = 200;

/**
 * How many name searches an event answers a day, from the size of its start list: one for each runner on it, at
 * least EVENT_NAME_SEARCHES_LEAST, rounded up to that times a power of two (so few counters exist). A runner who
 * does not know their bib finds it in one to three searches, and most runners never need to (they know their bib
 * or search by selfie): a race's own runners stay well under one a runner. A walk of every three-letter beginning
 * is 17,576 searches in Latin letters alone (more in Thai), more than a day's allowance of any list up to 12,800
 * runners; each is counted whichever client or address sends it, and answers no more than first names and initials.
 */
export function eventNameSearchesPerDay(runners: number): number {
  let allowed = EVENT_NAME_SEARCHES_LEAST;
  while (allowed < runners) allowed *= 2;
  return allowed;
}

/** A name typed with fewer than RUNNER_NAME_MIN letters. */
const nameTooShort = (): Refusal =>
  refuse(400, `please type at least ${RUNNER_NAME_MIN} letters of your first name`, {
    field: 'name',
    code: 'name-too-short',
    th: `กรุณาพิมพ์ชื่อจริงอย่างน้อย ${RUNNER_NAME_MIN} ตัวอักษร`,
  });

/** The event's name searches of the day are used up. */
const nameSearchClosed = (retryAfter: number): Refusal =>
  refuse(
    429,
    "this event's search by name has reached today's limit: please search with your bib number or a selfie, or try again tomorrow",
    {
      code: 'name-search-closed',
      th: 'การค้นหาด้วยชื่อของงานนี้ครบจำนวนของวันนี้แล้ว กรุณาค้นหาด้วยหมายเลขบิบหรือเซลฟี่ หรือลองใหม่พรุ่งนี้',
      retryAfter,
    },
  );

/**
 * The runners of the event's start list whose name begins with what was typed (server/db/bibs-repo.ts
 * runnersNamed), each as its first name and initials; every search of an event with a start list counted against
 * the event's day (`searchesOfEvent`).
 */
export async function runnersByName(
  ctx: AppContext,
  request: { event_key: string; name: string },
  searchesOfEvent: EventNameSearches,
): Promise<Outcome<Runner[]>> {
  if (nameLetters(request.name) < RUNNER_NAME_MIN) return nameTooShort();
  const open = await eventOpenForSearch(ctx, request.event_key);
  if (!open.ok) return open;
  const event = open.value;
  if (!readsBibs(event)) return noBibSearch();
  const listed = await runnerCount(ctx.db, event.event_id);
  if (listed === 0) return accept([]);
  const wait = await searchesOfEvent(event.event_id, eventNameSearchesPerDay(listed));
  if (wait > 0) return nameSearchClosed(wait);
  const runners = await runnersNamed(ctx.db, event.event_id, request.name, RUNNER_NAMES_MAX);
  return accept(runners.map((r) => ({ ...r, name: maskedName(r.name) })));
}

/**
 * A runner's name as the name search shows it: the first name whole, each other word by its first letter ("Anna
 * R."): enough for runners to know themselves, not a start list anyone can copy.
 */
export function maskedName(name: string): string {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return [first, ...rest.map((word) => `${Array.from(word)[0] ?? ''}.`)].join(' ');
}
