// The events calls of SPEC §7 under /api/v1/events. Fixed paths are registered before /:event_key, so an event
// whose key is one of them (slider-banner, soon, team, team-detail, event-key) could not be opened: the admin
// side must not give those keys.
import { Hono } from 'hono';
import * as v from 'valibot';
import { eventKeySchema } from '../../core/contract/common';
import {
  eventKeyParamSchema,
  eventsPaginationCountRequestSchema,
  eventsPaginationRequestSchema,
  freePhotoParamSchema,
} from '../../core/contract/events';
import {
  type EventsContext,
  eventDetail,
  eventKeyOfPhoto,
  imageTimes,
  onSaleCount,
  onSalePage,
  sliderBanners,
  teamDetail,
  teamEvents,
  upcoming,
} from '../services/events';
import { freePhotoAddress } from '../services/free-downloads';
import { respond } from '../services/outcome';
import { validate } from './validate';

const teamKeyParamSchema = v.object({ team_key: eventKeySchema });

export function eventsRoutes(ctx: EventsContext) {
  return (
    new Hono()
      .post('/pagination', validate('json', eventsPaginationRequestSchema), async (c) => {
        const { page, page_size } = c.req.valid('json');
        return c.json({ status: 'success', body: await onSalePage(ctx, page, page_size) });
      })
      .post('/pagination-count', validate('json', eventsPaginationCountRequestSchema), async (c) => {
        return c.json({ status: 'success', body: [{ event_count: await onSaleCount(ctx) }] });
      })
      .get('/slider-banner', async (c) => c.json({ status: 'success', body: await sliderBanners(ctx) }))
      .get('/soon', async (c) => c.json({ status: 'success', body: await upcoming(ctx) }))
      .get('/team/:team_key', validate('param', teamKeyParamSchema), async (c) => {
        return c.json({ status: 'success', body: await teamEvents(ctx, c.req.valid('param').team_key) });
      })
      .get('/team-detail/:team_key', validate('param', teamKeyParamSchema), async (c) => {
        return c.json({ status: 'success', body: await teamDetail(ctx, c.req.valid('param').team_key) });
      })
      // Any id is answered: "-" for one that names no photo (the client then loads nothing more).
      .get('/event-key/:photo_id', async (c) => {
        return c.json({
          status: 'success',
          body: { event_key: await eventKeyOfPhoto(ctx, c.req.param('photo_id')) },
        });
      })
      // A free event's photo, full size: a redirect to its signed address, never kept by a cache.
      .get('/:event_key/free-photos/:photo_id', validate('param', freePhotoParamSchema), async (c) => {
        const { event_key, photo_id } = c.req.valid('param');
        const address = await freePhotoAddress(ctx, event_key, photo_id);
        c.header('Cache-Control', 'no-store');
        return address.ok ? c.redirect(address.value, 302) : respond(c, address);
      })
      .get('/:event_key/image-time', validate('param', eventKeyParamSchema), async (c) => {
        const ranges = await imageTimes(ctx, c.req.valid('param').event_key);
        return respond(c, ranges, (body) => ({ status: 'success', body }));
      })
      .get('/:event_key', validate('param', eventKeyParamSchema), async (c) => {
        const event = await eventDetail(ctx, c.req.valid('param').event_key);
        return respond(c, event, (body) => ({ status: 'success', body }));
      })
  );
}
