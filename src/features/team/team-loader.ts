// Loads a team page: the team and its events together. An unknown team (empty team-detail answer) is "missing"
// (SPEC §8 "Team not found!"); a call that fails is "failed", so the page can offer to try again.
import type { EventSummary, Team } from '../../../core/contract/events';
import { ApiError } from '../../lib/api/client';
import { fetchTeam, fetchTeamEvents } from '../../lib/api/events';
import type { CarriedAnswers } from '../../lib/api/first-screen';

export type TeamLoad =
  | { state: 'found'; team: Team; events: EventSummary[] }
  | { state: 'missing' }
  | { state: 'failed' };

export async function loadTeam(teamKey: string, carried?: CarriedAnswers): Promise<TeamLoad> {
  try {
    const [team, events] = await Promise.all([
      fetchTeam(teamKey, { carried }),
      fetchTeamEvents(teamKey, { carried }),
    ]);
    return team ? { state: 'found', team, events } : { state: 'missing' };
  } catch (error) {
    if (error instanceof ApiError) return { state: 'failed' };
    throw error;
  }
}
