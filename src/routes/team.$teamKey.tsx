import { createFileRoute } from '@tanstack/react-router';
import { TeamLoading, TeamPage } from '../features/team/TeamPage';
import { loadTeam } from '../features/team/team-loader';

export const Route = createFileRoute('/team/$teamKey')({
  loader: ({ params, context }) => loadTeam(params.teamKey, context.page.carried),
  pendingComponent: TeamLoading,
  component: function TeamRoute() {
    return <TeamPage data={Route.useLoaderData()} />;
  },
});
