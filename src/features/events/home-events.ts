// Loads one page of on-sale events and their total, so the installed app still lists events at the finish line
// with no signal. Offline, the service worker answers with the copy it kept (sw/api-cache.ts); the page keeps its
// own last good list too, for the visits the worker did not see (the first one, before it took control), and says
// the list is the saved one whenever the device is offline.
import { get, set } from 'idb-keyval';
import type { Banner, EventSummary } from '../../../core/contract/events';
import { ApiError } from '../../lib/api/client';
import { fetchBanners, fetchOnSaleCount, fetchOnSaleEvents, fetchSoonEvents } from '../../lib/api/events';
import type { CarriedAnswers } from '../../lib/api/first-screen';

export type HomeEvents =
  | { state: 'live'; events: EventSummary[]; total: number }
  | { state: 'saved'; events: EventSummary[]; total: number }
  | { state: 'failed' };

interface SavedPage {
  events: EventSummary[];
  total: number;
  savedAt: number;
}

const savedKey = (page: number) => `home-events:${page}`;

/** Online unless the browser says it is not (the server, which renders home too, has no such flag: online). */
const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export async function loadHomeEvents(
  page: number,
  online = isOnline(),
  carried?: CarriedAnswers,
): Promise<HomeEvents> {
  try {
    const [events, total] = await Promise.all([
      fetchOnSaleEvents(page, { carried }),
      fetchOnSaleCount({ carried }),
    ]);
    if (!online) return { state: 'saved', events, total };
    // Kept where there is somewhere to keep it (not on the server, nor in a browser without IndexedDB).
    await Promise.resolve()
      .then(() => set(savedKey(page), { events, total, savedAt: Date.now() } satisfies SavedPage))
      .catch(() => undefined);
    return { state: 'live', events, total };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // Only a failed connection falls back to the saved list; a server that answers "not success" gets the alert.
    const saved =
      error.kind === 'network'
        ? await Promise.resolve()
            .then(() => get<SavedPage>(savedKey(page)))
            .catch(() => undefined)
        : undefined;
    return saved ? { state: 'saved', events: saved.events, total: saved.total } : { state: 'failed' };
  }
}

export interface HomeData {
  events: HomeEvents;
  banners: Banner[];
  soon: EventSummary[];
}

/** The whole home page: the grid as above, plus banners and upcoming events, which are left out on failure. */
export async function loadHome(page: number, carried?: CarriedAnswers): Promise<HomeData> {
  const [events, banners, soon] = await Promise.all([
    loadHomeEvents(page, isOnline(), carried),
    fetchBanners({ carried }).catch(() => []),
    fetchSoonEvents({ carried }).catch(() => []),
  ]);
  return { events, banners, soon };
}
