import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { HomeLoading, HomePage } from '../features/events/HomePage';
import { loadHomeEvents } from '../features/events/home-events';

const searchSchema = v.object({
  page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1),
});

export const Route = createFileRoute('/')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ deps }) => loadHomeEvents(deps.page),
  pendingComponent: HomeLoading,
  component: function HomeRoute() {
    return <HomePage page={Route.useSearch().page} data={Route.useLoaderData()} />;
  },
});
