import { createFileRoute } from '@tanstack/react-router';
import { EventLoading } from '../features/events/EventLoading';
import { EventPage } from '../features/events/EventPage';
import { loadEvent } from '../features/events/event-loader';

export const Route = createFileRoute('/$eventId')({
  loader: ({ params, context }) => loadEvent(params.eventId, context.page.carried),
  pendingComponent: EventLoading,
  // A quick answer shows no loading text; a slow one shows it long enough to be read.
  pendingMs: 200,
  pendingMinMs: 300,
  component: function EventRoute() {
    return <EventPage data={Route.useLoaderData()} />;
  },
});
