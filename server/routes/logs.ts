// POST /v1/logs/: usage logs, fire-and-forget for the client (SPEC §7). Text only: never image data.
import { Hono } from 'hono';
import { logRequestSchema } from '../../core/contract/logs';
import type { AppContext } from '../context';
import { keepLog } from '../services/cart-logs';
import { validate } from './validate';

export function logsRoutes(ctx: AppContext) {
  return new Hono({ strict: false }).post('/', validate('json', logRequestSchema), async (c) => {
    await keepLog(ctx, c.req.valid('json'));
    return c.json({ status: 'success' as const });
  });
}
