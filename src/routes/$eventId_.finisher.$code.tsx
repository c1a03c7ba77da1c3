import { createFileRoute } from '@tanstack/react-router';
import { FinisherPage } from '../features/finisher/FinisherPage';
import { loadFinisherPage } from '../features/finisher/finisher-loader';

// {event}/finisher/{code}: a runner's public finisher page.
export const Route = createFileRoute('/$eventId_/finisher/$code')({
  loader: ({ params, context }) => loadFinisherPage(params.eventId, params.code, context.page.carried),
  component: function FinisherRoute() {
    return <FinisherPage data={Route.useLoaderData()} code={Route.useParams().code} />;
  },
});
