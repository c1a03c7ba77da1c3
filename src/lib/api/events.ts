// The events calls of SPEC §7, typed by core/contract/events.
import { EVENTS_PAGE_SIZE } from '../../../core/constants';
import {
  type EventDetail,
  type EventSummary,
  eventDetailAnswerSchema,
  eventsBasePath,
  eventsPaginationAnswerSchema,
  eventsPaginationCountAnswerSchema,
} from '../../../core/contract/events';
import { getJson, postJson } from './client';

export async function fetchOnSaleEvents(page: number, signal?: AbortSignal): Promise<EventSummary[]> {
  const answer = await postJson(
    `${eventsBasePath}/pagination`,
    { page, page_size: EVENTS_PAGE_SIZE, page_tab: 'ON_SALE' },
    eventsPaginationAnswerSchema,
    signal,
  );
  return answer.body;
}

export async function fetchOnSaleCount(signal?: AbortSignal): Promise<number> {
  const answer = await postJson(
    `${eventsBasePath}/pagination-count`,
    { event_status: 'ON_SALE' },
    eventsPaginationCountAnswerSchema,
    signal,
  );
  return answer.body[0].event_count;
}

export async function fetchEvent(eventKey: string, signal?: AbortSignal): Promise<EventDetail> {
  const answer = await getJson(
    `${eventsBasePath}/${encodeURIComponent(eventKey)}`,
    eventDetailAnswerSchema,
    signal,
  );
  return answer.body;
}
