// The face search calls of SPEC §7: /v1/facesearch (highlight, older multipart search) and /v2/facesearch
// (sign the selfie upload, then search with it).
import { Hono } from 'hono';
import * as v from 'valibot';
import { UPLOAD_MAX_BYTES } from '../../core/constants';
import {
  faceSearchMultipartFieldsSchema,
  faceSearchRequestSchema,
  highlightRequestSchema,
  nearbyFramesRequestSchema,
  photoFacesParamSchema,
  photoFacesQuerySchema,
  signRequestSchema,
  similarSearchRequestSchema,
} from '../../core/contract/facesearch';
import { faceConsentSchema } from '../../core/contract/privacy';
import type { AppContext } from '../context';
import { timedSearch } from '../ops/metrics';
import {
  eventOpenForFaceSearch,
  facesInPhoto,
  highlights,
  searchPostedSelfie,
  searchSimilar,
  searchUploadedSelfie,
  signSelfieUpload,
} from '../services/face-search';
import { nearbyFrames } from '../services/nearby-frames';
import { refuse, respond } from '../services/outcome';
import { recordConsent, requireConsent } from '../services/privacy/consents';
import { refusal, validate } from './validate';

export function faceSearchV1Routes(ctx: AppContext) {
  return new Hono()
    .post('/highlight', validate('json', highlightRequestSchema), async (c) => {
      const result = await highlights(ctx, c.req.valid('json').event_key);
      return respond(c, result, (body) => ({ status: 'success' as const, body }));
    })
    .post('/', async (c) => {
      const form = await c.req.parseBody().catch(() => undefined);
      if (!form) return respond(c, refuse(400, 'send the photo as multipart/form-data', { field: 'file' }));
      const fields = v.safeParse(faceSearchMultipartFieldsSchema, {
        ...Object.fromEntries(Object.entries(form).filter(([, value]) => typeof value === 'string')),
      });
      if (!fields.success) return c.json(refusal(fields.issues), 400);
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
      const event = await eventOpenForFaceSearch(ctx, fields.output.event_key);
      if (!event.ok) return respond(c, event);
      const consent = v.safeParse(faceConsentSchema, {
        version: fields.output.consent_version,
        device: fields.output.consent_device,
      });
      const given = requireConsent(consent.success ? consent.output : undefined);
      if (!given.ok) return respond(c, given);
      const bytes = new Uint8Array(await file.arrayBuffer());
      await recordConsent(ctx, {
        purpose: 'face-search',
        consent: given.value,
        eventId: event.value.event_id,
      });
      return respond(c, await timedSearch('face', () => searchPostedSelfie(ctx, event.value, bytes)));
    });
}

export function faceSearchV2Routes(ctx: AppContext) {
  return (
    new Hono()
      .post('/sign', validate('json', signRequestSchema), async (c) =>
        respond(c, await signSelfieUpload(ctx, c.req.valid('json'))),
      )
      .post('/', validate('json', faceSearchRequestSchema), async (c) =>
        respond(c, await timedSearch('face', () => searchUploadedSelfie(ctx, c.req.valid('json')))),
      )
      // Our addition ("more like this one", core/contract/facesearch.ts): a result photo's faces, and a search with one.
      .get(
        '/faces/:photo_id',
        validate('param', photoFacesParamSchema),
        validate('query', photoFacesQuerySchema),
        async (c) => {
          const faces = await facesInPhoto(ctx, c.req.valid('param').photo_id, c.req.valid('query').pass);
          return respond(c, faces, (body) => ({ status: 'success' as const, body }));
        },
      )
      .post('/similar', validate('json', similarSearchRequestSchema), async (c) =>
        respond(c, await searchSimilar(ctx, c.req.valid('json'))),
      )
      // Our addition (issue 17): the same photographer's frames a few seconds around the photos found.
      .post('/nearby', validate('json', nearbyFramesRequestSchema), async (c) => {
        const photos = await nearbyFrames(ctx, c.req.valid('json'));
        return respond(c, photos, (body) => ({ status: 'success' as const, body }));
      })
  );
}
