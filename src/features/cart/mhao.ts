// The unlimited (mhao) package state machine of SPEC §4, and the one-event rule of SPEC §5, as pure functions over
// a cart's lists. The store (cart-store.ts) applies them inside one IndexedDB transaction.
import type { CartItem, MhaoFlag } from './cart-types';

export interface CartLists {
  /** The cart. */
  cart: readonly CartItem[];
  /** cart_temp: the cart as it was before the package was chosen from the cart page. */
  temp: readonly CartItem[];
  /** cart_latest: the latest search results. */
  latest: readonly CartItem[];
  /** is_mhao_flag. */
  flag: MhaoFlag;
}

/** Why a transition was refused: no latest results to choose, or no earlier cart to go back to. */
export type MhaoRefusal = 'no-latest-results' | 'no-previous-cart';

export type MhaoOutcome = { ok: true; lists: CartLists } | { ok: false; refusal: MhaoRefusal };

/** Items in order, each id once (the first occurrence wins). */
export function uniqueById(items: readonly CartItem[]): CartItem[] {
  const seen = new Set<number>();
  return items.filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
}

/** The event ids of a cart, in order of first appearance. */
export const cartEventIds = (items: readonly CartItem[]): number[] => [
  ...new Set(items.map((item) => item.event_id)),
];

/** SPEC §5: a cart with photos of more than one event is blocked (red message, forms hidden). */
export const isMixedEventCart = (items: readonly CartItem[]): boolean => cartEventIds(items).length > 1;

/**
 * Choosing the package from a buy-all button (event or wholesale page): the cart becomes the latest results and
 * the flag YES. The cart it replaces is kept as cart_temp when it held photos, so cancelling can give it back.
 * Refused when there are no latest results.
 */
export function chooseMhaoFromBuyAll(lists: CartLists): MhaoOutcome {
  if (lists.latest.length === 0) return { ok: false, refusal: 'no-latest-results' };
  return {
    ok: true,
    lists: {
      cart: uniqueById(lists.latest),
      temp: lists.cart.length > 0 ? [...lists.cart] : [...lists.temp],
      latest: lists.latest,
      flag: 'YES',
    },
  };
}

/**
 * Choosing the package on the cart page (after the buyer confirmed that the latest results will be added): the
 * previous cart is kept as cart_temp, the latest results of the cart's event are added, the flag becomes YES.
 * Latest results of another event do not count: adding them would mix events. Refused when none remain.
 */
export function chooseMhaoFromCart(lists: CartLists): MhaoOutcome {
  const eventId = lists.cart[0]?.event_id;
  const latest = lists.latest.filter((item) => eventId === undefined || item.event_id === eventId);
  if (latest.length === 0) return { ok: false, refusal: 'no-latest-results' };
  return {
    ok: true,
    lists: {
      cart: uniqueById([...lists.cart, ...latest]),
      temp: [...lists.cart],
      latest: lists.latest,
      flag: 'YES',
    },
  };
}

/**
 * Cancelling the package: the cart goes back to cart_temp (which is then emptied) and the flag becomes NO.
 * Refused (the page alerts) when cart_temp is empty; nothing changes then.
 */
export function cancelMhao(lists: CartLists): MhaoOutcome {
  if (lists.temp.length === 0) return { ok: false, refusal: 'no-previous-cart' };
  return { ok: true, lists: { cart: [...lists.temp], temp: [], latest: lists.latest, flag: 'NO' } };
}

/**
 * The same photos at the tier prices (when the package costs more than them): the cart stays, the flag becomes
 * NO and no earlier cart is kept (the buyer chose these photos). Where the event allows the package, the cart still
 * pays the lower of the two (core/pricing.ts).
 */
export const keepPhotosWithoutMhao = (lists: CartLists): MhaoOutcome => ({
  ok: true,
  lists: { ...lists, temp: [], flag: 'NO' },
});

/** A new face search on an mhao event with a non-empty cart must first be confirmed: the cart will be deleted. */
export const newSearchNeedsConfirmation = (eventIsMhao: boolean, cart: readonly CartItem[]): boolean =>
  eventIsMhao && cart.length > 0;

/** The buyer accepted the new search: the cart is cleared and the package is no longer chosen. */
export const clearForNewSearch = (lists: CartLists): CartLists => ({
  ...lists,
  cart: [],
  flag: 'NO',
});

/** Removing one photo; an emptied cart no longer has the package chosen. */
export function removeItem(lists: CartLists, id: number): CartLists {
  const cart = lists.cart.filter((item) => item.id !== id);
  return { ...lists, cart, flag: cart.length === 0 ? 'NO' : lists.flag };
}

/**
 * Keep only one event's photos (a mixed cart untangled in one tap): the others leave the cart; the
 * package choice and the earlier cart went with the mix (they belonged to one event).
 */
export function keepOnlyEvent(lists: CartLists, eventId: number): CartLists {
  const cart = lists.cart.filter((item) => item.event_id === eventId);
  const mixed = isMixedEventCart(lists.cart);
  return {
    ...lists,
    cart,
    temp: mixed ? [] : lists.temp,
    flag: mixed || cart.length === 0 ? 'NO' : lists.flag,
  };
}

/** A new cart of these photos (the buyer chose to start over with another event's photos). */
export const startOver = (lists: CartLists, photos: readonly CartItem[]): CartLists => ({
  ...lists,
  cart: uniqueById(photos),
  temp: [],
  flag: 'NO',
});

/** Remove all: an empty cart, no package chosen, no earlier cart to go back to. */
export const removeAll = (lists: CartLists): CartLists => ({ ...lists, cart: [], temp: [], flag: 'NO' });
