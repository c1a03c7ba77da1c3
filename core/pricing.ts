// Cart prices (SPEC §3 Cart state, §4 Unlimited flag, §9): the one place money is computed, by the cart to show
// and by the server to charge. Money is integer satang inside; amounts leave as decimal strings ("1250.00").
import { FALLBACK_PRICE_PER_PHOTO, PACKAGE_TIERS, PAYMENT_FEE_RATE, ZERO_AMOUNT } from './constants';

type Tier = (typeof PACKAGE_TIERS)[number];

/** Amounts above this (100 billion baht) are refused, so every sum and the fee stay exact in a double. */
const MAX_SATANG = 10_000_000_000_000;
/** At most 11 integer digits and 2 decimals: anything else (sign, exponent, spaces, 3 places) is not an amount. */
const AMOUNT_PATTERN = /^\d{1,11}(\.\d{1,2})?$/;
const FEE_PER_10000 = Math.round(PAYMENT_FEE_RATE * 10_000);
const FALLBACK_SATANG = FALLBACK_PRICE_PER_PHOTO * 100;

/**
 * Satang in a non-negative decimal string with at most 2 places ("60", "60.5", "60.50"), or undefined for anything
 * else ("-1", "1.234", "abc", "", "1e3", " 1"). It never throws; `priceCart` throws for bad prices.
 */
export function parseAmount(amount: string): number | undefined {
  if (typeof amount !== 'string' || !AMOUNT_PATTERN.test(amount)) return undefined;
  const [baht = '0', fraction = ''] = amount.split('.');
  return Number(baht) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Satang as the decimal string amounts travel as: 125050 → "1250.50". */
export function formatAmount(satang: number): string {
  if (!Number.isSafeInteger(satang) || satang < 0)
    throw new Error(`amount must be whole non-negative satang`);
  return `${Math.floor(satang / 100)}.${String(satang % 100).padStart(2, '0')}`;
}

/** Same amount to the satang ("60" equals "60.00"); false when either is not an amount. */
export function amountsEqual(a: string, b: string): boolean {
  const x = parseAmount(a);
  return x !== undefined && x === parseAmount(b);
}

/** Whether an amount is the zero-amount marker '0.00' (nothing to pay: free form). Not an amount → false. */
export const isZeroAmount = (amount: string): boolean => amountsEqual(amount, ZERO_AMOUNT);

/** The card call's amount: satang digits without the decimal point ("1250.50" → "125050", "0.00" → "0"). */
export function amountWithoutDecimalPoint(amount: string): string {
  return String(requireAmount('amount', amount));
}

/** Price divided by photo count, rounded half up to 2 decimals (590 / 3 → "196.67"); a count of 0 gives "0.00". */
export function averagePricePerPhoto(total: string, count: number): string {
  const satang = requireAmount('total', total);
  if (!Number.isSafeInteger(count) || count < 0) throw new Error('count must be a non-negative integer');
  if (count === 0) return ZERO_AMOUNT;
  return formatAmount(Math.floor((2 * satang + count) / (2 * count)));
}

/** The 5% payment fee of an amount in satang, rounded half up to the satang (6050 → 303). */
export const paymentFeeSatang = (satang: number): number =>
  Math.floor((satang * FEE_PER_10000 + 5_000) / 10_000);

export interface PricingInput {
  /** Photos in the cart. */
  photoCount: number;
  /** The event's package list; number_of_photo must be a tier (20, 10, 5, 1), each tier at most once. */
  packages: ReadonlyArray<{ number_of_photo: number; price: string }>;
  /**
   * The unlimited package: mhao_price with is_mhao (standard) or hybrid_mhao_price with is_mhao_hybrid (wholesale).
   * chosen = is_mhao_flag YES, allowed = the event can mhao. chosen without allowed is refused.
   */
  mhao?: { price: string; chosen: boolean; allowed: boolean };
  /** is_free_download: every amount is 0.00 and nothing is split into packages. */
  freeDownload?: boolean;
}

/** SPEC §3 computed price summary. Counts are of packages; prices are one package's price; amounts are strings. */
export interface CartPriceSummary {
  /** Packages of each tier in the greedy split (largest tier first, absent tiers skipped). */
  package_20_count: number;
  package_10_count: number;
  package_5_count: number;
  package_1_count: number;
  /** Photos no package covers (the event has no 1-photo package), charged FALLBACK_PRICE_PER_PHOTO each. */
  fallback_photo_count: number;
  /** One package's price of each tier, or null when the event has no package of that tier. */
  package_20_price: string | null;
  package_10_price: string | null;
  package_5_price: string | null;
  package_1_price: string | null;
  /** Photo count × single-photo price (the 1-photo package, else 60): the price with no discount at all. */
  cart_full_amt: string;
  /** The greedy tiered total: Σ count × package price + fallback photos × 60. Ignores the mhao rule. */
  cart_amt: string;
  /** The greedy tiered total without the unlimited (mhao) promotion; by definition equal to cart_amt. */
  cart_full_amt_no_pomo: string;
  /** Charged before the fee: cart_amt, or the mhao price when chosen, or min(cart_amt, mhao price) when allowed. */
  cart_total_amt: string;
  /** cart_full_amt − cart_total_amt, or 0.00 when that is negative (mhao chosen for few photos). */
  cart_discount: string;
  /** 5% of cart_total_amt, rounded half up to the satang. */
  cart_payment_fee: string;
  /** cart_total_amt + cart_payment_fee: what the buyer pays; '0.00' means nothing to pay. */
  cart_final_payment: string;
}

/**
 * Price a cart. Throws an Error naming the field on nonsense input (photoCount not a non-negative integer, a price
 * that is not a non-negative amount, an unknown or repeated tier, mhao chosen where the event does not allow it).
 * An empty cart costs 0.00 even with mhao chosen: chosen means the fixed price for any non-zero count.
 */
export function priceCart(input: PricingInput): CartPriceSummary {
  const n = input.photoCount;
  if (!Number.isSafeInteger(n) || n < 0) throw new Error('photoCount must be a non-negative integer');
  const prices = tierPrices(input.packages);
  const mhao = input.mhao;
  const mhaoSatang = mhao ? requireAmount('mhao.price', mhao.price) : 0;
  if (mhao?.chosen && !mhao.allowed) throw new Error('mhao.chosen is not allowed for this event');
  const counts = new Map<Tier, number>();
  let fallback = 0;
  let tiered = 0;
  let full = 0;
  if (!input.freeDownload) {
    let rest = n;
    for (const tier of PACKAGE_TIERS) {
      const price = prices.get(tier);
      if (price === undefined) continue;
      counts.set(tier, Math.floor(rest / tier));
      tiered += Math.floor(rest / tier) * price;
      rest %= tier;
    }
    fallback = rest;
    tiered += rest * FALLBACK_SATANG;
    full = n * (prices.get(1) ?? FALLBACK_SATANG);
    if (!(tiered <= MAX_SATANG && full <= MAX_SATANG))
      throw new Error('photoCount gives an amount too large');
  }
  let total = tiered;
  if (mhao && !input.freeDownload && n > 0) {
    if (mhao.chosen) total = mhaoSatang;
    else if (mhao.allowed) total = Math.min(tiered, mhaoSatang);
  }
  const fee = paymentFeeSatang(total);
  const price = (tier: Tier) => {
    const satang = prices.get(tier);
    return satang === undefined ? null : formatAmount(satang);
  };
  return {
    package_20_count: counts.get(20) ?? 0,
    package_10_count: counts.get(10) ?? 0,
    package_5_count: counts.get(5) ?? 0,
    package_1_count: counts.get(1) ?? 0,
    fallback_photo_count: fallback,
    package_20_price: price(20),
    package_10_price: price(10),
    package_5_price: price(5),
    package_1_price: price(1),
    cart_full_amt: formatAmount(full),
    cart_amt: formatAmount(tiered),
    cart_full_amt_no_pomo: formatAmount(tiered),
    cart_total_amt: formatAmount(total),
    cart_discount: formatAmount(Math.max(0, full - total)),
    cart_payment_fee: formatAmount(fee),
    cart_final_payment: formatAmount(total + fee),
  };
}

function requireAmount(field: string, amount: string): number {
  const satang = parseAmount(amount);
  if (satang === undefined) {
    throw new Error(
      `${field} must be a non-negative amount with at most 2 decimals, got ${JSON.stringify(amount)}`,
    );
  }
  return satang;
}

function tierPrices(packages: PricingInput['packages']): Map<Tier, number> {
  const prices = new Map<Tier, number>();
  packages.forEach((pkg, i) => {
    const tier = PACKAGE_TIERS.find((t) => t === pkg.number_of_photo);
    if (tier === undefined) {
      throw new Error(`packages[${i}].number_of_photo must be one of ${PACKAGE_TIERS.join(', ')}`);
    }
    if (prices.has(tier)) throw new Error(`packages[${i}].number_of_photo repeats the ${tier}-photo tier`);
    prices.set(tier, requireAmount(`packages[${i}].price`, pkg.price));
  });
  return prices;
}
