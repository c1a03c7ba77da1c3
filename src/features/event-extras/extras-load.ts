import type { EventDetail } from '../../../core/contract/events';

/** What the event loader of the event routes gives (an unknown event has already gone to /404). */
export type ExtrasEventLoad = { state: 'loaded'; event: EventDetail } | { state: 'offline' };
