// A person's own data (DESIGN §6): a one-time code to their phone or e-mail, the code typed, then what is held under
// it (seen, downloaded) and its erasure (core/contract/privacy.ts, privacy-data.ts).
import { Hono } from 'hono';
import { privacyAccessRequestSchema, privacyCodeRequestSchema } from '../../core/contract/privacy';
import { privacyVerifyWithDestinationSchema } from '../../core/contract/privacy-data';
import type { AppContext } from '../context';
import { respond } from '../services/outcome';
import { type CodeSenders, requestCode, verifyCode } from '../services/privacy/codes';
import { eraseHeld } from '../services/privacy/erase';
import { exportHeld } from '../services/privacy/my-data';
import type { ApiLimits } from './api';
import { validate } from './validate';

/** The store's senders of codes (AppContext.senders: its SMTP and SMS provider), read at each request. */
export const codeSendersOf = (ctx: AppContext): CodeSenders => ctx.senders ?? {};

export function privacyDataRoutes(ctx: AppContext, limits: Pick<ApiLimits, 'clientOf'>) {
  const success = <T>(body: T) => ({ status: 'success' as const, body });
  return new Hono()
    .post('/code', validate('json', privacyCodeRequestSchema), async (c) =>
      respond(
        c,
        await requestCode(ctx, codeSendersOf(ctx), c.req.valid('json'), limits.clientOf(c)),
        success,
      ),
    )
    .post('/verify', validate('json', privacyVerifyWithDestinationSchema), async (c) =>
      respond(c, await verifyCode(ctx, c.req.valid('json')), success),
    )
    .post('/data', validate('json', privacyAccessRequestSchema), async (c) =>
      respond(c, await exportHeld(ctx, c.req.valid('json').access), success),
    )
    .post('/erase', validate('json', privacyAccessRequestSchema), async (c) =>
      respond(c, await eraseHeld(ctx, c.req.valid('json').access), success),
    );
}
