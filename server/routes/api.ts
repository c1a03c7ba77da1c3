// Every API area of SPEC §7, mounted under /api by app.ts.
import { Hono } from 'hono';
import type { ErrorAnswer } from '../../core/contract/common';
import type { AppContext } from '../context';
import { eventsRoutes } from './events';

export function apiRoutes(ctx: AppContext) {
  const api = new Hono();
  api.route('/v1/events', eventsRoutes(ctx));
  api.all('*', (c) =>
    c.json<ErrorAnswer>({ status: 'error', message: `no such call: ${c.req.method} ${c.req.path}` }, 404),
  );
  return api;
}
