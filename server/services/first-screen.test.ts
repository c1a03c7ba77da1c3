// The first screen's largest image, found from a page address and preloaded with the shell (issue 15).
import { describe, expect, it } from 'vitest';
import { firstScreenKey } from '../../core/first-screen';
import { testDatabases } from '../db/test-databases';
import { orderFixture } from '../test/order-fixtures';
import {
  firstScreenAnswers,
  firstScreenImage,
  withFirstScreenAnswers,
  withImagePreload,
} from './first-screen';

describe.each(testDatabases.slice(0, 1))('the first screen’s image', (database) => {
  const f = orderFixture(database);

  it('is the first on-sale event’s cover on home and the event’s cover on its page; nothing elsewhere', async () => {
    const ctx = f.t.ctx;
    const home = await firstScreenImage(ctx, '/');
    expect(home).toMatch(/\/cover\.jpg$|cover/);
    expect(await firstScreenImage(ctx, '/paid')).toMatch(/paid/);
    for (const page of [
      '/cart',
      '/about',
      '/download/0b6f1f5e-2a34-4c1e-9d41-6a3c1b2d3e4f',
      '/%E0%A4%A',
      '/x.js',
    ])
      expect(await firstScreenImage(ctx, page)).toBeUndefined();
  });

  it('goes into the head as a high-priority image preload, its address escaped', () => {
    const html = '<!doctype html><html><head><title>RunFoto</title></head><body></body></html>';
    expect(withImagePreload(html, '/storage/run/cover.jpg')).toContain(
      '<link rel="preload" as="image" href="/storage/run/cover.jpg" fetchpriority="high"></head>',
    );
    expect(withImagePreload(html, '/a"><script>x</script>')).toContain('href="/a&quot;&gt;&lt;script&gt;');
    expect(withImagePreload(html, undefined)).toBe(html);
  });
});

describe.each(testDatabases.slice(0, 1))('the first screen’s answers', (database) => {
  const f = orderFixture(database);

  it('are those of the API for home and an event page, keyed as the client asks; none elsewhere', async () => {
    const ctx = f.t.ctx;
    const home = await firstScreenAnswers(ctx, '/');
    const key = firstScreenKey('POST', '/v1/events/pagination', {
      page_tab: 'ON_SALE',
      page: 1,
      page_size: 36,
    });
    const api = await f.post('/api/v1/events/pagination', { page: 1, page_size: 36, page_tab: 'ON_SALE' });
    expect(home[key]).toEqual(await api.json());
    const count = await f.post('/api/v1/events/pagination-count', { event_status: 'ON_SALE' });
    expect(home[firstScreenKey('POST', '/v1/events/pagination-count', { event_status: 'ON_SALE' })]).toEqual(
      await count.json(),
    );
    expect(home[firstScreenKey('GET', '/v1/events/soon')]).toEqual(
      await (await f.t.app.request('/api/v1/events/soon')).json(),
    );
    const event = await firstScreenAnswers(ctx, '/paid');
    expect(event[firstScreenKey('GET', '/v1/events/paid')]).toEqual(
      await (await f.t.app.request('/api/v1/events/paid')).json(),
    );
    // The precached shell (/index.html) never carries data; unknown events and other pages carry none.
    for (const page of [
      '/index.html',
      '/no-such-event',
      '/download/0b6f1f5e-2a34-4c1e-9d41-6a3c1b2d3e4f',
      '/x.js',
    ])
      expect(await firstScreenAnswers(ctx, page)).toEqual({});
    expect(await firstScreenImage(ctx, '/index.html')).toBeUndefined();
  });

  it('go into the head as JSON data that cannot end the element', () => {
    const html = '<!doctype html><html><head><title>RunFoto</title></head><body></body></html>';
    const shell = withFirstScreenAnswers(html, {
      'GET /v1/events/x ': { title: '</script><script>alert(1)' },
    });
    expect(shell).toContain('<script id="first-screen-answers" type="application/json">');
    expect(shell).not.toContain('</script><script>alert(1)');
    expect(withFirstScreenAnswers(html, {})).toBe(html);
  });
});
