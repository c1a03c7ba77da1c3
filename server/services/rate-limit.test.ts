import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { RateLimiter, rateLimit } from './rate-limit';

describe('RateLimiter', () => {
  it('allows a burst, then refills over time, per client', () => {
    let now = 0;
    const limiter = new RateLimiter({ capacity: 3, perMinute: 6, now: () => now });
    expect([1, 2, 3].map(() => limiter.take('a'))).toEqual([0, 0, 0]);
    expect(limiter.take('a')).toBe(10); // one token every 10 s
    expect(limiter.take('b')).toBe(0);
    now += 10_000;
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBeGreaterThan(0);
  });

  it('forgets the least recently seen clients past its size', () => {
    const limiter = new RateLimiter({ capacity: 1, perMinute: 1, maxClients: 2, now: () => 0 });
    limiter.take('a');
    limiter.take('b');
    limiter.take('c'); // a is forgotten: it gets a full bucket again
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('c')).toBeGreaterThan(0);
  });
});

describe('rateLimit middleware', () => {
  it('answers 429 with Retry-After and a JSON message', async () => {
    const app = new Hono();
    app.use(
      '*',
      rateLimit(
        new RateLimiter({ capacity: 1, perMinute: 1, now: () => 0 }),
        (c) => c.req.header('x-client') ?? '',
      ),
    );
    app.get('/', (c) => c.text('ok'));
    expect((await app.request('/', { headers: { 'x-client': '1' } })).status).toBe(200);
    const refused = await app.request('/', { headers: { 'x-client': '1' } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toMatchObject({ status: 'error' });
    expect((await app.request('/', { headers: { 'x-client': '2' } })).status).toBe(200);
  });
});
