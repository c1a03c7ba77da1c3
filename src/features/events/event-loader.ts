// Loads one event for its page. A refusal (unknown event) goes to /404 as SPEC §8 says; a lost connection
// is shown as such, so a runner offline is not told the event does not exist.
import { redirect } from '@tanstack/react-router';
import type { EventDetail } from '../../../core/contract/events';
import { ApiError } from '../../lib/api/client';
import { fetchEvent } from '../../lib/api/events';

export type EventLoad = { state: 'loaded'; event: EventDetail } | { state: 'offline' };

export async function loadEvent(eventKey: string): Promise<EventLoad> {
  try {
    return { state: 'loaded', event: await fetchEvent(eventKey) };
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'network') return { state: 'offline' };
    throw redirect({ to: '/404', replace: true });
  }
}
