// The stage page's filter (SPEC §2 Stage page, §7 imagestage calls, §9): what the two dropdowns mean to the calls,
// and how many pages a count makes. Pure, so the page only wires it.
import { MANUAL_PAGE_SIZE } from '../../../core/constants';
import type { ImageTime } from '../../lib/api/imagestage';
import { pageCount } from '../../lib/pager';

/** The dropdowns' values: "" is "every stage" / "the whole day". */
export interface StageChoice {
  stage: string;
  time: string;
}

export const EVERY = '';

/** A time option's value: the range as the calls take it ("start/end"). */
export const timeValue = (time: ImageTime): string => `${time.start}/${time.end}`;

/** The calls' filter for a choice; a stage or time that is not one of the event's own counts as "every". */
export function stageFilter(
  eventId: number,
  choice: StageChoice,
  stageIds: readonly number[],
  times: readonly ImageTime[],
): { eventId: number; stageId: number | ''; duration: string } {
  const stageId = Number(choice.stage);
  const knownStage = choice.stage !== EVERY && stageIds.includes(stageId);
  const knownTime = times.some((t) => timeValue(t) === choice.time);
  return { eventId, stageId: knownStage ? stageId : '', duration: knownTime ? choice.time : '' };
}

/** Pages of a stage search: 200 photos a page, rounded up. */
export const stagePageCount = (total: number): number => pageCount(total, MANUAL_PAGE_SIZE);
