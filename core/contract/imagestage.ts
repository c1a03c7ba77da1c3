// The stage (manual) photo browsing calls of SPEC §7.
import * as v from 'valibot';
import { MANUAL_PAGE_SIZE } from '../constants';
import { eventKeySchema, successAnswerSchema } from './common';
import { photoSchema } from './photos';

export const imageStageBasePath = '/v1/imagestage';

const idSchema = v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/))]), v.transform(Number));

/** A time range "start/end" (ISO instants) from the image-time call, or "" for the whole day. */
export const imageDurationSchema = v.pipe(
  v.string(),
  v.maxLength(80),
  v.check((s) => s === '' || /^[^/]+\/[^/]+$/.test(s), 'must be "" or "start/end"'),
  v.check((s) => s === '' || s.split('/').every((t) => !Number.isNaN(Date.parse(t))), 'has an invalid time'),
);

const filterEntries = {
  event_id: idSchema,
  /** A stage id, or 0 / "" for every stage. */
  event_stages_id: v.optional(v.union([idSchema, v.literal('')]), ''),
  event_image_duration: v.optional(imageDurationSchema, ''),
};

/** POST /v1/imagestage/pagination-count */
export const imageStageCountRequestSchema = v.object(filterEntries);
export const imageStageCountAnswerSchema = successAnswerSchema(
  v.tuple([v.object({ image_count: v.number() })]),
);

/** POST /v1/imagestage/pagination */
export const imageStagePageRequestSchema = v.object({
  ...filterEntries,
  event_key: eventKeySchema,
  page: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)),
  page_size: v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MANUAL_PAGE_SIZE)),
    MANUAL_PAGE_SIZE,
  ),
  total: v.optional(v.number()),
});
export const imageStagePageAnswerSchema = successAnswerSchema(v.array(photoSchema));
