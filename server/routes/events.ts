// The events calls of SPEC §7 under /api/v1/events.
import { Hono } from 'hono';
import {
  eventKeyParamSchema,
  eventsPaginationCountRequestSchema,
  eventsPaginationRequestSchema,
} from '../../core/contract/events';
import { type EventsContext, eventDetail, onSaleCount, onSalePage } from '../services/events';
import { validate } from './validate';

export function eventsRoutes(ctx: EventsContext) {
  return new Hono()
    .post('/pagination', validate('json', eventsPaginationRequestSchema), async (c) => {
      const { page, page_size } = c.req.valid('json');
      return c.json({ status: 'success', body: await onSalePage(ctx, page, page_size) });
    })
    .post('/pagination-count', validate('json', eventsPaginationCountRequestSchema), async (c) => {
      return c.json({ status: 'success', body: [{ event_count: await onSaleCount(ctx) }] });
    })
    .get('/:event_key', validate('param', eventKeyParamSchema), async (c) => {
      const event = await eventDetail(ctx, c.req.valid('param').event_key);
      if (!event) return c.json({ status: 'error', message: 'event not found', field: 'event_key' }, 404);
      return c.json({ status: 'success', body: event });
    });
}
