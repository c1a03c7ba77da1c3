import { createFileRoute } from '@tanstack/react-router';
import { EventPage } from '../features/events/EventPage';
import { loadEvent } from '../features/events/event-loader';
import { HomeLoading } from '../features/events/HomePage';

export const Route = createFileRoute('/$eventId')({
  loader: ({ params }) => loadEvent(params.eventId),
  pendingComponent: HomeLoading,
  component: function EventRoute() {
    return <EventPage data={Route.useLoaderData()} />;
  },
});
