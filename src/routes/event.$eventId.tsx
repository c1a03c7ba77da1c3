import { createFileRoute } from '@tanstack/react-router';
import { EventDetailPage } from '../features/event-extras/EventDetailPage';
import { EventLoading } from '../features/events/EventLoading';
import { loadEvent } from '../features/events/event-loader';

// /event/{event_id}: the event's race detail (SPEC §2). An unknown event goes to /404.
export const Route = createFileRoute('/event/$eventId')({
  loader: ({ params, context }) => loadEvent(params.eventId, context.page.carried),
  pendingComponent: EventLoading,
  pendingMs: 200,
  pendingMinMs: 300,
  component: function EventDetailRoute() {
    return <EventDetailPage data={Route.useLoaderData()} />;
  },
});
