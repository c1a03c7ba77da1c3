// Integration: the defects hostile testing found, each answered at the depth where it belongs, through the real app
// on a real database (PGlite, and PostgreSQL in CI): forbidden characters in any text, ids beyond what a bigint
// holds, private answers that a cache could keep, answers given before the body was read, the usage logs' limit,
// source maps, and the one-time, streamed selfie upload.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/test-databases';
import { captureLogs } from '../ops/log';
import { openTestApp } from '../test/app-fixture';
import { orderFixture } from '../test/order-fixtures';
import { apiLimits } from './api';
import {
  FORBIDDEN_CHARACTER_MESSAGE,
  forbiddenTextPath,
  MOST_NESTING,
  TOO_DEEP_MESSAGE,
  textProblem,
} from './validate';

const NUL = '\u0000';
const RLO = '\u202e';
const LONE_SURROGATE = '\ud800';

describe.each(testDatabases)('hostile input on $name', (database) => {
  const f = orderFixture(database);
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['order_team', { order_team: `team${NUL}` }],
    ['coupon_code', { coupon_code: `c${NUL}` }],
    ['email', { email: `a${NUL}@example.com` }],
    ['am_order_ref', { payment_channel: 'AM', am_order_ref: `0812345678${NUL}` }],
    ['order_team', { order_team: `${RLO}gpj.exe` }],
    ['coupon_code', { coupon_code: `x${LONE_SURROGATE}` }],
  ])(
    'an order with a forbidden character in %s is refused with a 400, nothing written, nothing logged',
    async (field, extra) => {
      const logged = captureLogs('error');
      const before = await f.countOrders();
      const res = await f.post('/api/v3/order/create', f.order(extra));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ status: 'error', field, code: 'forbidden-character' });
      expect(await f.countOrders()).toBe(before);
      expect(logged.lines.filter((line) => line.level === 'error')).toEqual([]);
      logged.restore();
    },
  );

  it.each([
    ['event_key', { service: 'event', event_key: `run${NUL}` }],
    ['image_id', { service: 'event', image_id: `1${NUL}` }],
  ])('a usage log with a forbidden character in %s is refused with a 400', async (field, body) => {
    const res = await f.post('/api/v1/logs/', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ field });
  });

  it.each([1e19, 1e300, 2 ** 53, -1, 0, 1.5])('an image id of %s is refused with a 400', async (id) => {
    const res = await f.post('/api/v3/order/create', f.order({ imageList: [{ id }] }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ field: 'imageList.0.id' });
  });

  it('stage browsing refuses ids beyond a safe integer', async () => {
    const res = await f.post('/api/v1/imagestage/pagination', {
      event_id: 1e19,
      event_key: 'stage',
      page: 1,
    });
    expect(res.status).toBe(400);
    const stage = await f.post('/api/v1/imagestage/pagination', {
      event_id: '99999999999999999999',
      event_key: 'stage',
      page: 1,
    });
    expect(stage.status).toBe(400);
  });

  it('order answers (create, inquiry, find-order) carry Cache-Control: no-store', async () => {
    const created = await f.post('/api/v3/order/create', f.order());
    expect(created.headers.get('cache-control')).toBe('no-store');
    const { uuid } = (await created.json()) as { uuid: string };
    const inquiry = await f.post('/api/v3/order/inquiry', { tk: 'test-app-token', order_uuid: uuid });
    expect(inquiry.headers.get('cache-control')).toBe('no-store');
    const found = await f.post('/api/v1/order/find-order', {
      tk: 'test-app-token',
      filter_type: 'mobile',
      txt_search: '0812345678',
    });
    expect(found.status).toBe(200);
    expect(found.headers.get('cache-control')).toBe('no-store');
  });

  it('an answer given before the body was read keeps the connection (the server drops the rest of the body)', async () => {
    const big = JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) });
    const tooLarge = await f.t.app.request('/api/v3/order/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(big.length) },
      body: big,
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get('connection')).toBeNull();
    const unknown = await f.post('/api/v1/no-such-call', { a: 1 });
    expect(unknown.status).toBe(404);
  });

  // JSON.parse takes a body nested 100,000 deep; walking it recursively would overflow the stack (a 500).
  const deepBodies: [string, string][] = [
    ['closed arrays', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
    ['nested objects', `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`],
    ['unclosed arrays', '['.repeat(100_000)],
    ['a short unclosed nesting', '[[[[[[[[[[[['],
    ['no JSON at all', 'not json'],
  ];
  it.each([
    '/api/v1/events/pagination',
    '/api/v1/events/pagination-count',
    '/api/v1/facesearch/highlight',
    '/api/v1/imagestage/pagination',
    '/api/v1/imagestage/pagination-count',
    '/api/v3/order/create',
    '/api/v1/order/inquiry',
    '/api/v1/order/find-order',
    '/api/v1/logs/',
    '/api/v2/facesearch/sign',
    '/api/v2/facesearch',
    '/api/v1/bibsearch',
    '/api/v1/bibsearch/runners',
    '/api/v1/alerts',
    '/api/v1/alerts/confirm',
    '/api/v1/uploads/abcdefghijklmnopqrstuvwxyz012345/sign',
    '/api/v1/uploads/abcdefghijklmnopqrstuvwxyz012345/done',
  ])('%s answers a body that is not its JSON with a 400 in the usual shape, never a 500', async (url) => {
    const logged = captureLogs('error');
    for (const [name, body] of deepBodies) {
      const res = await f.post(url, body);
      expect([name, res.status]).toEqual([name, 400]);
      const answer = (await res.json()) as { status: string; message: string; message_th?: string };
      expect(answer.status).toBe('error');
      expect([name, Boolean(answer.message), Boolean(answer.message_th)]).toEqual([name, true, true]);
    }
    expect(logged.lines.filter((line) => line.level === 'error')).toEqual([]);
    logged.restore();
  });

  it('a shared photo that reaches the server (no service worker took it) is read, dropped, and the buyer sent home', async () => {
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(2048)], { type: 'image/jpeg' }), 'IMG_1.jpg');
    const res = await f.t.app.request('/share-target', { method: 'POST', body: form });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect(res.headers.get('connection')).toBeNull();
  });

  it('source maps are never served', async () => {
    expect((await f.t.app.request('/assets/index-abc.js.map')).status).toBe(404);
    expect((await f.t.app.request('/sw.js.map')).status).toBe(404);
  });

  it('a signed selfie upload address takes one upload, and a chunked upload is cut off at the limit', async () => {
    const sign = async () => ({ url: await f.signSelfieUpload('paid') });
    const { url } = await sign();
    const put = (body: Uint8Array) =>
      f.t.app.request(url, { method: 'PUT', headers: { 'content-type': 'image/jpg' }, body });
    expect((await put(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).status).toBe(200);
    const again = await put(new Uint8Array([0xff, 0xd8, 0xff, 0xd9, 0]));
    expect(again.status).toBe(409);

    const other = await sign();
    let sent = 0;
    const chunk = new Uint8Array(1024 * 1024);
    // 64 MB offered in 1 MB chunks with no length: refused once 15 MB have come in, the rest never asked for.
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 64) controller.close();
        else {
          sent += 1;
          controller.enqueue(chunk);
        }
      },
    });
    const res = await f.t.app.request(other.url, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpg' },
      body: endless,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(20);
  });
});

describe('the client address behind trusted proxies', () => {
  const keyOf = async (trustedProxies: number, forwardedFor: string | undefined) => {
    const limits = apiLimits(undefined, trustedProxies);
    const { Hono } = await import('hono');
    const app = new Hono().get('/', (c) => c.text(limits.clientOf(c)));
    const headers: Record<string, string> = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
    return (await app.request('/', { headers })).text();
  };

  it("believes only the hops the store's own proxies appended", async () => {
    // One proxy: the last entry is the address it saw; what the client wrote before it is ignored.
    expect(await keyOf(1, '203.0.113.9, 198.51.100.7')).toBe('198.51.100.7');
    expect(await keyOf(1, `${Math.random()}, 198.51.100.7`)).toBe('198.51.100.7');
    // Two proxies: the second entry from the right.
    expect(await keyOf(2, 'spoofed, 198.51.100.7, 10.0.0.2')).toBe('198.51.100.7');
    // No proxy trusted: the header means nothing (the in-process test request has no socket).
    expect(await keyOf(0, '203.0.113.9')).toBe('unknown');
    // A request that did not come through the proxies (no header) falls back to the socket.
    expect(await keyOf(1, undefined)).toBe('unknown');
  });

  it('finds the first forbidden string anywhere in a body, keys included, and nesting beyond the limit', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(textProblem(deep)).toEqual({ path: Array(MOST_NESTING).fill(0), message: TOO_DEEP_MESSAGE });
    expect(textProblem([[[`x${NUL}`]]])).toEqual({ path: [0, 0, 0], message: FORBIDDEN_CHARACTER_MESSAGE });
    expect(forbiddenTextPath(deep)).toBeUndefined();
    expect(forbiddenTextPath({ a: 'ok', b: [1, { c: `x${NUL}` }] })).toEqual(['b', 1, 'c']);
    expect(forbiddenTextPath({ [`k${RLO}`]: 1 })).toEqual([`k${RLO}`]);
    expect(forbiddenTextPath({ a: 'ไทย 😀 \t\n' })).toBeUndefined();
  });
});

describe('the usage logs are rate limited', () => {
  it('per client, with 429 and Retry-After', async () => {
    const [database] = testDatabases;
    if (!database) return;
    const t = await openTestApp(database, new Date(), apiLimits());
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++)
        statuses.push((await t.post('/api/v1/logs/', { service: 'event' })).status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(30);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('photos shared to the server', () => {
  it('are dropped as they come up to a selfie’s size, and limited per client', async () => {
    const [database] = testDatabases;
    if (!database) return;
    const t = await openTestApp(database, new Date(), apiLimits());
    try {
      const share = (bytes: number) => {
        const form = new FormData();
        form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'IMG_1.jpg');
        return t.app.request('/share-target', { method: 'POST', body: form });
      };
      const tooLarge = await share(16 * 1024 * 1024);
      expect(tooLarge.status).toBe(413);
      expect(await tooLarge.json()).toMatchObject({ status: 'error', message_th: expect.any(String) });
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await share(2048)).status);
      // Five in a burst (the refused one counted too), then 429.
      expect(statuses.filter((s) => s === 303)).toHaveLength(4);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await t.close();
    }
  });
});
