// Each event's last search results, kept on this device: when the runner comes back to the event (from "Back to
// search", the cart, another event), the results show again without a new selfie, until a new search replaces
// them; they become the latest results (cart_latest) again, which buy-all takes. A few dozen events are kept, the
// most recently searched.
import { SAVED_RESULTS_MAX } from '../../../core/constants';
import type { Photo } from '../../../core/contract/photos';
import { appDb, type SearchResultsRow } from '../../lib/db/app-db';
import { setLatestResults } from '../cart/cart-store';
import { type CartKind, toCartItem } from '../cart/cart-types';

export { SAVED_RESULTS_MAX };

const keyOf = (kind: CartKind, eventKey: string) => `${kind}:${eventKey}`;

export interface SavedResults {
  photos: Photo[];
  nearby: Photo[];
}

/** The kept results of the event, or undefined; kept results become the latest results again. */
export async function restoreResults(kind: CartKind, eventKey: string): Promise<SavedResults | undefined> {
  const row = await appDb.search_results.get(keyOf(kind, eventKey));
  if (!row || row.photos.length === 0) return undefined;
  await setLatestResults(
    kind,
    row.photos.map((p) => toCartItem(p, eventKey)),
  );
  return { photos: row.photos, nearby: row.nearby };
}

/**
 * Keeps the event's results (a search's answer, widened or replaced) and makes them the latest results; an empty
 * answer forgets the event's results. `nearby` left out keeps the ones kept.
 */
export async function saveResults(
  kind: CartKind,
  eventKey: string,
  photos: readonly Photo[],
  nearby?: readonly Photo[],
  now = new Date(),
): Promise<void> {
  const key = keyOf(kind, eventKey);
  await appDb.transaction('rw', appDb.search_results, appDb.cart_latest, async () => {
    await setLatestResults(
      kind,
      photos.map((p) => toCartItem(p, eventKey)),
    );
    if (photos.length === 0) {
      await appDb.search_results.delete(key);
      return;
    }
    const kept = await appDb.search_results.get(key);
    const row: SearchResultsRow = {
      key,
      kind,
      event_key: eventKey,
      photos: [...photos],
      nearby: nearby ? [...nearby] : (kept?.nearby ?? []),
      searched_at: now.toISOString(),
    };
    await appDb.search_results.put(row);
    const count = await appDb.search_results.count();
    if (count > SAVED_RESULTS_MAX) {
      const oldest = await appDb.search_results
        .orderBy('searched_at')
        .limit(count - SAVED_RESULTS_MAX)
        .primaryKeys();
      await appDb.search_results.bulkDelete(oldest);
    }
  });
}

/** The nearby frames found for the event's kept results. */
export async function saveNearby(kind: CartKind, eventKey: string, nearby: readonly Photo[]): Promise<void> {
  await appDb.search_results.update(keyOf(kind, eventKey), { nearby: [...nearby] });
}
