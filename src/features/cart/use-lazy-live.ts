// A live value of the cart database for a page's first screen, without the database (Dexie, 33 KB gzip) in that
// screen's scripts: the live query's module loads once the first screen has been shown (or at once when the page
// cannot show anything without it), and the value shows from then on.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { afterFirstScreen } from '../../lib/after-first-screen';
import type { LiveValue } from './live-value';

type CartModule = typeof import('./use-cart');

const noSource = {
  subscribe: () => () => undefined,
  getSnapshot: () => undefined,
};

/**
 * `pick`'s live value, undefined until the module has loaded and the database has answered. `urgent`: the page
 * waits for the value (offline, the kept copy is all it has), so the module loads at once.
 */
export function useLazyLive<T>(
  pick: (cart: CartModule) => LiveValue<T>,
  key: string,
  urgent = false,
): T | undefined {
  const [source, setSource] = useState<{ key: string; value: LiveValue<T> }>();
  const loaded = source?.key === key;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `pick` reads; a new pick function each render must not reload it.
  useEffect(() => {
    if (loaded) return;
    let alive = true;
    void (urgent ? Promise.resolve() : afterFirstScreen())
      .then(() => import('./use-cart'))
      .then((cart) => {
        if (alive) setSource({ key, value: pick(cart) });
      });
    return () => {
      alive = false;
    };
  }, [key, urgent, loaded]);
  const { subscribe, getSnapshot } = source?.key === key ? source.value : noSource;
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
