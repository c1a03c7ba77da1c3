// The events calls of SPEC §7, typed by core/contract/events.
import { EVENTS_PAGE_SIZE } from '../../../core/constants';
import {
  type Banner,
  type EventDetail,
  type EventSummary,
  eventDetailAnswerSchema,
  eventsBasePath,
  eventsPaginationAnswerSchema,
  eventsPaginationCountAnswerSchema,
  sliderBannerAnswerSchema,
  soonAnswerSchema,
  type Team,
  teamDetailAnswerSchema,
  teamEventsAnswerSchema,
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

export async function fetchBanners(signal?: AbortSignal): Promise<Banner[]> {
  return (await getJson(`${eventsBasePath}/slider-banner`, sliderBannerAnswerSchema, signal)).body;
}

export async function fetchSoonEvents(signal?: AbortSignal): Promise<EventSummary[]> {
  return (await getJson(`${eventsBasePath}/soon`, soonAnswerSchema, signal)).body;
}

export async function fetchTeamEvents(teamKey: string, signal?: AbortSignal): Promise<EventSummary[]> {
  const path = `${eventsBasePath}/team/${encodeURIComponent(teamKey)}`;
  return (await getJson(path, teamEventsAnswerSchema, signal)).body;
}

/** The team, or undefined when the key is unknown (the server answers an empty list). */
export async function fetchTeam(teamKey: string, signal?: AbortSignal): Promise<Team | undefined> {
  const path = `${eventsBasePath}/team-detail/${encodeURIComponent(teamKey)}`;
  return (await getJson(path, teamDetailAnswerSchema, signal)).body[0];
}
