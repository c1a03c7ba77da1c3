// A runner's own word about their face (core/contract/privacy.ts): withdrawing the face consent a device gave;
// removing their face from search with a selfie, after a one-time code to their phone or e-mail; undoing it the
// same way.
import { Hono } from 'hono';
import * as v from 'valibot';
import { UPLOAD_MAX_BYTES } from '../../core/constants';
import {
  faceConsentSchema,
  privacyAccessRequestSchema,
  removalFieldsSchema,
  withdrawRequestSchema,
} from '../../core/contract/privacy';
import type { AppContext } from '../context';
import { describeSelfie } from '../services/face-search';
import { refuse, respond } from '../services/outcome';
import { readAccess } from '../services/privacy/access';
import { requireConsent, withdrawConsent } from '../services/privacy/consents';
import { removeFace, undoRemovals } from '../services/privacy/face-removal';
import { PRIVACY_REQUEST_ACTOR } from '../services/privacy/my-data';
import { refusal, validate } from './validate';

const success = <T>(body: T) => ({ status: 'success' as const, body });

export function privacyRoutes(ctx: AppContext) {
  return new Hono()
    .post('/withdraw', validate('json', withdrawRequestSchema), async (c) =>
      respond(c, await withdrawConsent(ctx, c.req.valid('json').device), success),
    )
    .post('/removal', async (c) => {
      const form = await c.req.parseBody().catch(() => undefined);
      if (!form) return respond(c, refuse(400, 'send the photo as multipart/form-data', { field: 'file' }));
      const fields = v.safeParse(
        removalFieldsSchema,
        Object.fromEntries(Object.entries(form).filter(([, value]) => typeof value === 'string')),
      );
      if (!fields.success) return c.json(refusal(fields.issues), 400);
      const access = readAccess(ctx, fields.output.access, 'removal');
      if (!access.ok) return respond(c, access);
      const consent = v.safeParse(faceConsentSchema, {
        version: fields.output.consent_version,
        device: fields.output.consent_device,
      });
      const given = requireConsent(consent.success ? consent.output : undefined);
      if (!given.ok) return respond(c, given);
      const file = form.file;
      if (!(file instanceof File)) return respond(c, refuse(400, 'file: is required', { field: 'file' }));
      if (file.size >= UPLOAD_MAX_BYTES) {
        return respond(
          c,
          refuse(413, 'please upload file smaller than 5MB', {
            field: 'file',
            code: 'too-large',
            th: 'กรุณาอัปโหลดไฟล์ที่มีขนาดเล็กกว่า 5MB',
          }),
        );
      }
      const face = await describeSelfie(ctx, new Uint8Array(await file.arrayBuffer()));
      if (!face.ok) return respond(c, face);
      const removed = await removeFace(ctx, {
        descriptor: face.value,
        contactKey: access.value.key,
        contactMasked: access.value.masked,
        language: fields.output.language,
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
