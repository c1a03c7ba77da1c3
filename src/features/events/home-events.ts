// Loads one page of on-sale events and their total. Offline, the service worker gives the last answers it kept
// (sw/api-cache.ts), so the installed app still lists events at the finish line with no signal; the page then says
// the list is the saved one.
import type { Banner, EventSummary } from '../../../core/contract/events';
import { ApiError } from '../../lib/api/client';
import { fetchBanners, fetchOnSaleCount, fetchOnSaleEvents, fetchSoonEvents } from '../../lib/api/events';

export type HomeEvents =
  | { state: 'live'; events: EventSummary[]; total: number }
  | { state: 'saved'; events: EventSummary[]; total: number }
  | { state: 'failed' };

export async function loadHomeEvents(page: number, online = navigator.onLine): Promise<HomeEvents> {
  try {
    const [events, total] = await Promise.all([fetchOnSaleEvents(page), fetchOnSaleCount()]);
    return { state: online ? 'live' : 'saved', events, total };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { state: 'failed' };
  }
}

export interface HomeData {
  events: HomeEvents;
  banners: Banner[];
  soon: EventSummary[];
}

/** The whole home page: the grid as above, plus banners and upcoming events, which are left out on failure. */
export async function loadHome(page: number): Promise<HomeData> {
  const [events, banners, soon] = await Promise.all([
    loadHomeEvents(page),
    fetchBanners().catch(() => []),
    fetchSoonEvents().catch(() => []),
  ]);
  return { events, banners, soon };
}
