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
import { type CallFrom, getJson, postJson } from './client';

export async function fetchOnSaleEvents(page: number, from?: CallFrom): Promise<EventSummary[]> {
  const answer = await postJson(
    `${eventsBasePath}/pagination`,
    { page, page_size: EVENTS_PAGE_SIZE, page_tab: 'ON_SALE' },
    eventsPaginationAnswerSchema,
    from,
  );
  return answer.body;
}

export async function fetchOnSaleCount(from?: CallFrom): Promise<number> {
  const answer = await postJson(
    `${eventsBasePath}/pagination-count`,
    { event_status: 'ON_SALE' },
    eventsPaginationCountAnswerSchema,
    from,
  );
  return answer.body[0].event_count;
}

export async function fetchEvent(eventKey: string, from?: CallFrom): Promise<EventDetail> {
  const answer = await getJson(
    `${eventsBasePath}/${encodeURIComponent(eventKey)}`,
    eventDetailAnswerSchema,
    from,
  );
  return answer.body;
}

export async function fetchBanners(from?: CallFrom): Promise<Banner[]> {
  return (await getJson(`${eventsBasePath}/slider-banner`, sliderBannerAnswerSchema, from)).body;
}

export async function fetchSoonEvents(from?: CallFrom): Promise<EventSummary[]> {
  return (await getJson(`${eventsBasePath}/soon`, soonAnswerSchema, from)).body;
}

export async function fetchTeamEvents(teamKey: string, from?: CallFrom): Promise<EventSummary[]> {
  const path = `${eventsBasePath}/team/${encodeURIComponent(teamKey)}`;
  return (await getJson(path, teamEventsAnswerSchema, from)).body;
}

/** The team, or undefined when the key is unknown (the server answers an empty list). */
export async function fetchTeam(teamKey: string, from?: CallFrom): Promise<Team | undefined> {
  const path = `${eventsBasePath}/team-detail/${encodeURIComponent(teamKey)}`;
  return (await getJson(path, teamDetailAnswerSchema, from)).body[0];
}
