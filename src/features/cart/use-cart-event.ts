// The event of the photos in a cart: its title, packages and prices are needed to price and order the cart.
import { useCallback, useEffect, useState } from 'react';
import type { EventDetail } from '../../../core/contract/events';
import { ApiError } from '../../lib/api/client';
import { fetchEvent } from '../../lib/api/events';
import { onWorkerMessage } from '../../lib/sw-bridge';

export type CartEventLoad =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'loaded'; event: EventDetail }
  /** No connection: retry later. */
  | { state: 'offline' }
  /** The server refused: the event no longer exists. */
  | { state: 'gone' };

export function useCartEvent(eventKey: string | undefined): { load: CartEventLoad; retry: () => void } {
  const [load, setLoad] = useState<CartEventLoad>({ state: 'idle' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the load on retry
  useEffect(() => {
    if (!eventKey) {
      setLoad({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    setLoad((current) =>
      current.state === 'loaded' && current.event.event_key === eventKey ? current : { state: 'loading' },
    );
    fetchEvent(eventKey, controller.signal).then(
      (event) => setLoad({ state: 'loaded', event }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const offline = !(error instanceof ApiError) || error.kind === 'network';
        setLoad({ state: offline ? 'offline' : 'gone' });
      },
    );
    return () => controller.abort();
  }, [eventKey, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // The service worker kept a fresher copy of this event (prices, sale dates): price the cart with it.
  useEffect(() => {
    if (!eventKey) return;
    const path = `/api/v1/events/${encodeURIComponent(eventKey)}`;
    return onWorkerMessage((message) => {
      if (message.path === path) retry();
    });
  }, [eventKey, retry]);
  return { load, retry };
}
