import { beforeEach, describe, expect, it } from 'vitest';
import { appDb } from '../../lib/db/app-db';
import {
  addAllToCart,
  addToCart,
  cancelMhaoChoice,
  chooseMhaoFromBuyAllButton,
  chooseMhaoOnCartPage,
  clearCart,
  confirmNewSearch,
  keepOnlyEventInCart,
  orderHistory,
  readFlag,
  readList,
  recordOrder,
  removeFromCart,
  setLatestResults,
  startCartWith,
} from './cart-store';
import { photo } from './test-items';

const ids = (items: readonly { id: number }[]) => items.map((i) => i.id);

beforeEach(async () => {
  await Promise.all(appDb.tables.map((table) => table.clear()));
});

describe('cart store', () => {
  it('adds in order, ignores duplicates and counts per kind', async () => {
    expect(await addToCart('standard', photo(2))).toEqual({ added: true, count: 1 });
    expect(await addToCart('standard', photo(1))).toEqual({ added: true, count: 2 });
    expect(await addToCart('standard', photo(2))).toEqual({ added: false, count: 2 });
    expect(await addToCart('manual', photo(2))).toEqual({ added: true, count: 1 });
    expect(ids(await readList('cart', 'standard'))).toEqual([2, 1]);
  });

  it('does not add a photo of another event than the cart’s: it says which event the cart holds', async () => {
    await addAllToCart('standard', [photo(1), photo(2)]);
    expect(await addToCart('standard', photo(9, 2))).toEqual({
      added: false,
      count: 2,
      otherEvent: { eventKey: 'event-1', count: 2 },
    });
    expect(await addAllToCart('standard', [photo(8, 2), photo(9, 2)])).toEqual({
      added: false,
      count: 2,
      otherEvent: { eventKey: 'event-1', count: 2 },
    });
    expect(ids(await readList('cart', 'standard'))).toEqual([1, 2]);
    // Another kind's cart is its own.
    expect(await addToCart('manual', photo(9, 2))).toEqual({ added: true, count: 1 });
  });

  it('starts a new cart with another event’s photos, or keeps one event of a mixed cart', async () => {
    await addAllToCart('standard', [photo(1), photo(2)]);
    await setLatestResults('standard', [photo(3)]);
    await chooseMhaoOnCartPage('standard');
    await startCartWith('standard', [photo(9, 2)]);
    expect(ids(await readList('cart', 'standard'))).toEqual([9]);
    expect(await readFlag('standard')).toBe('NO');
    expect(await readList('cart_temp', 'standard')).toEqual([]);

    await clearCart('standard');
    await addAllToCart('standard', [photo(1), photo(8, 2), photo(2)]);
    await keepOnlyEventInCart('standard', 2);
    expect(ids(await readList('cart', 'standard'))).toEqual([8]);
  });

  it('keeps only the cart item fields', async () => {
    await addToCart('standard', { ...photo(1), atc: 'Y' } as never);
    expect(await readList('cart', 'standard')).toEqual([photo(1)]);
  });

  it('add all skips photos already there', async () => {
    await addToCart('wholesale', photo(1));
    expect(await addAllToCart('wholesale', [photo(1), photo(2), photo(3), photo(2)])).toEqual({
      added: true,
      count: 3,
    });
    expect(ids(await readList('cart', 'wholesale'))).toEqual([1, 2, 3]);
  });

  it('removes one photo and clears a kind without touching the others', async () => {
    await addAllToCart('standard', [photo(1), photo(2)]);
    await addToCart('manual', photo(5));
    await removeFromCart('standard', 1);
    expect(ids(await readList('cart', 'standard'))).toEqual([2]);
    await clearCart('standard');
    expect(await readList('cart', 'standard')).toEqual([]);
    expect(ids(await readList('cart', 'manual'))).toEqual([5]);
  });

  it('buy-all without latest results is refused; with them the cart is replaced', async () => {
    await addToCart('standard', photo(9));
    expect(await chooseMhaoFromBuyAllButton('standard')).toEqual({ ok: false, refusal: 'no-latest-results' });
    expect(ids(await readList('cart', 'standard'))).toEqual([9]);
    await setLatestResults('standard', [photo(1), photo(2)]);
    expect(await chooseMhaoFromBuyAllButton('standard')).toEqual({ ok: true });
    expect(ids(await readList('cart', 'standard'))).toEqual([1, 2]);
    expect(await readFlag('standard')).toBe('YES');
  });

  it('cart page choice keeps the previous cart; cancel restores it; a second cancel is refused', async () => {
    await addToCart('standard', photo(4));
    await setLatestResults('standard', [photo(1), photo(2)]);
    expect(await chooseMhaoOnCartPage('standard')).toEqual({ ok: true });
    expect(ids(await readList('cart', 'standard'))).toEqual([4, 1, 2]);
    expect(ids(await readList('cart_temp', 'standard'))).toEqual([4]);
    expect(await cancelMhaoChoice('standard')).toEqual({ ok: true });
    expect(ids(await readList('cart', 'standard'))).toEqual([4]);
    expect(await readFlag('standard')).toBe('NO');
    expect(await cancelMhaoChoice('standard')).toEqual({ ok: false, refusal: 'no-previous-cart' });
  });

  it('a new search on an mhao event asks, and clears only on yes', async () => {
    await addToCart('standard', photo(1));
    let asked = 0;
    const answer = (yes: boolean) => () => {
      asked += 1;
      return yes;
    };
    expect(await confirmNewSearch('standard', false, answer(true))).toBe(true);
    expect(asked).toBe(0);
    expect(await confirmNewSearch('standard', true, answer(false))).toBe(false);
    expect(ids(await readList('cart', 'standard'))).toEqual([1]);
    expect(await confirmNewSearch('standard', true, answer(true))).toBe(true);
    expect(asked).toBe(2);
    expect(await readList('cart', 'standard')).toEqual([]);
    expect(await confirmNewSearch('standard', true, answer(false))).toBe(true);
    expect(asked).toBe(2);
  });

  it('recording an order keeps it in the history and empties that cart', async () => {
    await addAllToCart('standard', [photo(1), photo(2)]);
    const order = {
      uuid: 'u-1',
      kind: 'standard' as const,
      event_key: 'event-1',
      event_title: 'Run',
      amount: '126.00',
      image_count: 2,
      created_at: '2026-01-02T03:04:05.000Z',
    };
    await recordOrder(order);
    expect(await readList('cart', 'standard')).toEqual([]);
    expect(await orderHistory()).toEqual([order]);
  });
});
