// Our addition: search by bib number, find a runner's bib by name, and the photos a bib search's runner is likely in
// too (core/contract/bibsearch.ts).
import { Hono } from 'hono';
import {
  bibNearbyRequestSchema,
  bibSearchRequestSchema,
  runnerNamesRequestSchema,
} from '../../core/contract/bibsearch';
import type { AppContext } from '../context';
import { timedSearch } from '../ops/metrics';
import { type EventNameSearches, runnersByName, searchByBib } from '../services/bib-search';
import { bibNearbyFrames } from '../services/nearby-frames';
import { respond } from '../services/outcome';
import { validate } from './validate';

/** `searchesOfEvent`: each event's day of name searches (api.ts, beside the per-client limit). */
export function bibSearchRoutes(ctx: AppContext, searchesOfEvent: EventNameSearches) {
  return new Hono()
    .post('/', validate('json', bibSearchRequestSchema), async (c) =>
      respond(c, await timedSearch('bib', () => searchByBib(ctx, c.req.valid('json')))),
    )
    .post('/runners', validate('json', runnerNamesRequestSchema), async (c) => {
      const runners = await runnersByName(ctx, c.req.valid('json'), searchesOfEvent);
      return respond(c, runners, (body) => ({ status: 'success' as const, body }));
    })
    .post('/nearby', validate('json', bibNearbyRequestSchema), async (c) => {
      const photos = await bibNearbyFrames(ctx, c.req.valid('json'));
      return respond(c, photos, (body) => ({ status: 'success' as const, body }));
    });
}
