// Our addition: photographers' uploads through their secret link (core/contract/uploads.ts).
import { Hono } from 'hono';
import {
  uploadDoneRequestSchema,
  uploadLinkParamSchema,
  uploadSignRequestSchema,
} from '../../core/contract/uploads';
import type { AppContext } from '../context';
import { describeUploadLink, finishPhotoUpload, signPhotoUpload } from '../services/live-uploads';
import { respond } from '../services/outcome';
import { validate } from './validate';

export function uploadRoutes(ctx: AppContext) {
  return new Hono()
    .get('/:secret', validate('param', uploadLinkParamSchema), async (c) => {
      const link = await describeUploadLink(ctx, c.req.valid('param').secret);
      return respond(c, link, (body) => ({ status: 'success' as const, body }));
    })
    .post(
      '/:secret/sign',
      validate('param', uploadLinkParamSchema),
      validate('json', uploadSignRequestSchema),
      async (c) => respond(c, await signPhotoUpload(ctx, c.req.valid('param').secret, c.req.valid('json'))),
    )
    .post(
      '/:secret/done',
      validate('param', uploadLinkParamSchema),
      validate('json', uploadDoneRequestSchema),
      async (c) => respond(c, await finishPhotoUpload(ctx, c.req.valid('param').secret, c.req.valid('json'))),
    );
}
