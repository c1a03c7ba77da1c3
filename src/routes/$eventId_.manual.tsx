import { createFileRoute } from '@tanstack/react-router';
import { EventLoading } from '../features/events/EventLoading';
import { loadEvent } from '../features/events/event-loader';
import { StagePage } from '../features/stage/StagePage';

// {event_id}/manual: pick photos by stage and time (SPEC §2 Stage page). An unknown event goes to /404.
export const Route = createFileRoute('/$eventId_/manual')({
  loader: ({ params, context }) => loadEvent(params.eventId, context.page.carried),
  pendingComponent: EventLoading,
  pendingMs: 200,
  pendingMinMs: 300,
  component: function StageRoute() {
    return <StagePage data={Route.useLoaderData()} />;
  },
});
