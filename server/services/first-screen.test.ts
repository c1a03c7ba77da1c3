// The first screen of a page address: its loaders' answers inlined into the shell, and its largest image
// preloaded with it.
import { describe, expect, it } from 'vitest';
import { firstScreenKey } from '../../core/first-screen';
import { SHOWN_SIZES } from '../../core/sized-images';
import { testDatabases } from '../db/test-databases';
import { TEST_APP_TOKEN } from '../test/app-fixture';
import { orderFixture } from '../test/order-fixtures';
import {
  firstScreen,
  firstScreenAnswersElement,
  imagePreloadLink,
  intoHead,
  intoHeadFirst,
} from './first-screen';

describe.each(testDatabases.slice(0, 1))('the first screen', (database) => {
  const f = orderFixture(database);

  it('is the API’s answers for home and an event page, keyed as the client asks, with its largest image', async () => {
    const ctx = f.t.ctx;
    const home = await firstScreen(ctx, '/');
    const key = firstScreenKey('POST', '/v1/events/pagination', {
      page_tab: 'ON_SALE',
      page: 1,
      page_size: 36,
    });
    const api = (await (
      await f.post('/api/v1/events/pagination', { page: 1, page_size: 36, page_tab: 'ON_SALE' })
    ).json()) as { body: { coverurl: string }[] };
    expect(home.answers[key]).toEqual(api);
    // The largest image of home: the first on-sale event's cover.
    expect(home.image).toEqual({ url: api.body[0]?.coverurl, shown: 'card' });
    expect(home.image?.url).toMatch(/cover/);
    const count = await f.post('/api/v1/events/pagination-count', { event_status: 'ON_SALE' });
    expect(
      home.answers[firstScreenKey('POST', '/v1/events/pagination-count', { event_status: 'ON_SALE' })],
    ).toEqual(await count.json());
    expect(home.answers[firstScreenKey('GET', '/v1/events/soon')]).toEqual(
      await (await f.t.app.request('/api/v1/events/soon')).json(),
    );
    const event = await firstScreen(ctx, '/paid');
    const eventApi = (await (await f.t.app.request('/api/v1/events/paid')).json()) as {
      body: { coverurl: string };
    };
    expect(event.answers[firstScreenKey('GET', '/v1/events/paid')]).toEqual(eventApi);
    expect(event.image).toEqual({ url: eventApi.body.coverurl, shown: 'wide' });
    expect(event.image?.url).toMatch(/paid/);
  });

  it('is, on an order page (every address of it), that order’s inquiry as the API answers it, and private', async () => {
    const uuid = await f.create(f.order());
    const key = firstScreenKey('POST', '/v3/order/inquiry', { tk: TEST_APP_TOKEN, order_uuid: uuid });
    const api = await f.inquire(uuid);
    for (const page of ['download', 'd', 'dcc', 'dd', 'dp', 'dz']) {
      const order = await firstScreen(f.t.ctx, `/${page}/${uuid}`);
      expect(order).toEqual({ answers: { [key]: api }, private: true });
    }
    // The served page is kept by no cache, as the inquiry's own answer is not.
    const res = await f.t.app.request(`/download/${uuid}`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await f.t.app.request('/paid')).headers.get('cache-control')).toBe('no-cache');
  });

  it('is nothing but its flags for unknown events, teams and orders, other pages and broken addresses', async () => {
    const unknownOrder = '/download/0b6f1f5e-2a34-4c1e-9d41-6a3c1b2d3e4f';
    const pages: [string, object][] = [
      ['/no-such-event', { missing: true }],
      ['/no-such-event/wholesale', { missing: true }],
      ['/team/no-such-team', { missing: true }],
      ['/eventqr/no-such-event', { missing: true }],
      ['/cart', { private: true }],
      ['/about', { private: false }],
      [unknownOrder, { private: true, missing: true }],
      ['/download/not-an-order', { private: true, missing: true }],
      [`${unknownOrder}/x`, { missing: true }],
      ['/%E0%A4%A', { missing: true }],
      ['/x.js', { missing: true }],
      ['/404', { missing: true }],
    ];
    for (const [page, flags] of pages) {
      const screen = await firstScreen(f.t.ctx, page);
      // An unknown team's page says so itself, from the same empty answers the browser would get.
      const answers = page.startsWith('/team/') ? screen.answers : {};
      expect(Object.keys(answers).length, page).toBe(page.startsWith('/team/') ? 2 : 0);
      expect(screen, page).toEqual({ answers, ...flags });
    }
  });

  it('is a high-priority image preload, its address escaped', () => {
    expect(imagePreloadLink({ url: '/storage/run/cover.jpg', shown: 'wide' })).toBe(
      '<link rel="preload" as="image" href="/storage/run/cover.jpg" fetchpriority="high">',
    );
    // With WebP copies: the copy the <img> will choose, by the same srcset and sizes.
    expect(imagePreloadLink({ url: '/storage/run/cover-ab.w480-800.jpg', shown: 'card' })).toBe(
      '<link rel="preload" as="image" href="/storage/run/cover-ab.w480-800.jpg" ' +
        'imagesrcset="/storage/run/cover-ab.w480-800.480.webp 480w, /storage/run/cover-ab.w480-800.800.webp 800w" ' +
        `imagesizes="${SHOWN_SIZES.card}" fetchpriority="high">`,
    );
    expect(imagePreloadLink({ url: '/a"><script>x</script>', shown: 'wide' })).toContain(
      'href="/a&quot;&gt;&lt;script&gt;',
    );
    expect(imagePreloadLink(undefined)).toBe('');
  });

  it('puts the answers in a JSON element that cannot be ended by them', () => {
    const element = firstScreenAnswersElement({
      'GET /v1/events/x ': { title: '</script><script>alert(1)' },
    });
    expect(element).toMatch(/^<script id="first-screen-answers" type="application\/json">.*<\/script>$/);
    expect(element).not.toContain('</script><script>alert(1)');
    expect(firstScreenAnswersElement({})).toBe('');
  });

  it('goes at the end of the shell’s head, and adds nothing when there is nothing', () => {
    const html = '<!doctype html><html><head><title>RunFoto</title></head><body></body></html>';
    expect(intoHead(html, '<link rel="x">')).toBe(
      '<!doctype html><html><head><title>RunFoto</title><link rel="x"></head><body></body></html>',
    );
    // A "$&" in the markup is text, not a replacement pattern.
    expect(intoHead(html, '<meta content="$&">')).toContain('<meta content="$&"></head>');
    expect(intoHead(html, '')).toBe(html);
  });

  it('puts the largest image first in the head, under the Content-Security-Policy', () => {
    const policy = `<meta http-equiv="Content-Security-Policy" content="default-src 'self'">`;
    const html = `<html><head><meta charset="UTF-8">${policy}<link rel="preload" as="font"></head></html>`;
    expect(intoHeadFirst(html, '<link rel="preload" as="image">')).toBe(
      `<html><head><meta charset="UTF-8">${policy}<link rel="preload" as="image"><link rel="preload" as="font"></head></html>`,
    );
    expect(intoHeadFirst('<html><head><title>x</title></head></html>', '<link rel="y">')).toBe(
      '<html><head><link rel="y"><title>x</title></head></html>',
    );
    expect(intoHeadFirst(html, '')).toBe(html);
  });
});
