// The stage (manual) photo browsing calls of SPEC §7.
import * as v from 'valibot';
import { MANUAL_PAGE_SIZE } from '../constants';
import { eventKeySchema, looseIdSchema as idSchema, successAnswerSchema } from './common';
import { photoSchema } from './photos';

export const imageStageBasePath = '/v1/imagestage';

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
  event_stages_id: v.optional(
    v.union([
      v.literal(''),
      v.pipe(
        v.union([v.literal(0), v.literal('0')]),
        v.transform(() => 0 as const),
      ),
      idSchema,
    ]),
    '',
  ),
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
