// Our addition: a runner's finisher card (core/contract/finisher-card.ts): its signed address, and the card itself.
import { Hono } from 'hono';
import * as v from 'valibot';
import { eventKeySchema } from '../../core/contract/common';
import {
  finisherCardRequestSchema,
  finisherPageCodeSchema,
  finisherPageRemoveSchema,
  finisherPageRequestSchema,
} from '../../core/contract/finisher-card';
import type { AppContext } from '../context';
import { finisherCardAddress, finisherCardImage } from '../services/finisher-cards';
import { finisherPage, makeFinisherPage, removeFinisherPage } from '../services/finisher-pages';
import { respond } from '../services/outcome';
import { validate } from './validate';

export function finisherCardRoutes(ctx: AppContext) {
  return new Hono()
    .post('/', validate('json', finisherCardRequestSchema), async (c) =>
      respond(c, await finisherCardAddress(ctx, c.req.valid('json'))),
    )
    .post('/page', validate('json', finisherPageRequestSchema), async (c) =>
      respond(c, await makeFinisherPage(ctx, c.req.valid('json'))),
    )
    .get('/:token', async (c) => {
      const card = await finisherCardImage(ctx, c.req.param('token'));
      if (!card.ok) return respond(c, card);
      return c.body(new Uint8Array(card.value.bytes), 200, {
        'content-type': 'image/jpeg',
        // The runner's name and time: never kept by a shared cache, nor by the browser's.
        'cache-control': 'private, no-store',
        'content-disposition': `inline; filename="${card.value.fileName}"`,
      });
    });
}

/** A runner's public finisher page: what it shows (anyone with its address), and its removal (with its secret). */
export function finisherPageRoutes(ctx: AppContext) {
  return new Hono()
    .post('/remove', validate('json', finisherPageRemoveSchema), async (c) =>
      respond(c, await removeFinisherPage(ctx, c.req.valid('json'))),
    )
    .get(
      '/:event/:code',
      validate('param', v.object({ event: eventKeySchema, code: finisherPageCodeSchema })),
      async (c) => {
        const { event, code } = c.req.valid('param');
        return respond(c, await finisherPage(ctx, event, code));
      },
    );
}
