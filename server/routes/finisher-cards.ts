// Our addition: a runner's finisher card (core/contract/finisher-card.ts): its signed address, and the card itself.
import { Hono } from 'hono';
import { finisherCardRequestSchema } from '../../core/contract/finisher-card';
import type { AppContext } from '../context';
import { finisherCardAddress, finisherCardImage } from '../services/finisher-cards';
import { respond } from '../services/outcome';
import { validate } from './validate';

export function finisherCardRoutes(ctx: AppContext) {
  return new Hono()
    .post('/', validate('json', finisherCardRequestSchema), async (c) =>
      respond(c, await finisherCardAddress(ctx, c.req.valid('json'))),
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
