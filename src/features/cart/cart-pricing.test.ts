import { describe, expect, it } from 'vitest';
import { parseAmount } from '../../../core/pricing';
import {
  type CartPrice,
  cheaperWithoutBundle,
  compareWithTiers,
  priceOfCart,
  priceRows,
  priceRule,
  unlimitedPackage,
} from './cart-pricing';
import { pricedEvent } from './test-event';

describe('priceOfCart', () => {
  it('prices 6 photos greedily: 5-photo package + 1 photo, 5% fee', () => {
    const { summary, average, currency } = priceOfCart('standard', pricedEvent(), 6, 'NO');
    expect(summary).toMatchObject({
      cart_full_amt: '360.00',
      cart_discount: '50.00',
      cart_total_amt: '310.00',
      cart_payment_fee: '15.50',
      cart_final_payment: '325.50',
    });
    expect(average).toBe('51.67');
    expect(currency).toBe('THB');
  });

  it('the standard and manual carts use mhao_price, the wholesale cart hybrid_mhao_price', () => {
    const event = pricedEvent({
      is_mhao: 'Y',
      mhao_price: '399.00',
      is_mhao_hybrid: 'Y',
      hybrid_mhao_price: '590.00',
    });
    expect(unlimitedPackage('standard', event)).toEqual({ allowed: true, price: '399.00' });
    expect(unlimitedPackage('manual', event)).toEqual({ allowed: true, price: '399.00' });
    expect(unlimitedPackage('wholesale', event)).toEqual({ allowed: true, price: '590.00' });
    expect(priceOfCart('standard', event, 3, 'YES').summary.cart_total_amt).toBe('399.00');
    expect(priceOfCart('wholesale', event, 3, 'YES').summary.cart_total_amt).toBe('590.00');
    expect(priceOfCart('wholesale', event, 3, 'YES').average).toBe('196.67');
  });

  it('caps the tiered total at the unlimited price when allowed but not chosen', () => {
    const event = pricedEvent({ is_mhao: 'Y', mhao_price: '399.00' });
    expect(priceOfCart('standard', event, 12, 'NO').summary.cart_total_amt).toBe('399.00');
    expect(priceOfCart('standard', event, 2, 'NO').summary.cart_total_amt).toBe('120.00');
  });

  it('a YES flag on an event without the package is not charged as chosen', () => {
    expect(priceOfCart('standard', pricedEvent(), 2, 'YES').summary.cart_total_amt).toBe('120.00');
  });

  it('the manual cart uses the event currency; free events cost 0.00', () => {
    expect(priceOfCart('manual', pricedEvent({ payment_currency: 'USD' }), 1, 'NO').currency).toBe('USD');
    expect(priceOfCart('standard', pricedEvent({ payment_currency: 'USD' }), 1, 'NO').currency).toBe('THB');
    const free = priceOfCart('standard', pricedEvent({ is_free_download: 'Y' }), 4, 'NO');
    expect(free.summary.cart_final_payment).toBe('0.00');
  });
});

/** The rows as numbers: full − discount = total and total + fee = final, whatever the rule. */
function expectAddsUp(price: CartPrice) {
  const rows = new Map(priceRows(price).map((row) => [row.key, parseAmount(row.amount) ?? Number.NaN]));
  const total = rows.get('total') as number;
  if (rows.has('full'))
    expect((rows.get('full') as number) - (rows.get('discount') as number), 'full − discount').toBe(total);
  else expect(rows.has('discount')).toBe(false);
  expect(total + (rows.get('fee') as number), 'total + fee').toBe(rows.get('final'));
}

describe('the price table adds up and says its rule', () => {
  const hybrid = pricedEvent({ is_mhao_hybrid: 'Y', hybrid_mhao_price: '590.00' });
  const mhao = pricedEvent({ is_mhao: 'Y', mhao_price: '399.00' });

  it('a wholesale bundle above the full price shows as its own total, no discount of 0 under a larger total', () => {
    // A bundle dearer than the full price: 8 photos, full 480.00, bundle 590.00 chosen, tiers 430.00.
    const price = priceOfCart('wholesale', hybrid, 8, 'YES');
    expect(price.summary).toMatchObject({
      cart_full_amt: '480.00',
      cart_total_amt: '590.00',
      cart_discount: '0.00',
    });
    expect(priceRows(price).map((row) => row.key)).toEqual(['total', 'fee', 'final']);
    expectAddsUp(price);
    expect(priceRule(price, false, true)).toEqual({ kind: 'bundle', price: '590.00', chosen: true });
    expect(cheaperWithoutBundle(price, true)).toBe('430.00');
  });

  it('the mhao bundle dearer than the tiers is told, though below the full price', () => {
    const price = priceOfCart('standard', mhao, 7, 'YES');
    expect(priceRows(price)).toEqual([
      { key: 'full', amount: '420.00' },
      { key: 'discount', amount: '21.00' },
      { key: 'total', amount: '399.00' },
      { key: 'fee', amount: '19.95' },
      { key: 'final', amount: '418.95' },
    ]);
    expectAddsUp(price);
    expect(cheaperWithoutBundle(price, true)).toBe('370.00');
    expect(cheaperWithoutBundle(priceOfCart('standard', mhao, 12, 'YES'), true)).toBeUndefined();
  });

  it('names the tier packages the total is made of, or the bundle applied because it is cheaper', () => {
    const six = priceOfCart('standard', pricedEvent(), 6, 'NO');
    expect(priceRule(six, false, false)).toEqual({
      kind: 'tiers',
      parts: [
        { size: 5, count: 1, price: '250.00' },
        { size: 1, count: 1, price: '60.00' },
      ],
    });
    const noSingles = pricedEvent({
      package: [{ name: '5', name_en: '5', number_of_photo: 5, price: '250.00' }],
    });
    expect(priceRule(priceOfCart('standard', noSingles, 7, 'NO'), false, false)).toEqual({
      kind: 'tiers',
      parts: [
        { size: 5, count: 1, price: '250.00' },
        { size: 'single', count: 2, price: '60.00' },
      ],
    });
    expect(priceRule(priceOfCart('standard', mhao, 12, 'NO'), false, false)).toEqual({
      kind: 'bundle',
      price: '399.00',
      chosen: false,
    });
    expect(
      priceRule(priceOfCart('standard', pricedEvent({ is_free_download: 'Y' }), 3, 'NO'), true, false),
    ).toEqual({
      kind: 'free',
    });
  });

  it('adds up for every count and rule', () => {
    for (const count of [0, 1, 4, 5, 7, 8, 12, 25, 61]) {
      for (const [kind, event] of [
        ['standard', mhao],
        ['wholesale', hybrid],
        ['manual', pricedEvent()],
        ['standard', pricedEvent({ is_free_download: 'Y' })],
      ] as const) {
        for (const flag of ['YES', 'NO'] as const) expectAddsUp(priceOfCart(kind, event, count, flag));
      }
    }
  });

  it('compares a bundle with the same photos at tier prices', () => {
    expect(compareWithTiers('399.00', mhao.package, 7)).toEqual({
      bundle: '399.00',
      tiers: '370.00',
      cheaper: 'tiers',
    });
    expect(compareWithTiers('399.00', mhao.package, 12)).toEqual({
      bundle: '399.00',
      tiers: '570.00',
      cheaper: 'bundle',
    });
    expect(compareWithTiers('399.00', mhao.package, 0)).toBeUndefined();
    expect(compareWithTiers('not money', mhao.package, 3)).toBeUndefined();
  });
});
