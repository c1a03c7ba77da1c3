// POST /v1/utils/conf (SPEC §7): the public settings the client needs, behind the application token.
import { Hono } from 'hono';
import { confRequestSchema } from '../../core/contract/utils';
import type { AppContext } from '../context';
import { readConf } from '../db/orders-repo';
import { tokenMatches, wrongToken } from '../services/orders';
import { respond } from '../services/outcome';
import { validate } from './validate';

export function utilsRoutes(ctx: AppContext) {
  return new Hono().post('/conf', validate('json', confRequestSchema), async (c) => {
    const { token, name } = c.req.valid('json');
    if (!tokenMatches(token, ctx.appToken)) return respond(c, wrongToken('token'));
    // An administrator's conf row wins (even "", which tells the client to alert the administrator).
    const value = (await readConf(ctx.db, name)) ?? ctx.payments.name;
    return c.json({ status: 'success' as const, body: { value } });
  });
}
