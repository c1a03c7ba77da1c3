// The stage (manual) photo browsing calls of SPEC §7 under /api/v1/imagestage.
import { Hono } from 'hono';
import * as v from 'valibot';
import type { ErrorAnswer } from '../../core/contract/common';
import { imageStageCountRequestSchema, imageStagePageRequestSchema } from '../../core/contract/imagestage';
import type { AppContext } from '../context';
import { type Refusal, stagePhotoCount, stagePhotoPage } from '../services/imagestage';
import { validate } from './validate';

const isPositiveId = (n: number) => Number.isSafeInteger(n) && n >= 1;
const idMessage = 'must be a positive whole number';

// The contract accepts any number for the ids; only whole positive ones reach the service.
const isStage = (id: number | '') => id === '' || id === 0 || isPositiveId(id);
const stageMessage = `${idMessage}, or 0 / "" for every stage`;

const countRequestSchema = v.pipe(
  imageStageCountRequestSchema,
  v.forward(
    v.check((input) => isPositiveId(input.event_id), idMessage),
    ['event_id'],
  ),
  v.forward(
    v.check((input) => isStage(input.event_stages_id), stageMessage),
    ['event_stages_id'],
  ),
);
const pageRequestSchema = v.pipe(
  imageStagePageRequestSchema,
  v.forward(
    v.check((input) => isPositiveId(input.event_id), idMessage),
    ['event_id'],
  ),
  v.forward(
    v.check((input) => isStage(input.event_stages_id), stageMessage),
    ['event_stages_id'],
  ),
);

const refusal = ({ message, field }: Refusal): ErrorAnswer => ({ status: 'error', message, field });

export function imageStageRoutes(ctx: AppContext) {
  return new Hono()
    .post('/pagination-count', validate('json', countRequestSchema), async (c) => {
      const result = await stagePhotoCount(ctx, c.req.valid('json'));
      if (!result.ok) return c.json(refusal(result), result.status);
      return c.json({ status: 'success', body: [{ image_count: result.value }] });
    })
    .post('/pagination', validate('json', pageRequestSchema), async (c) => {
      const { page, page_size, ...query } = c.req.valid('json');
      const result = await stagePhotoPage(ctx, query, page, page_size);
      if (!result.ok) return c.json(refusal(result), result.status);
      return c.json({ status: 'success', body: result.value });
    });
}
