// The stage (manual) photo browsing calls of SPEC §7 under /api/v1/imagestage.
import { Hono } from 'hono';
import * as v from 'valibot';
import { imageStageCountRequestSchema, imageStagePageRequestSchema } from '../../core/contract/imagestage';
import type { AppContext } from '../context';
import { stagePhotoCount, stagePhotoPage } from '../services/imagestage';
import { respond } from '../services/outcome';
import { validate } from './validate';

const isPositiveId = (n: number) => Number.isSafeInteger(n) && n >= 1;
const idMessage = 'must be a positive whole number';

// The contract accepts any number for the ids; only whole positive ones reach the service.
const isStage = (id: number | '') => id === '' || id === 0 || isPositiveId(id);
const stageMessage = `${idMessage}, or 0 / "" for every stage`;

type StageIds = { event_id: number; event_stages_id: number | '' };
/** A key of StageIds as a forward path: valibot cannot check a path against a generic output. */
const pathOf = (key: keyof StageIds) => [key] as never;

/** Both stage calls take the filter's ids only when whole and positive (0 / "" still meaning every stage). */
function withWholeIds<S extends v.GenericSchema<unknown, StageIds>>(schema: S) {
  type Value = v.InferOutput<S>;
  return v.pipe(
    schema,
    v.forward<Value, v.CheckIssue<Value>, ['event_id']>(
      v.check((input) => isPositiveId(input.event_id), idMessage),
      pathOf('event_id'),
    ),
    v.forward<Value, v.CheckIssue<Value>, ['event_stages_id']>(
      v.check((input) => isStage(input.event_stages_id), stageMessage),
      pathOf('event_stages_id'),
    ),
  );
}
const countRequestSchema = withWholeIds(imageStageCountRequestSchema);
const pageRequestSchema = withWholeIds(imageStagePageRequestSchema);

export function imageStageRoutes(ctx: AppContext) {
  return new Hono()
    .post('/pagination-count', validate('json', countRequestSchema), async (c) => {
      const result = await stagePhotoCount(ctx, c.req.valid('json'));
      return respond(c, result, (image_count) => ({ status: 'success', body: [{ image_count }] }));
    })
    .post('/pagination', validate('json', pageRequestSchema), async (c) => {
      const { page, page_size, ...query } = c.req.valid('json');
      const result = await stagePhotoPage(ctx, query, page, page_size);
      return respond(c, result, (body) => ({ status: 'success', body }));
    });
}
