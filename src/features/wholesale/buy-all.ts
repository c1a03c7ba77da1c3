// What the wholesale buy-all button works with (SPEC §4 Unlimited flag): the latest search results of this event.
import type { EventDetail } from '../../../core/contract/events';
import { averagePricePerPhoto } from '../../../core/pricing';
import { type BundleComparison, compareWithTiers } from '../cart/cart-pricing';

/**
 * The latest results that belong to this event: results kept from a search on another event must not be bought
 * here (a cart never mixes events), so they count as no results.
 */
export const resultsOfEvent = <T extends { event_key: string }>(
  latest: readonly T[],
  eventKey: string,
): T[] => (latest.every((item) => item.event_key === eventKey) ? [...latest] : []);

/** The bundle's price per photo for this many photos, or undefined when the event has no bundle price. */
export function bundleAveragePrice(
  event: Pick<EventDetail, 'is_mhao_hybrid' | 'hybrid_mhao_price'>,
  count: number,
): string | undefined {
  if (event.is_mhao_hybrid !== 'Y' || count === 0) return undefined;
  return averagePricePerPhoto(event.hybrid_mhao_price, count);
}

/**
 * The bundle against the same photos bought at tier prices, so the buyer sees both: with few photos the bundle can
 * cost more than buying them one by one. Undefined without photos, a bundle price, or prices to compare.
 */
export function compareBundle(
  event: Pick<EventDetail, 'is_mhao_hybrid' | 'hybrid_mhao_price' | 'package'>,
  count: number,
): BundleComparison | undefined {
  if (event.is_mhao_hybrid !== 'Y') return undefined;
  return compareWithTiers(event.hybrid_mhao_price, event.package, count);
}
