import { createFileRoute } from '@tanstack/react-router';
import { EventLoading } from '../features/events/EventLoading';
import { loadEvent } from '../features/events/event-loader';
import { WholesalePage } from '../features/wholesale/WholesalePage';

// {event_id}/wholesale: the unlimited package across all photographers of a hybrid event.
export const Route = createFileRoute('/$eventId_/wholesale')({
  loader: ({ params, context }) => loadEvent(params.eventId, context.page.carried),
  pendingComponent: EventLoading,
  pendingMs: 200,
  pendingMinMs: 300,
  component: function WholesaleRoute() {
    return <WholesalePage data={Route.useLoaderData()} />;
  },
});
