import { describe, expect, it } from 'vitest';
import { priceOfCart, unlimitedPackage } from './cart-pricing';
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
