// Loads an order's inquiry for its page and asks again on Refresh. A refusal is the spec's inquiry error; a lost
// connection is kept apart (the spec only logs it) so the buyer can retry instead of seeing nothing.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Inquiry } from '../../../core/contract/order';
import { ApiError } from '../../lib/api/client';
import { fetchOrderInquiry } from '../../lib/api/order-inquiry';

export type InquiryState =
  | { state: 'loading' }
  | { state: 'loaded'; inquiry: Inquiry }
  | { state: 'refused' }
  | { state: 'offline' };

export function useOrderInquiry(q: string): {
  result: InquiryState;
  refreshing: boolean;
  refresh: () => Promise<void>;
} {
  const [result, setResult] = useState<InquiryState>({ state: 'loading' });
  const [refreshing, setRefreshing] = useState(false);
  const current = useRef<AbortController | undefined>(undefined);

  const load = useCallback(async () => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    try {
      const inquiry = await fetchOrderInquiry(q, controller.signal);
      if (!controller.signal.aborted) setResult({ state: 'loaded', inquiry });
    } catch (error) {
      if (controller.signal.aborted || (error as Error).name === 'AbortError') return;
      console.warn('order inquiry failed', error);
      const offline = error instanceof ApiError && error.kind === 'network';
      // A refresh that loses the connection keeps what is shown; only a first load says it is offline.
      setResult((shown) =>
        offline && shown.state === 'loaded' ? shown : { state: offline ? 'offline' : 'refused' },
      );
    }
  }, [q]);

  useEffect(() => {
    setResult({ state: 'loading' });
    void load();
    return () => current.current?.abort();
  }, [load]);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      await load();
    } finally {
      setRefreshing(false);
    }
  }, [load]);

  return { result, refreshing, refresh };
}
