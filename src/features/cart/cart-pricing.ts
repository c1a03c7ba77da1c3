// What each cart charges (SPEC §4 Unlimited flag, §9): the one price computation of core/pricing.ts fed with the
// event's packages and the unlimited package that belongs to the cart kind.
import type { EventDetail } from '../../../core/contract/events';
import { averagePricePerPhoto, type CartPriceSummary, priceCart } from '../../../core/pricing';
import type { CartKind, MhaoFlag } from './cart-types';

export type PricedEvent = Pick<
  EventDetail,
  | 'package'
  | 'is_mhao'
  | 'mhao_price'
  | 'is_mhao_hybrid'
  | 'hybrid_mhao_price'
  | 'is_free_download'
  | 'is_free_download_keep_contract'
  | 'payment_currency'
>;

/** The unlimited package of a cart: the hybrid one for the wholesale cart, the event's own for the others. */
export function unlimitedPackage(kind: CartKind, event: PricedEvent): { allowed: boolean; price: string } {
  return kind === 'wholesale'
    ? { allowed: event.is_mhao_hybrid === 'Y', price: event.hybrid_mhao_price }
    : { allowed: event.is_mhao === 'Y', price: event.mhao_price };
}

export interface CartPrice {
  summary: CartPriceSummary;
  /** The price per photo shown by the wholesale and manual carts (total ÷ photos, 2 decimals). */
  average: string;
  /** The currency the amounts are in: the event's payment_currency in the manual cart, THB otherwise. */
  currency: string;
}

export function priceOfCart(
  kind: CartKind,
  event: PricedEvent,
  photoCount: number,
  flag: MhaoFlag,
): CartPrice {
  const unlimited = unlimitedPackage(kind, event);
  const summary = priceCart({
    photoCount,
    packages: event.package,
    // A flag left YES for an event that no longer has the package is not charged as chosen.
    mhao: { ...unlimited, chosen: flag === 'YES' && unlimited.allowed },
    freeDownload: event.is_free_download === 'Y',
  });
  return {
    summary,
    average: averagePricePerPhoto(summary.cart_total_amt, photoCount),
    currency: kind === 'manual' && event.payment_currency ? event.payment_currency : 'THB',
  };
}
