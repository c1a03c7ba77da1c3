// Our addition (issue 36): search by bib number, and find a runner's bib by name (core/contract/bibsearch.ts).
import { Hono } from 'hono';
import { bibSearchRequestSchema, runnerNamesRequestSchema } from '../../core/contract/bibsearch';
import type { AppContext } from '../context';
import { timedSearch } from '../ops/metrics';
import { type EventNameSearches, runnersByName, searchByBib } from '../services/bib-search';
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
    });
}
