// Our addition: runners' alerts of new photos (core/contract/alerts.ts).
import { Hono } from 'hono';
import { alertConfirmRequestSchema, alertParamSchema, alertRequestSchema } from '../../core/contract/alerts';
import type { AppContext } from '../context';
import {
  alertPhotos,
  confirmAlertEmail,
  createAlert,
  describeAlert,
  stopAlertByToken,
} from '../services/alerts/alerts';
import { newPushKeyPair, type PushKeys } from '../services/alerts/push-keys';
import { respond } from '../services/outcome';
import { type ApiLimits, searchedKey } from './api';
import { validate } from './validate';

/** E-mail alerts are asked for by a client that searched the event, a few a day (routes/api.ts LIMITS). */
type AskerLimits = Pick<ApiLimits, 'clientOf' | 'alertEmails' | 'searched'>;

export function alertRoutes(ctx: AppContext, limits: AskerLimits) {
  // A store without its alert settings (tests): keys of its own for as long as it runs.
  const ownKeys: PushKeys = { ...newPushKeyPair(), subject: 'mailto:no-reply@runfoto.local' };
  const pushKeys = async () => (ctx.alerts ? ctx.alerts.pushKeys() : ownKeys);
  const state = <T>(body: T) => ({ status: 'success' as const, body });
  return new Hono()
    .get('/push-key', async (c) =>
      c.json({ status: 'success', body: { public_key: (await pushKeys()).publicKey } }),
    )
    .post('/', validate('json', alertRequestSchema), async (c) => {
      const client = limits.clientOf(c);
      const asker = {
        searched: (eventKey: string) => limits.searched.seen(searchedKey(client, eventKey)),
        takeEmailAlert: () => limits.alertEmails.take(client),
      };
      const made = await createAlert(
        ctx,
        { canEmail: ctx.alerts?.canEmail ?? false, asker },
        c.req.valid('json'),
      );
      return respond(c, made, state);
    })
    .post('/confirm', validate('json', alertConfirmRequestSchema), async (c) =>
      respond(c, await confirmAlertEmail(ctx, c.req.valid('json').secret), state),
    )
    .get('/:token', validate('param', alertParamSchema), async (c) =>
      respond(c, await describeAlert(ctx, c.req.valid('param').token), state),
    )
    .get('/:token/photos', validate('param', alertParamSchema), async (c) =>
      respond(c, await alertPhotos(ctx, c.req.valid('param').token)),
    )
    .post('/:token/stop', validate('param', alertParamSchema), async (c) =>
      respond(c, await stopAlertByToken(ctx, c.req.valid('param').token), state),
    );
}
