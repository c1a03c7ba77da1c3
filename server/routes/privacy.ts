// A runner's own word about their face (core/contract/privacy.ts): withdrawing the face consent a device gave;
// removing their face from search with a selfie, after a one-time code to their phone or e-mail; undoing it the
// same way.
import { Hono } from 'hono';
import {
  privacyAccessRequestSchema,
  removalFieldsSchema,
  withdrawRequestSchema,
} from '../../core/contract/privacy';
import type { AppContext } from '../context';
import { describeSelfie } from '../services/face-search';
import { respond } from '../services/outcome';
import { readAccess } from '../services/privacy/access';
import { requireConsentFields, withdrawConsent } from '../services/privacy/consents';
import { removeFace, undoRemovals } from '../services/privacy/face-removal';
import { PRIVACY_REQUEST_ACTOR } from '../services/privacy/my-data';
import { postedSelfie } from './posted-selfie';
import { validate } from './validate';

const success = <T>(body: T) => ({ status: 'success' as const, body });

export function privacyRoutes(ctx: AppContext) {
  return new Hono()
    .post('/withdraw', validate('json', withdrawRequestSchema), async (c) =>
      respond(c, await withdrawConsent(ctx, c.req.valid('json').device), success),
    )
    .post('/removal', async (c) => {
      const posted = await postedSelfie(c, removalFieldsSchema);
      if (!posted.ok) return posted.response;
      const access = readAccess(ctx, posted.fields.access, 'removal');
      if (!access.ok) return respond(c, access);
      const given = requireConsentFields(posted.fields);
      if (!given.ok) return respond(c, given);
      const face = await describeSelfie(ctx, posted.bytes);
      if (!face.ok) return respond(c, face);
      const removed = await removeFace(ctx, {
        descriptor: face.value,
        contactKey: access.value.key,
        contactMasked: access.value.masked,
        language: posted.fields.language,
        consent: given.value,
        actor: PRIVACY_REQUEST_ACTOR,
      });
      return c.json(success(removed));
    })
    .post('/removal/undo', validate('json', privacyAccessRequestSchema), async (c) => {
      const access = readAccess(ctx, c.req.valid('json').access, 'undo-removal');
      if (!access.ok) return respond(c, access);
      return respond(
        c,
        await undoRemovals(ctx, { contactKey: access.value.key, by: 'runner' }, PRIVACY_REQUEST_ACTOR),
        success,
      );
    });
}
