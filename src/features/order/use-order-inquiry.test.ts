import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Inquiry } from '../../../core/contract/order';
import { inquiry, ORDER_UUID, paidImage, paidInquiry } from './order-test-data';
import {
  inquirySettled,
  nextPollDelay,
  POLL_FIRST_MS,
  POLL_MAX_MS,
  useOrderInquiry,
} from './use-order-inquiry';

const answers: Inquiry[] = [];
/** Milliseconds the fake server holds an ask that says it waits (0: answers at once, like an older server). */
let holdMs = 0;
const fetchOrderInquiry = vi.fn(
  async (_q: string, _signal?: AbortSignal, wait?: { known: string; seconds: number }) => {
    if (wait && holdMs > 0) await new Promise((resolve) => setTimeout(resolve, holdMs));
    return answers[0] ?? inquiry();
  },
);
/** The answer that came with the page (its first screen): read by every render until one is shown. */
let carried: Inquiry | undefined;
vi.mock('../../lib/api/order-inquiry', () => ({
  fetchOrderInquiry: (q: string, signal?: AbortSignal, wait?: { known: string; seconds: number }) =>
    fetchOrderInquiry(q, signal, wait),
  carriedOrderInquiry: () => carried,
  dropCarriedOrderInquiry: () => {
    carried = undefined;
  },
}));

let hidden = false;
beforeEach(() => {
  vi.useFakeTimers();
  fetchOrderInquiry.mockClear();
  answers.length = 0;
  hidden = false;
  holdMs = 0;
  carried = undefined;
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
});
afterEach(() => vi.useRealTimers());

const flush = () => act(async () => {});
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

describe('the order page asks again by itself', () => {
  it('backs off from 3 s to 30 s', () => {
    const delays = [0];
    for (let i = 0; i < 8; i++) delays.push(nextPollDelay(delays.at(-1) as number));
    expect(delays.slice(1)).toEqual([3000, 4500, 6750, 10125, 15188, 22782, 30000, 30000]);
    expect(POLL_FIRST_MS).toBe(3000);
    expect(POLL_MAX_MS).toBe(30000);
  });

  it('knows when an order will not change any more', () => {
    expect(inquirySettled(inquiry())).toBe(false);
    expect(inquirySettled(inquiry({ payment_channel: 'AM' }))).toBe(false);
    expect(inquirySettled(inquiry({ is_expired: 'Y' }))).toBe(true);
    expect(inquirySettled(paidInquiry([paidImage(1)], { is_logo_image_created: 'N' }))).toBe(false);
    expect(inquirySettled(paidInquiry([paidImage(1)]))).toBe(true);
    expect(inquirySettled(paidInquiry([], { payment_channel: 'FREE', is_logo_image_created: 'N' }))).toBe(
      true,
    );
    expect(inquirySettled(paidInquiry([], { is_refunded: 'Y', is_original_image_created: 'N' }))).toBe(true);
  });

  it('backs off from 3 s when the server answers at once, turns paid, and stops once everything is ready', async () => {
    const { result } = renderHook(() => useOrderInquiry(ORDER_UUID));
    await flush();
    await advance(0);
    // The first answer, then a first wait-for-change ask at once (this server does not wait).
    expect(fetchOrderInquiry).toHaveBeenCalledTimes(2);
    await advance(2999);
    expect(fetchOrderInquiry).toHaveBeenCalledTimes(2);
    await advance(1);
    expect(fetchOrderInquiry).toHaveBeenCalledTimes(3);
    await advance(4500);
    expect(fetchOrderInquiry).toHaveBeenCalledTimes(4);

    answers.push(paidInquiry([paidImage(1)], { is_original_image_created: 'N', is_logo_image_created: 'N' }));
    await advance(6750);
    expect(fetchOrderInquiry).toHaveBeenCalledTimes(5);
    expect(result.current.result).toMatchObject({ state: 'loaded', inquiry: { payment_status: 'PAID' } });
    // Paid now: asked again at once, until the images are ready.
    answers[0] = paidInquiry([paidImage(1)]);
    await advance(10);
    expect(fetchOrderInquiry).toHaveBeenCalledTimes(6);
    await advance(120_000);
    expect(fetchOrderInquiry).toHaveBeenCalledTimes(6);
  });

  it('waits on the server for a change (long poll) and asks again at once after each answer', async () => {
    holdMs = 25_000;
    answers.push(inquiry({ state_token: 'INITIAL/-/N/N/1:0' }));
    renderHook(() => useOrderInquiry(ORDER_UUID));
    await flush();
    await advance(0);
    expect(fetchOrderInquiry).toHaveBeenCalledTimes(2);
    expect(fetchOrderInquiry.mock.calls[1]?.[2]).toEqual({ known: 'INITIAL/-/N/N/1:0', seconds: 25 });
    await advance(25_010);
    expect(fetchOrderInquiry).toHaveBeenCalledTimes(3);
    await advance(25_010);
    expect(fetchOrderInquiry).toHaveBeenCalledTimes(4);
  });

  it('shows the answer that came with the page in its first render, then waits on the server for a change', async () => {
    holdMs = 25_000;
    const withPage = inquiry({ state_token: 'INITIAL/-/N/N/1:0' });
    carried = withPage;
    const { result } = renderHook(() => useOrderInquiry(ORDER_UUID));
    expect(result.current.result).toEqual({ state: 'loaded', inquiry: withPage });
    await flush();
    await advance(0);
    // No ask for what came with the page: the first ask already waits for a change of it.
    expect(fetchOrderInquiry).toHaveBeenCalledTimes(1);
    expect(fetchOrderInquiry.mock.calls[0]?.[2]).toEqual({ known: 'INITIAL/-/N/N/1:0', seconds: 25 });
  });

  it('a render thrown away before the first screen is shown leaves the carried answer to the one that is kept', async () => {
    // Two renders before any is shown (as when React renders a hydration again after waiting for a chunk): both
    // read the answer that came with the page; only once one is shown does a later visit ask the API.
    const withPage = inquiry({ state_token: 'INITIAL/-/N/N/1:0' });
    carried = withPage;
    const { result } = renderHook(() => [useOrderInquiry(ORDER_UUID), useOrderInquiry(ORDER_UUID)] as const);
    expect(result.current[0].result).toEqual({ state: 'loaded', inquiry: withPage });
    expect(result.current[1].result).toEqual({ state: 'loaded', inquiry: withPage });
    const later = renderHook(() => useOrderInquiry(ORDER_UUID));
    expect(later.result.current.result).toEqual({ state: 'loading' });
  });

  it('never asks while the tab is hidden, and asks at once when it comes back', async () => {
    renderHook(() => useOrderInquiry(ORDER_UUID));
    await flush();
    await advance(0);
    hidden = true;
    await act(async () => void document.dispatchEvent(new Event('visibilitychange')));
    await advance(60_000);
    expect(fetchOrderInquiry).toHaveBeenCalledTimes(2);
    hidden = false;
    await act(async () => void document.dispatchEvent(new Event('visibilitychange')));
    await flush();
    expect(fetchOrderInquiry).toHaveBeenCalledTimes(3);
  });
});
