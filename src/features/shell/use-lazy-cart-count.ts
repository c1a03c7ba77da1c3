// The header's cart count without the cart database (Dexie) in the scripts of the first screen: the cart's live
// query loads just after the first paint, and the badge shows from then on (it sits inside the icon, so nothing
// moves when it appears).
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { CartItem, CartKind } from '../cart/cart-types';
import type { LiveValue } from '../cart/live-value';

const noSource = {
  subscribe: () => () => undefined,
  getSnapshot: () => undefined,
};

export function useLazyCartCount(kind: CartKind): number {
  const [source, setSource] = useState<LiveValue<CartItem[]>>();
  useEffect(() => {
    let alive = true;
    void import('../cart/use-cart').then((cart) => {
      if (alive) setSource(cart.cartListValue(kind));
    });
    return () => {
      alive = false;
    };
  }, [kind]);
  const { subscribe, getSnapshot } = source ?? noSource;
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot)?.length ?? 0;
}
