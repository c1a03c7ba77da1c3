// Search by bib number and by a runner's name (issue 36): the event's photos with the runner's bib read in them,
// answered like a face search so the page shows them the same way. The event's rule (digits, range) and its
// start list decide which numbers are bibs (server/bibs/event-bibs.ts).
import type { BibSearchAnswer, Runner } from '../../core/contract/bibsearch';
import { RUNNER_NAMES_MAX } from '../../core/contract/bibsearch';
import { bibRuleOf, eventBibs, readsBibs, typedBib } from '../bibs/event-bibs';
import type { AppContext } from '../context';
import { photosWithBib, runnersNamed } from '../db/bibs-repo';
import type { EventRow } from '../db/schema';
import { answerWithMatches, eventOpenForSearch } from './face-search';
import { accept, type Outcome, type Refusal, refuse } from './outcome';

/** An event that reads no bibs (`--bib-digits off`). */
const noBibSearch = (): Refusal =>
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

export async function searchByBib(
  ctx: AppContext,
  request: { event_key: string; bib: string },
): Promise<Outcome<BibSearchAnswer>> {
  const open = await eventOpenForSearch(ctx, request.event_key);
  if (!open.ok) return open;
  const event = open.value;
  if (!readsBibs(event)) return noBibSearch();
  const bib = typedBib(request.bib, event);
  if (!bib) return badBib(event);
  // A number that is not on the event's start list is nobody's: no photo is "found" under a misread.
  const known = (await eventBibs(ctx.db, event, [bib])).has(bib);
  const ids = known ? await photosWithBib(ctx.db, event.event_id, bib, event.max_face_search) : [];
  const answer = await answerWithMatches(
    ctx,
    event,
    ids.map((photoId) => ({ photoId, distance: 0 })),
  );
  return answer.ok ? accept({ ...answer.value, bib }) : answer;
}

export async function runnersByName(
  ctx: AppContext,
  request: { event_key: string; name: string },
): Promise<Outcome<Runner[]>> {
  const open = await eventOpenForSearch(ctx, request.event_key);
  if (!open.ok) return open;
  const event = open.value;
  if (!readsBibs(event)) return noBibSearch();
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
