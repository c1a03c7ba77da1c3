import { Hono } from 'hono';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOfAddress, memoryLimiter, postgresLimiter, rateLimit } from './rate-limit';

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
    expect(await refused.json()).toMatchObject({ status: 'error' });
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

describe('who an address stands for (issue 33)', () => {
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
