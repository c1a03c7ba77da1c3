import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstScreenJson, firstScreenKey } from '../../../core/first-screen';

const event = { status: 'success', body: [{ event_count: 5 }] };

afterEach(() => {
  document.getElementById('first-screen-answers')?.remove();
  vi.unstubAllGlobals();
  vi.resetModules();
});

function carry(answers: Record<string, unknown>) {
  const element = document.createElement('script');
  element.id = 'first-screen-answers';
  element.type = 'application/json';
  element.textContent = firstScreenJson(answers);
  document.head.append(element);
}

describe('answers carried by the shell', () => {
  it('answer the first matching call once, whatever the order of its body’s fields; later calls ask the API', async () => {
    carry({ [firstScreenKey('POST', '/v1/events/pagination-count', { event_status: 'ON_SALE' })]: event });
    const fetch = vi.fn(async () => Response.json({ status: 'success', body: [{ event_count: 9 }] }));
    vi.stubGlobal('fetch', fetch);
    const { fetchOnSaleCount } = await import('./events');
    expect(await fetchOnSaleCount()).toBe(5);
    expect(fetch).not.toHaveBeenCalled();
    expect(await fetchOnSaleCount()).toBe(9);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('an answer that does not fit its schema, or a broken element, is no answer', async () => {
    carry({
      [firstScreenKey('POST', '/v1/events/pagination-count', { event_status: 'ON_SALE' })]: { status: 'x' },
    });
    const fetch = vi.fn(async () => Response.json({ status: 'success', body: [{ event_count: 9 }] }));
    vi.stubGlobal('fetch', fetch);
    const { fetchOnSaleCount } = await import('./events');
    expect(await fetchOnSaleCount()).toBe(9);
    document.getElementById('first-screen-answers')?.remove();
    vi.resetModules();
    const broken = document.createElement('script');
    broken.id = 'first-screen-answers';
    broken.type = 'application/json';
    broken.textContent = '{"a":';
    document.head.append(broken);
    const again = await import('./events');
    expect(await again.fetchOnSaleCount()).toBe(9);
  });
});

describe('one page’s carried answers', () => {
  it('are peeked at without being used up, taken once, and kept apart from another page’s', async () => {
    const { CarriedAnswers } = await import('./first-screen');
    const key = firstScreenKey('POST', '/v3/order/inquiry', { tk: 't', order_uuid: 'u' });
    const one = new CarriedAnswers({ [key]: { n: 1 } });
    const two = new CarriedAnswers({ [key]: { n: 2 } });
    expect(one.peek('POST', '/v3/order/inquiry', { order_uuid: 'u', tk: 't' })).toEqual({ n: 1 });
    expect(one.take('POST', '/v3/order/inquiry', { tk: 't', order_uuid: 'u' })).toEqual({ n: 1 });
    expect(one.take('POST', '/v3/order/inquiry', { tk: 't', order_uuid: 'u' })).toBeUndefined();
    expect(two.take('POST', '/v3/order/inquiry', { tk: 't', order_uuid: 'u' })).toEqual({ n: 2 });
    // Only the browser's page keeps what was taken (for its service worker).
    expect(one.taken).toEqual([]);
  });
});
