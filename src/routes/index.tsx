import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { hasSharedPhoto } from '../../sw/share-target';
import { HomeLoading, HomePage } from '../features/events/HomePage';
import { loadHome } from '../features/events/home-events';

const searchSchema = v.object({
  page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1),
  /** Set by the share target (sw/share-target.ts) when a photo was shared and no event was visited yet. */
  shared: v.fallback(v.optional(v.picklist(['1'])), undefined),
});

export const Route = createFileRoute('/')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ page: search.page, shared: search.shared }),
  loader: async ({ deps, context }) => ({
    ...(await loadHome(deps.page, context.page.carried)),
    sharedPhoto: deps.shared === '1' && (await hasSharedPhoto().catch(() => false)),
  }),
  pendingComponent: HomeLoading,
  component: function HomeRoute() {
    const { events, banners, soon, sharedPhoto } = Route.useLoaderData();
    return (
      <HomePage
        page={Route.useSearch().page}
        data={events}
        banners={banners}
        soon={soon}
        sharedPhoto={sharedPhoto}
      />
    );
  },
});
