import { describe, expect, it } from 'vitest';
import {
  type CartLists,
  cancelMhao,
  cartEventIds,
  chooseMhaoFromBuyAll,
  chooseMhaoFromCart,
  clearForNewSearch,
  isMixedEventCart,
  keepPhotosWithoutMhao,
  newSearchNeedsConfirmation,
  removeAll,
  removeItem,
  uniqueById,
} from './mhao';
import { photo } from './test-items';

const lists = (over: Partial<CartLists>): CartLists => ({
  cart: [],
  temp: [],
  latest: [],
  flag: 'NO',
  ...over,
});
const ids = (items: readonly { id: number }[]) => items.map((i) => i.id);

describe('one event per cart', () => {
  it('an empty cart and a one-event cart are not mixed', () => {
    expect(isMixedEventCart([])).toBe(false);
    expect(isMixedEventCart([photo(1), photo(2)])).toBe(false);
  });
  it('photos of two events are mixed; removing the odd one clears it', () => {
    const cart = [photo(1, 1), photo(2, 2)];
    expect(isMixedEventCart(cart)).toBe(true);
    expect(cartEventIds(cart)).toEqual([1, 2]);
    expect(isMixedEventCart(removeItem(lists({ cart }), 2).cart)).toBe(false);
  });
});

describe('uniqueById', () => {
  it('keeps the first of each id in order', () => {
    expect(ids(uniqueById([photo(3), photo(1), photo(3), photo(2)]))).toEqual([3, 1, 2]);
  });
});

describe('choose the package from buy-all', () => {
  it('is refused without latest results and changes nothing', () => {
    expect(chooseMhaoFromBuyAll(lists({ cart: [photo(1)] }))).toEqual({
      ok: false,
      refusal: 'no-latest-results',
    });
  });
  it('replaces the cart with the latest results, flag YES, the old cart kept as temp', () => {
    const out = chooseMhaoFromBuyAll(lists({ cart: [photo(9)], latest: [photo(1), photo(2)] }));
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(ids(out.lists.cart)).toEqual([1, 2]);
    expect(ids(out.lists.temp)).toEqual([9]);
    expect(out.lists.flag).toBe('YES');
  });
  it('from an empty cart keeps the earlier temp', () => {
    const out = chooseMhaoFromBuyAll(lists({ temp: [photo(5)], latest: [photo(1)] }));
    expect(out.ok && ids(out.lists.temp)).toEqual([5]);
  });
});

describe('choose the package on the cart page', () => {
  it('adds the latest results to the cart and keeps the previous cart as temp', () => {
    const out = chooseMhaoFromCart(lists({ cart: [photo(1), photo(7)], latest: [photo(1), photo(2)] }));
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(ids(out.lists.cart)).toEqual([1, 7, 2]);
    expect(ids(out.lists.temp)).toEqual([1, 7]);
    expect(out.lists.flag).toBe('YES');
  });
  it('is refused without latest results', () => {
    expect(chooseMhaoFromCart(lists({ cart: [photo(1)] }))).toEqual({
      ok: false,
      refusal: 'no-latest-results',
    });
  });
  it('ignores latest results of another event (refused when only those exist)', () => {
    expect(chooseMhaoFromCart(lists({ cart: [photo(1, 1)], latest: [photo(2, 2)] })).ok).toBe(false);
    const out = chooseMhaoFromCart(lists({ cart: [photo(1, 1)], latest: [photo(2, 2), photo(3, 1)] }));
    expect(out.ok && ids(out.lists.cart)).toEqual([1, 3]);
  });
});

describe('the same photos at tier prices (the package cost more)', () => {
  it('keeps the cart, drops the package and the earlier cart', () => {
    const out = keepPhotosWithoutMhao(lists({ cart: [photo(1), photo(2)], temp: [photo(9)], flag: 'YES' }));
    expect(out).toEqual({ ok: true, lists: lists({ cart: [photo(1), photo(2)], temp: [], flag: 'NO' }) });
  });
});

describe('cancel the package', () => {
  it('restores the temporary cart and empties it, flag NO', () => {
    const out = cancelMhao(lists({ cart: [photo(1), photo(2)], temp: [photo(9)], flag: 'YES' }));
    expect(out).toEqual({ ok: true, lists: lists({ cart: [photo(9)], temp: [], flag: 'NO' }) });
  });
  it('is refused when the temporary cart is empty', () => {
    expect(cancelMhao(lists({ cart: [photo(1)], flag: 'YES' }))).toEqual({
      ok: false,
      refusal: 'no-previous-cart',
    });
  });
  it('choose then cancel gives the original cart back', () => {
    const start = lists({ cart: [photo(4)], latest: [photo(1), photo(2)] });
    const chosen = chooseMhaoFromCart(start);
    if (!chosen.ok) throw new Error('refused');
    const back = cancelMhao(chosen.lists);
    expect(back.ok && back.lists.cart).toEqual(start.cart);
    expect(back.ok && back.lists.flag).toBe('NO');
  });
});

describe('new search on an mhao event', () => {
  it('asks only on an mhao event with photos in the cart', () => {
    expect(newSearchNeedsConfirmation(true, [photo(1)])).toBe(true);
    expect(newSearchNeedsConfirmation(true, [])).toBe(false);
    expect(newSearchNeedsConfirmation(false, [photo(1)])).toBe(false);
  });
  it('accepting clears the cart and the flag, keeps the latest results', () => {
    const out = clearForNewSearch(lists({ cart: [photo(1)], latest: [photo(2)], flag: 'YES' }));
    expect(out).toEqual(lists({ latest: [photo(2)] }));
  });
});

describe('remove', () => {
  it('removing the last photo drops the package choice; others keep it', () => {
    expect(removeItem(lists({ cart: [photo(1)], flag: 'YES' }), 1).flag).toBe('NO');
    expect(removeItem(lists({ cart: [photo(1), photo(2)], flag: 'YES' }), 1).flag).toBe('YES');
  });
  it('remove all empties the cart and temp, flag NO', () => {
    expect(removeAll(lists({ cart: [photo(1)], temp: [photo(2)], latest: [photo(3)], flag: 'YES' }))).toEqual(
      lists({ latest: [photo(3)] }),
    );
  });
});
