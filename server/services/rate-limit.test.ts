import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLimits } from '../routes/api';
import {
  clientOfAddress,
  LOOPBACK_PROXIES,
  memoryLimiter,
  postgresLimiter,
  proxyAddresses,
  rateLimit,
} from './rate-limit';

describe('memoryLimiter', () => {
  it('allows a burst, then refuses with the wait, per client', async () => {
    const limiter = memoryLimiter('t1', { capacity: 3, perMinute: 6 });
    expect(await Promise.all([1, 2, 3].map(() => limiter.take('a')))).toEqual([0, 0, 0]);
    // The burst refills over 30 s (3 requests at 6 a minute).
    const wait = await limiter.take('a');
    expect(wait).toBeGreaterThan(25);
    expect(wait).toBeLessThanOrEqual(30);
    expect(await limiter.take('b')).toBe(0);
  });

  it('keeps each limit to itself', async () => {
    const sign = memoryLimiter('sign', { capacity: 1, perMinute: 1 });
    const search = memoryLimiter('search', { capacity: 1, perMinute: 1 });
    expect(await sign.take('a')).toBe(0);
    expect(await search.take('a')).toBe(0);
    expect(await sign.take('a')).toBeGreaterThan(0);
  });
});

describe('rateLimit middleware', () => {
  it('answers 429 with Retry-After and a JSON message', async () => {
    const app = new Hono();
    app.use(
      '*',
      rateLimit(memoryLimiter('mw', { capacity: 1, perMinute: 1 }), (c) => c.req.header('x-client') ?? ''),
    );
    app.get('/', (c) => c.text('ok'));
    expect((await app.request('/', { headers: { 'x-client': '1' } })).status).toBe(200);
    const refused = await app.request('/', { headers: { 'x-client': '1' } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(55);
    const wait = Number(refused.headers.get('retry-after'));
    expect(await refused.json()).toEqual({
      status: 'error',
      code: 'too-many-requests',
      message: `too many requests, try again in ${wait} s`,
      message_th: `ส่งคำขอถี่เกินไป กรุณาลองใหม่ใน ${wait} วินาที`,
      retry_after: wait,
    });
    expect((await app.request('/', { headers: { 'x-client': '2' } })).status).toBe(200);
  });
});

// Two API processes on one PostgreSQL database: each has its own limiter object (its own pool), yet a client's
// requests to both count against one allowance.
const url = process.env.TEST_DATABASE_URL;
describe.skipIf(!url)('postgresLimiter shared by API processes', () => {
  const pools: pg.Pool[] = [];
  beforeAll(async () => {
    const { default: pgModule } = await import('pg');
    const { openDatabase, migrate } = await import('../db/database');
    const db = await openDatabase({ databaseUrl: url });
    await migrate(db);
    await db.destroy();
    pools.push(new pgModule.Pool({ connectionString: url }), new pgModule.Pool({ connectionString: url }));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end()));
  });

  it('counts a client once across processes', async () => {
    const name = `shared-${Date.now()}`;
    const [one, two] = pools.map((pool) => postgresLimiter(pool, name, { capacity: 3, perMinute: 3 })) as [
      ReturnType<typeof postgresLimiter>,
      ReturnType<typeof postgresLimiter>,
    ];
    expect(await one.take('client-a')).toBe(0);
    expect(await two.take('client-a')).toBe(0);
    expect(await one.take('client-a')).toBe(0);
    expect(await two.take('client-a')).toBeGreaterThan(0);
    expect(await one.take('client-a')).toBeGreaterThan(0);
    expect(await two.take('client-b')).toBe(0);
  });
});

describe('who an address stands for', () => {
  it('is an IPv4 address itself, and an IPv6 address its /64', () => {
    expect(clientOfAddress('198.51.100.7')).toBe('198.51.100.7');
    expect(clientOfAddress('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientOfAddress('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientOfAddress('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(clientOfAddress('2001:0db8:0001:0002:0000:0000:0000:0001')).toBe('2001:db8:1:2::/64');
    expect(clientOfAddress('[2001:db8::1]')).toBe('2001:db8:0:0::/64');
    expect(clientOfAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientOfAddress('::1')).toBe('0:0:0:0::/64');
    expect(clientOfAddress('not an address')).toBe('not an address');
  });
});

describe('the proxies’ addresses (TRUSTED_PROXIES)', () => {
  it('are loopback by default; an IPv4-mapped socket address counts as the IPv4 address it is', () => {
    const loopback = proxyAddresses(LOOPBACK_PROXIES);
    for (const address of [
      '127.0.0.1',
      '127.9.8.7',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
      '::FFFF:127.200.0.2',
    ])
      expect(loopback(address), address).toBe(true);
    for (const address of [
      '128.0.0.1',
      '10.9.9.9',
      '::2',
      '::ffff:10.9.9.9',
      '2001:db8::1',
      '',
      'unknown',
      'localhost',
      '127.0.0.1, 10.0.0.1',
    ])
      expect(loopback(address), address).toBe(false);
  });

  it('are single addresses or CIDR blocks, IPv4 and IPv6', () => {
    const proxies = proxyAddresses([
      '10.9.9.9',
      '192.168.4.0/22',
      '2001:db8:aa::/48',
      'fd00::7',
      '::ffff:172.16.0.0/108',
    ]);
    const yes = ['10.9.9.9', '::ffff:10.9.9.9', '192.168.4.1', '192.168.7.254', '::ffff:192.168.5.5'];
    const alsoYes = [
      '2001:db8:aa::1',
      '2001:db8:aa:ffff::9',
      'fd00::7',
      'fd00:0::7%eth0',
      '172.16.3.4',
      '172.31.255.1',
    ];
    for (const address of [...yes, ...alsoYes]) expect(proxies(address), address).toBe(true);
    const no = [
      '10.9.9.8',
      '10.9.9.10',
      '192.168.8.1',
      '192.168.3.255',
      '2001:db8:ab::1',
      'fd00::8',
      '172.32.0.1',
    ];
    for (const address of [...no, '127.0.0.1', '::1']) expect(proxies(address), address).toBe(false);
    // Everything, when that is what the operator wrote.
    expect(proxyAddresses(['0.0.0.0/0'])('203.0.113.7')).toBe(true);
    expect(proxyAddresses(['0.0.0.0/0'])('2001:db8::1')).toBe(false);
  });

  it('refuse an entry that is neither', () => {
    for (const entry of ['nope', '10.0.0.0/33', '::1/129', '10.0.0.0/x', '10.0.0.1/8/1', '10.0.0', ''])
      expect(() => proxyAddresses([entry]), entry).toThrow(/not an address or a CIDR block/);
  });
});

describe('the client address on a real socket', () => {
  /** The store's way: the limits' client rule, and the name search's per-client limit, on a listening server. */
  const listen = async (trustedProxyAddresses: readonly string[]) => {
    const limits = apiLimits(
      (name) => memoryLimiter(name, { capacity: 3, perMinute: 1 }),
      1,
      trustedProxyAddresses,
    );
    const app = new Hono()
      .get('/who', (c) => c.text(limits.clientOf(c)))
      .use('/limited', rateLimit(limits.names, limits.clientOf))
      .get('/limited', (c) => c.text('ok'));
    // Both families on one socket: an IPv4 client is seen as ::ffff:127.0.0.1.
    const server = serve({ fetch: app.fetch, hostname: '::', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const port = (server.address() as AddressInfo).port;
    const get = (host: string, path: string, forwardedFor?: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const headers: Record<string, string> = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
        http
          .get({ host, port, path, headers, agent: false }, (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => {
              body += chunk.toString();
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          })
          .on('error', reject);
      });
    return { get, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  };

  it('does not believe a forged X-Forwarded-For from an address that is not the proxy’s', async () => {
    const store = await listen(['10.9.9.9']);
    try {
      expect((await store.get('127.0.0.1', '/who', '203.0.113.7')).body).toBe('127.0.0.1');
      expect((await store.get('::1', '/who', '203.0.113.7')).body).toBe('0:0:0:0::/64');
      // A new forged address each time is still one client: the fourth is refused.
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await store.get('127.0.0.1', '/limited', `198.51.100.${i}`)).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    } finally {
      await store.close();
    }
  });

  it('believes the proxy’s own entry on a connection from the proxy, IPv4-mapped or IPv6', async () => {
    const store = await listen(LOOPBACK_PROXIES);
    try {
      expect((await store.get('127.0.0.1', '/who', 'forged, 203.0.113.7')).body).toBe('203.0.113.7');
      expect((await store.get('::1', '/who', '203.0.113.8')).body).toBe('203.0.113.8');
      // No header: the proxy's own address.
      expect((await store.get('127.0.0.1', '/who')).body).toBe('127.0.0.1');
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await store.get('127.0.0.1', '/limited', `198.51.100.${i}`)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    } finally {
      await store.close();
    }
  });
});
