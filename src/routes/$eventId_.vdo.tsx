import { createFileRoute } from '@tanstack/react-router';
import { EventVideosPage } from '../features/event-extras/EventVideosPage';
import { EventLoading } from '../features/events/EventLoading';
import { loadEvent } from '../features/events/event-loader';

// {event_id}/vdo: the event's videos (SPEC §2). An unknown event goes to /404.
export const Route = createFileRoute('/$eventId_/vdo')({
  loader: ({ params, context }) => loadEvent(params.eventId, context.page.carried),
  pendingComponent: EventLoading,
  pendingMs: 200,
  pendingMinMs: 300,
  component: function EventVideosRoute() {
    return <EventVideosPage data={Route.useLoaderData()} />;
  },
});
