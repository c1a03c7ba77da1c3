// POST /v1/utils/conf (SPEC §7): the public settings the client needs, behind the application token.
import { type Context, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ErrorAnswer } from '../../core/contract/common';
import { confRequestSchema } from '../../core/contract/utils';
import type { AppContext } from '../context';
import { readConf } from '../db/orders-repo';
import { tokenMatches } from '../services/orders';
import { validate } from './validate';

export function utilsRoutes(ctx: AppContext) {
  return new Hono()
    .post('/conf', validate('json', confRequestSchema), async (c) => {
      const { token, name } = c.req.valid('json');
      if (!tokenMatches(token, ctx.appToken)) {
        return c.json<ErrorAnswer>(
          { status: 'error', message: 'the application token is wrong', field: 'token' },
          401,
        );
      }
      // An administrator's conf row wins (even "", which tells the client to alert the administrator).
      const value = (await readConf(ctx.db, name)) ?? ctx.paymentGatewayName;
      return c.json({ status: 'success' as const, body: { value } });
    })
    .onError(answerErrors);
}

/**
 * Error handler for these routers, so they answer JSON however they are mounted: a malformed body is the 400 Hono
 * raises; anything else is a fault of ours.
 */
export function answerErrors(error: Error, c: Context) {
  if (error instanceof HTTPException) {
    return c.json<ErrorAnswer>({ status: 'error', message: error.message || 'bad request' }, error.status);
  }
  console.error(`${c.req.method} ${c.req.path} failed:`, error);
  return c.json<ErrorAnswer>({ status: 'error', message: 'internal error, please try again' }, 500);
}
