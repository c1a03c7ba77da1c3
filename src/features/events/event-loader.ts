// Loads one event for its page. A refusal (unknown event) goes to /404 as SPEC §8 says; a lost connection
// is shown as such, so a runner offline is not told the event does not exist.
import { redirect } from '@tanstack/react-router';
import type { EventDetail } from '../../../core/contract/events';
import { ApiError } from '../../lib/api/client';
import { fetchEvent } from '../../lib/api/events';
import type { CarriedAnswers } from '../../lib/api/first-screen';

export type EventLoad = { state: 'loaded'; event: EventDetail } | { state: 'offline' };

/** `carried`: the answers the page carried (the router's context: src/lib/page-request.ts). */
export async function loadEvent(eventKey: string, carried?: CarriedAnswers): Promise<EventLoad> {
  try {
    return { state: 'loaded', event: await fetchEvent(eventKey, { carried }) };
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'network') return { state: 'offline' };
    throw redirect({ to: '/404', replace: true });
  }
}
