import { describe, expect, it } from 'vitest';
import { photo } from './test-items';
import { cartLogEntry } from './use-cart-log';

describe('cartLogEntry', () => {
  it('names the cart service and counts its photos; the wholesale cart lists every id', () => {
    const items = [photo(3), photo(7)];
    expect(cartLogEntry('standard', 'e', items)).toEqual({
      service: 'cart',
      cart_count: 2,
      image_id: 7,
      list: '',
      event_key: 'e',
    });
    expect(cartLogEntry('wholesale', 'e', items)).toMatchObject({ service: 'cart-wholesale', list: '3,7' });
    expect(cartLogEntry('manual', 'e', [])).toMatchObject({
      service: 'cart-manual',
      cart_count: 0,
      image_id: '',
    });
  });
});
