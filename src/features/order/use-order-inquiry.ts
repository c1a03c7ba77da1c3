// Loads an order's inquiry for its page, asks again on Refresh, and keeps asking by itself while the order can
// still change (waiting for payment or approval, or paid with its images still being prepared), only while the tab
// is visible, and at once when it comes back into view or the connection returns. Each ask is a long poll: the
// server answers as soon as the order changes (or after INQUIRY_WAIT_S), so a payment shows within a second or
// two. When asks fail, or a server answers at once without waiting, the page backs off from 3 s to 30 s.
// A refusal is the spec's inquiry error; a lost connection is kept apart (the spec only logs it) so the buyer can
// retry instead of seeing nothing.
import { useCallback, useEffect, useRef, useState } from 'react';
import { INQUIRY_MAX_WAIT_S } from '../../../core/constants';
import type { Inquiry } from '../../../core/contract/order';
import { ApiError } from '../../lib/api/client';
import { carriedOrderInquiry, dropCarriedOrderInquiry, fetchOrderInquiry } from '../../lib/api/order-inquiry';
import { usePageRequest } from '../../lib/page-request';

export type InquiryState =
  | { state: 'loading' }
  | { state: 'loaded'; inquiry: Inquiry }
  | { state: 'refused' }
  | { state: 'offline' };

export const POLL_FIRST_MS = 3000;
export const POLL_MAX_MS = 30_000;
const POLL_GROWTH = 1.5;
/** How long one ask may wait on the server for a change. */
export const INQUIRY_WAIT_S = INQUIRY_MAX_WAIT_S;
/** An unchanged answer quicker than this did not wait on the server: back off instead of asking again at once. */
const WAITED_MS = 1500;

/** The wait before the next ask after `previous` (0: the first). */
export const nextPollDelay = (previous: number): number =>
  previous <= 0 ? POLL_FIRST_MS : Math.min(POLL_MAX_MS, Math.round(previous * POLL_GROWTH));

/** An order that will not change by itself any more: nothing to poll for. */
export function inquirySettled(inquiry: Inquiry): boolean {
  if (inquiry.is_refunded === 'Y') return true;
  if (inquiry.payment_status === 'PAID') {
    if (inquiry.payment_channel === 'FREE') return inquiry.is_original_image_created === 'Y';
    return inquiry.is_original_image_created === 'Y' && inquiry.is_logo_image_created === 'Y';
  }
  // Waiting for payment or approval: it can still be paid, unless its photos expired.
  return inquiry.is_expired === 'Y';
}

/** The state a page shows of an order: the server's token when it gives one. */
const stateOf = (inquiry: Inquiry) =>
  inquiry.state_token ??
  [
    inquiry.payment_status,
    inquiry.is_original_image_created,
    inquiry.is_logo_image_created,
    inquiry.is_refunded,
    inquiry.payment_failure,
  ].join('/');

const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/** What one ask found. */
type Asked = 'changed' | 'unchanged' | 'failed' | 'aborted';

export function useOrderInquiry(q: string): {
  result: InquiryState;
  refreshing: boolean;
  refresh: () => Promise<void>;
} {
  // The answer that came with the page shows in the first render: no frame of an empty page before it. It stays
  // carried until shown: a render React throws away (a hydration that waited for a chunk, then ran again) must not
  // use it up, or the render that is kept finds none and differs from the server's HTML.
  const page = usePageRequest();
  const [carried] = useState(() => {
    const inquiry = carriedOrderInquiry(q, page.carried);
    return inquiry && { q, inquiry };
  });
  // Shown: a later visit of this order asks the API.
  useEffect(() => {
    dropCarriedOrderInquiry(q, page.carried);
  }, [q, page]);
  const [result, setResult] = useState<InquiryState>(() =>
    carried ? { state: 'loaded', inquiry: carried.inquiry } : { state: 'loading' },
  );
  const [refreshing, setRefreshing] = useState(false);
  const current = useRef<AbortController | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const delay = useRef(0);
  /** Whether the last answer says the order can still change (keep asking). */
  const live = useRef(true);
  /** The state_token of the answer shown (what the server compares with). */
  const known = useRef<string | undefined>(undefined);
  /** What the page has shown of the order's state. */
  const shown = useRef<string | undefined>(undefined);

  /** Shows an answer and notes what it says for the next ask. */
  const accept = useCallback((inquiry: Inquiry): Asked => {
    live.current = !inquirySettled(inquiry);
    const seen = stateOf(inquiry);
    const changed = seen !== shown.current;
    shown.current = seen;
    known.current = inquiry.state_token;
    setResult({ state: 'loaded', inquiry });
    return changed ? 'changed' : 'unchanged';
  }, []);

  const ask = useCallback(
    async (waitForChange: boolean): Promise<Asked> => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      const wait =
        waitForChange && known.current ? { known: known.current, seconds: INQUIRY_WAIT_S } : undefined;
      try {
        const inquiry = await fetchOrderInquiry(q, controller.signal, wait);
        if (controller.signal.aborted) return 'aborted';
        return accept(inquiry);
      } catch (error) {
        if (controller.signal.aborted || (error as Error).name === 'AbortError') return 'aborted';
        console.warn('order inquiry failed', error);
        const offline = error instanceof ApiError && error.kind === 'network';
        // An unknown order will not become known by asking again; a lost connection may come back.
        live.current = offline;
        // A refresh that loses the connection keeps what is shown; only a first load says it is offline.
        setResult((shown) =>
          offline && shown.state === 'loaded' ? shown : { state: offline ? 'offline' : 'refused' },
        );
        return 'failed';
      }
    },
    [q, accept],
  );

  const stop = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    current.current?.abort();
  }, []);

  /** Keeps asking while the order can change and the page is visible. */
  const follow = useCallback(
    (first: Asked) => {
      const step = (outcome: Asked, tookMs: number) => {
        clearTimeout(timer.current);
        timer.current = undefined;
        if (outcome === 'aborted' || !live.current || !visible()) return;
        // A change, or an unchanged answer after a real wait on the server: ask again at once (it waits again).
        const waited = outcome === 'changed' || (outcome === 'unchanged' && tookMs >= WAITED_MS);
        delay.current = waited ? 0 : nextPollDelay(delay.current);
        timer.current = setTimeout(async () => {
          timer.current = undefined;
          const begun = Date.now();
          const next = await ask(true);
          step(next, Date.now() - begun);
        }, delay.current);
      };
      step(first, 0);
    },
    [ask],
  );

  useEffect(() => {
    delay.current = 0;
    live.current = true;
    known.current = undefined;
    shown.current = undefined;
    if (carried?.q === q) follow(accept(carried.inquiry));
    else {
      setResult({ state: 'loading' });
      void ask(false).then(follow);
    }
    const again = () => {
      stop();
      if (!visible()) return;
      delay.current = 0;
      void ask(false).then(follow);
    };
    document.addEventListener('visibilitychange', again);
    window.addEventListener('online', again);
    return () => {
      document.removeEventListener('visibilitychange', again);
      window.removeEventListener('online', again);
      stop();
    };
  }, [ask, accept, follow, stop, carried, q]);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    stop();
    delay.current = 0;
    let asked: Asked = 'failed';
    try {
      asked = await ask(false);
    } finally {
      setRefreshing(false);
      follow(asked);
    }
  }, [ask, follow, stop]);

  return { result, refreshing, refresh };
}
