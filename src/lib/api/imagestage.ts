// The stage (manual) photo calls of SPEC §7, typed by core/contract/imagestage.
import type * as v from 'valibot';
import { MANUAL_PAGE_SIZE } from '../../../core/constants';
import { imageTimeAnswerSchema, type imageTimeSchema } from '../../../core/contract/events';
import {
  imageStageBasePath,
  imageStageCountAnswerSchema,
  imageStagePageAnswerSchema,
} from '../../../core/contract/imagestage';
import type { Photo } from '../../../core/contract/photos';
import { getJson, postJson } from './client';

/** One time range photos were taken in: a label ("08:00-09:00", Thai time) and its instants. */
export type ImageTime = v.InferOutput<typeof imageTimeSchema>;

/** The filter of a stage search: a stage id ("" for every stage) and a time range ("" or "start/end"). */
export interface StageFilter {
  eventId: number;
  stageId: number | '';
  duration: string;
}

const filterBody = (filter: StageFilter) => ({
  event_id: filter.eventId,
  event_stages_id: filter.stageId,
  event_image_duration: filter.duration,
});

/** GET /v1/events/{key}/image-time: the hours photos were taken in. */
export async function fetchImageTimes(eventKey: string, signal?: AbortSignal): Promise<ImageTime[]> {
  const path = `/v1/events/${encodeURIComponent(eventKey)}/image-time`;
  return (await getJson(path, imageTimeAnswerSchema, signal)).body;
}

export async function fetchStagePhotoCount(filter: StageFilter, signal?: AbortSignal): Promise<number> {
  const answer = await postJson(
    `${imageStageBasePath}/pagination-count`,
    filterBody(filter),
    imageStageCountAnswerSchema,
    signal,
  );
  return answer.body[0].image_count;
}

export async function fetchStagePhotoPage(
  filter: StageFilter & { eventKey: string; page: number; total?: number },
  signal?: AbortSignal,
): Promise<Photo[]> {
  const answer = await postJson(
    `${imageStageBasePath}/pagination`,
    {
      ...filterBody(filter),
      event_key: filter.eventKey,
      page: filter.page,
      page_size: MANUAL_PAGE_SIZE,
      ...(filter.total === undefined ? {} : { total: filter.total }),
    },
    imageStagePageAnswerSchema,
    signal,
  );
  return answer.body;
}
