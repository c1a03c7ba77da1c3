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
