// A live value of the cart database for a page's first screen, without the database (Dexie, 33 KB gzip) in that
// screen's scripts: the live query's module loads after the first paint, and the value shows from then on.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { LiveValue } from './live-value';

type CartModule = typeof import('./use-cart');

const noSource = {
  subscribe: () => () => undefined,
  getSnapshot: () => undefined,
};

/** `pick`'s live value, undefined until the module has loaded and the database has answered. */
export function useLazyLive<T>(pick: (cart: CartModule) => LiveValue<T>, key: string): T | undefined {
  const [source, setSource] = useState<{ key: string; value: LiveValue<T> }>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `pick` reads; a new pick function each render must not reload it.
  useEffect(() => {
    let alive = true;
    void import('./use-cart').then((cart) => {
      if (alive) setSource({ key, value: pick(cart) });
    });
    return () => {
      alive = false;
    };
  }, [key]);
  const { subscribe, getSnapshot } = source?.key === key ? source.value : noSource;
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
