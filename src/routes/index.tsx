import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { HomeLoading, HomePage } from '../features/events/HomePage';
import { loadHome } from '../features/events/home-events';

const searchSchema = v.object({
  page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1),
});

export const Route = createFileRoute('/')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ deps }) => loadHome(deps.page),
  pendingComponent: HomeLoading,
  component: function HomeRoute() {
    const { events, banners, soon } = Route.useLoaderData();
    return <HomePage page={Route.useSearch().page} data={events} banners={banners} soon={soon} />;
  },
});
