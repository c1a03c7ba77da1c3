// The face search calls of SPEC §7: /v1/facesearch (highlight, older multipart search) and /v2/facesearch
// (sign the selfie upload, then search with it).
import { Hono } from 'hono';
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
import { respond } from '../services/outcome';
import { recordConsent, requireConsentFields } from '../services/privacy/consents';
import { postedSelfie } from './posted-selfie';
import { validate } from './validate';

export function faceSearchV1Routes(ctx: AppContext) {
  return new Hono()
    .post('/highlight', validate('json', highlightRequestSchema), async (c) => {
      const result = await highlights(ctx, c.req.valid('json').event_key);
      return respond(c, result, (body) => ({ status: 'success' as const, body }));
    })
    .post('/', async (c) => {
      const posted = await postedSelfie(c, faceSearchMultipartFieldsSchema);
      if (!posted.ok) return posted.response;
      const event = await eventOpenForFaceSearch(ctx, posted.fields.event_key);
      if (!event.ok) return respond(c, event);
      const given = requireConsentFields(posted.fields);
      if (!given.ok) return respond(c, given);
      const bytes = posted.bytes;
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
      // Our addition: the same photographer's frames a few seconds around the photos found.
      .post('/nearby', validate('json', nearbyFramesRequestSchema), async (c) => {
        const photos = await nearbyFrames(ctx, c.req.valid('json'));
        return respond(c, photos, (body) => ({ status: 'success' as const, body }));
      })
  );
}
