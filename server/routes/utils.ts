// POST /v1/utils/conf (SPEC §7): the public settings the client needs, behind the application token.
import { Hono } from 'hono';
import { confRequestSchema } from '../../core/contract/utils';
import type { AppContext } from '../context';
import { confValue } from '../services/conf';
import { tokenMatches, wrongToken } from '../services/orders';
import { respond } from '../services/outcome';
import { validate } from './validate';

export function utilsRoutes(ctx: AppContext) {
  return new Hono().post('/conf', validate('json', confRequestSchema), async (c) => {
    const { token, name } = c.req.valid('json');
    if (!tokenMatches(token, ctx.appToken)) return respond(c, wrongToken('token'));
    const value = await confValue(ctx, name);
    return c.json({ status: 'success' as const, body: { value } });
  });
}
