// What each cart charges (SPEC §4 Unlimited flag, §9): the one price computation of core/pricing.ts fed with the
// event's packages and the unlimited package that belongs to the cart kind.

import { FALLBACK_PRICE_PER_PHOTO } from '../../../core/constants';
import type { EventDetail } from '../../../core/contract/events';
import {
  averagePricePerPhoto,
  type CartPriceSummary,
  formatAmount,
  parseAmount,
  priceCart,
} from '../../../core/pricing';
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

/** One package size of a tiered price: how many of it, at what price each. */
export interface TierPart {
  /** Photos in one package (20, 10, 5, 1), or 'single' for photos no package covers (the fallback price). */
  size: 20 | 10 | 5 | 1 | 'single';
  count: number;
  price: string;
}

/** Which price rule a cart is charged by, for the price table to say it. */
export type PriceRule =
  | { kind: 'free' }
  /** The unlimited package: chosen by the buyer, or applied by itself because it is cheaper than the tiers. */
  | { kind: 'bundle'; price: string; chosen: boolean }
  /** The tier packages, largest first (the greedy split). */
  | { kind: 'tiers'; parts: TierPart[] };

export function priceRule(price: CartPrice, freeDownload: boolean, mhaoChosen: boolean): PriceRule {
  const { summary } = price;
  if (freeDownload) return { kind: 'free' };
  if (mhaoChosen) return { kind: 'bundle', price: summary.cart_total_amt, chosen: true };
  const total = parseAmount(summary.cart_total_amt) ?? 0;
  const tiered = parseAmount(summary.cart_amt) ?? 0;
  if (total < tiered) return { kind: 'bundle', price: summary.cart_total_amt, chosen: false };
  const parts: TierPart[] = [];
  for (const size of [20, 10, 5, 1] as const) {
    const count = summary[`package_${size}_count`];
    const each = summary[`package_${size}_price`];
    if (count > 0 && each !== null) parts.push({ size, count, price: each });
  }
  if (summary.fallback_photo_count > 0)
    parts.push({
      size: 'single',
      count: summary.fallback_photo_count,
      price: formatAmount(FALLBACK_PRICE_PER_PHOTO * 100),
    });
  return { kind: 'tiers', parts };
}

/** A row of the price table. */
export interface PriceRow {
  key: 'full' | 'discount' | 'total' | 'fee' | 'final';
  amount: string;
}

/**
 * The rows of the price table, which always add up: full − discount = total and total + fee = final. The full
 * price (every photo at the single-photo price) and its discount show only when the total is not above it; a
 * bundle that costs more than the photos one by one shows as its own total (no "discount" of 0 under a total
 * above the full price).
 */
export function priceRows(price: CartPrice): PriceRow[] {
  const { summary } = price;
  const full = parseAmount(summary.cart_full_amt) ?? 0;
  const total = parseAmount(summary.cart_total_amt) ?? 0;
  const rows: PriceRow[] =
    total <= full
      ? [
          { key: 'full', amount: summary.cart_full_amt },
          { key: 'discount', amount: formatAmount(full - total) },
        ]
      : [];
  rows.push(
    { key: 'total', amount: summary.cart_total_amt },
    { key: 'fee', amount: summary.cart_payment_fee },
    { key: 'final', amount: summary.cart_final_payment },
  );
  return rows;
}

/**
 * The chosen bundle against the same photos at tier prices: the tiers' total when they cost less (the buyer is
 * told, with a way back to them), else undefined.
 */
export function cheaperWithoutBundle(price: CartPrice, mhaoChosen: boolean): string | undefined {
  if (!mhaoChosen) return undefined;
  const tiered = parseAmount(price.summary.cart_amt);
  const total = parseAmount(price.summary.cart_total_amt);
  return tiered !== undefined && total !== undefined && tiered < total ? price.summary.cart_amt : undefined;
}

export interface BundleComparison {
  /** The bundle's price. */
  bundle: string;
  /** The same photos at the event's tier prices (the standard cart's total before the fee). */
  tiers: string;
  cheaper: 'bundle' | 'tiers' | 'same';
}

/**
 * A bundle price against the same photos at the event's tier prices. Undefined without photos, or when either
 * price is not one (an event's bad package list).
 */
export function compareWithTiers(
  bundle: string,
  packages: PricedEvent['package'],
  count: number,
): BundleComparison | undefined {
  if (count === 0) return undefined;
  let tiers: string;
  try {
    tiers = priceCart({ photoCount: count, packages }).cart_amt;
  } catch {
    return undefined;
  }
  const bundleSatang = parseAmount(bundle);
  const tierSatang = parseAmount(tiers);
  if (bundleSatang === undefined || tierSatang === undefined) return undefined;
  const cheaper = bundleSatang < tierSatang ? 'bundle' : tierSatang < bundleSatang ? 'tiers' : 'same';
  return { bundle, tiers, cheaper };
}
