import { describe, expect, it } from 'vitest';
import type { WorkerToPage } from '../core/sw-messages';
import { apiCache, isEventDataCall, keptAnswerKey } from './api-cache';

const ORIGIN = 'https://runfoto.example';
const url = (path: string) => new URL(path, ORIGIN);

describe('which calls the worker keeps', () => {
  it('keeps the event data of home, events, highlights, stages and teams', () => {
    const kept = (method: string, path: string) => isEventDataCall(url(path), method, ORIGIN);
    expect(kept('GET', '/api/v1/events/soon')).toBe(true);
    expect(kept('GET', '/api/v1/events/slider-banner')).toBe(true);
    expect(kept('GET', '/api/v1/events/bangkok-city-marathon-2026')).toBe(true);
    expect(kept('GET', '/api/v1/events/bangkok-city-marathon-2026/image-time')).toBe(true);
    expect(kept('GET', '/api/v1/events/team/runners-club')).toBe(true);
    expect(kept('GET', '/api/v1/events/team-detail/runners-club')).toBe(true);
    expect(kept('POST', '/api/v1/events/pagination')).toBe(true);
    expect(kept('POST', '/api/v1/events/pagination-count')).toBe(true);
    expect(kept('POST', '/api/v1/facesearch/highlight')).toBe(true);
    expect(kept('POST', '/api/v1/imagestage/pagination')).toBe(true);
  });

  it('never keeps what changes state, carries a buyer, or redirects to a signed file', () => {
    const kept = (method: string, path: string) => isEventDataCall(url(path), method, ORIGIN);
    expect(kept('POST', '/api/v1/order/create')).toBe(false);
    expect(kept('POST', '/api/v3/order/inquiry')).toBe(false);
    expect(kept('POST', '/api/v1/order/find-order')).toBe(false);
    expect(kept('POST', '/api/v2/facesearch/sign')).toBe(false);
    expect(kept('POST', '/api/v2/facesearch')).toBe(false);
    expect(kept('POST', '/api/v1/logs/')).toBe(false);
    expect(kept('POST', '/api/v1/utils/conf')).toBe(false);
    expect(kept('GET', '/api/v1/events/free-run/free-photos/12')).toBe(false);
    expect(kept('GET', '/api/v1/events/pagination')).toBe(true); // an event key, as the server reads it
    expect(kept('PUT', '/api/v1/events/pagination')).toBe(false);
    expect(kept('GET', '/api/v1/events/soon?x=1')).toBe(false);
    expect(isEventDataCall(new URL('https://elsewhere.example/api/v1/events/soon'), 'GET', ORIGIN)).toBe(
      false,
    );
  });

  it('keys a POST by its body, whatever the order of its fields', async () => {
    const post = (body: string) =>
      new Request(`${ORIGIN}/api/v1/events/pagination`, { method: 'POST', body });
    const a = await keptAnswerKey(post('{"page":1,"page_size":12,"page_tab":"ON_SALE"}'));
    const b = await keptAnswerKey(post('{"page_tab":"ON_SALE","page_size":12,"page":1}'));
    const c = await keptAnswerKey(post('{"page":2,"page_size":12,"page_tab":"ON_SALE"}'));
    expect(a).toBe(b);
    expect(a).not.toBe(c);
    expect(a).toMatch(
      /^https:\/\/runfoto\.example\/__kept-answer__\/api\/v1\/events\/pagination\?body=[0-9a-f]{64}$/,
    );
    expect(await keptAnswerKey(new Request(`${ORIGIN}/api/v1/events/soon`))).toBe(
      `${ORIGIN}/__kept-answer__/api/v1/events/soon`,
    );
  });
});

/** A Cache API stand-in keyed by address, a clock, and a network whose answers the test sets. */
function harness() {
  const stored = new Map<string, Response>();
  const cache = {
    match: async (key: RequestInfo | URL) => stored.get(String(key))?.clone(),
    put: async (key: RequestInfo | URL, response: Response) => {
      stored.set(String(key), response.clone());
    },
    delete: async (key: RequestInfo | URL) => stored.delete(String(key)),
  };
  const told: WorkerToPage[] = [];
  let network: () => Promise<Response> = async () => Response.json({ status: 'success', body: [] });
  let fetched = 0;
  let clock = Date.parse('2026-11-24T12:00:00Z');
  const pending: Promise<unknown>[] = [];
  const cached = apiCache(
    {
      cacheName: 'event-data-v1',
      maxEntries: 10,
      maxAgeSeconds: 3600,
      freshSeconds: 300,
      networkTimeoutMs: 50,
    },
    {
      caches: { open: async () => cache as unknown as Cache },
      fetch: async () => {
        fetched += 1;
        return network();
      },
      tellPages: async (message) => {
        told.push(message);
      },
      now: () => clock,
    },
  );
  const ask = async () => {
    const answer = await cached.respond(
      new Request(`${ORIGIN}/api/v1/events/pagination`, { method: 'POST', body: '{"page":1}' }),
      (work) => pending.push(work),
    );
    const body = await answer.json();
    await Promise.all(pending.splice(0));
    return body;
  };
  const answers = (body: unknown) => async () => Response.json({ status: 'success', body });
  return {
    cached,
    ask,
    told,
    stored,
    fetched: () => fetched,
    setNetwork: (next: () => Promise<Response>) => {
      network = next;
    },
    answers,
    later: (seconds: number) => {
      clock += seconds * 1000;
    },
  };
}

const failed = async (): Promise<Response> => {
  throw new TypeError('Failed to fetch');
};

describe('kept event data', () => {
  it('answers from the network the first time and keeps the answer', async () => {
    const h = harness();
    h.setNetwork(h.answers(['first']));
    expect(await h.ask()).toEqual({ status: 'success', body: ['first'] });
    expect(h.stored.size).toBe(1);
    expect(h.told).toEqual([]);
  });

  it('within minutes, answers with the kept copy at once, refreshes it behind, and tells the pages only of a change', async () => {
    const h = harness();
    h.setNetwork(h.answers(['first']));
    await h.ask();
    expect(await h.ask()).toEqual({ status: 'success', body: ['first'] });
    expect(h.told).toEqual([]);
    h.setNetwork(h.answers(['second']));
    expect(await h.ask()).toEqual({ status: 'success', body: ['first'] });
    expect(h.told).toEqual([{ type: 'API_UPDATED', path: '/api/v1/events/pagination' }]);
    expect(await h.ask()).toEqual({ status: 'success', body: ['second'] });
    expect(h.fetched()).toBe(4);
  });

  it('an older kept copy waits for the network (prices and sale dates change), and serves when it fails or is slow', async () => {
    const h = harness();
    h.setNetwork(h.answers(['monday']));
    await h.ask();
    h.later(3600);
    h.setNetwork(h.answers(['tuesday']));
    expect(await h.ask()).toEqual({ status: 'success', body: ['tuesday'] });
    h.later(3600);
    h.setNetwork(failed);
    expect(await h.ask()).toEqual({ status: 'success', body: ['tuesday'] });
    // Slow: the kept copy now, and the late answer replaces it behind.
    h.setNetwork(
      () =>
        new Promise((resolve) =>
          setTimeout(() => resolve(Response.json({ status: 'success', body: ['late'] })), 300),
        ),
    );
    expect(await h.ask()).toEqual({ status: 'success', body: ['tuesday'] });
    h.later(3600);
    h.setNetwork(async () => Response.json({ status: 'error', message: 'x' }, { status: 503 }));
    expect(await h.ask()).toEqual({ status: 'success', body: ['late'] });
  });

  it('offline with nothing kept, the failure reaches the page', async () => {
    const h = harness();
    h.setNetwork(failed);
    await expect(h.ask()).rejects.toThrow('Failed to fetch');
  });

  it('forgets an event the server no longer knows, and tells the pages', async () => {
    const h = harness();
    h.setNetwork(h.answers(['event']));
    await h.ask();
    h.later(3600);
    h.setNetwork(async () => Response.json({ status: 'error', message: 'event not found' }, { status: 404 }));
    expect(await h.ask()).toEqual({ status: 'error', message: 'event not found' });
    expect(h.stored.size).toBe(0);
    expect(h.told).toEqual([{ type: 'API_UPDATED', path: '/api/v1/events/pagination' }]);
  });

  it('never keeps an error, a refusal or a page that is not JSON in place of good data', async () => {
    const h = harness();
    h.setNetwork(h.answers(['good']));
    await h.ask();
    for (const bad of [
      () => Response.json({ status: 'error', message: 'x' }, { status: 500 }),
      () => Response.json({ status: 'error', message: 'x' }, { status: 200 }),
      () => new Response('<html>proxy error</html>', { status: 200 }),
      () => new Response('', { status: 429 }),
    ]) {
      h.setNetwork(async () => bad());
      expect(await h.ask()).toEqual({ status: 'success', body: ['good'] });
    }
    expect(h.told).toEqual([]);
  });
});

describe('event data a page came with', () => {
  it('is kept as if asked, so the page reopens offline; nothing else is kept', async () => {
    const h = harness();
    await h.cached.keepCarried(
      [
        {
          method: 'POST',
          url: '/api/v1/events/pagination',
          body: { page: 1 },
          answer: { status: 'success', body: ['carried'] },
        },
        { method: 'GET', url: '/api/v1/events/soon', answer: { status: 'success', body: [] } },
        // A buyer's order and another origin's data are never kept.
        {
          method: 'POST',
          url: '/api/v3/order/inquiry',
          body: { order_uuid: 'x' },
          answer: { status: 'success' },
        },
        { method: 'GET', url: 'https://elsewhere.example/api/v1/events/soon', answer: { status: 'success' } },
        // Nor an answer that is not a success.
        { method: 'GET', url: '/api/v1/events/slider-banner', answer: { status: 'error' } },
      ],
      ORIGIN,
    );
    expect([...h.stored.keys()].sort()).toEqual([
      `${ORIGIN}/__kept-answer__/api/v1/events/pagination?body=${[...h.stored.keys()].find((k) => k.includes('body='))?.split('body=')[1]}`,
      `${ORIGIN}/__kept-answer__/api/v1/events/soon`,
    ]);
    // Offline, the page's own call is answered from it.
    h.setNetwork(failed);
    h.later(3600 - 1);
    expect(await h.ask()).toEqual({ status: 'success', body: ['carried'] });
  });
});
