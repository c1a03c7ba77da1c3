// Order creation is limited per client, and orders that pay nothing send their notices (an SMS and an
// e-mail to whatever the caller typed) within a client's hourly allowance; the orders themselves are made.
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../db/test-databases';
import { orderFixture } from '../test/order-fixtures';
import { apiLimits, LIMITS } from './api';

const [database] = testDatabases;

describe.runIf(database)('per-client limits of order creation', () => {
  const f = orderFixture(database as NonNullable<typeof database>, { limits: () => apiLimits() });
  const jobsOf = async (uuid: string) =>
    (
      await f.db
        .selectFrom('jobs')
        .select('kind')
        .where('kind', '=', 'notify-order')
        .where((eb) => eb(eb.cast(eb.ref('payload'), 'text'), 'like', `%${uuid}%`))
        .execute()
    ).length;

  it('makes free orders beyond the allowance without their notices, then refuses more orders with 429', async () => {
    const made: string[] = [];
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.createOrder.capacity + 1; i++) {
      const res = await f.post(
        '/api/v3/order/create',
        f.on('free', { mobile: `08${String(10_000_000 + i)}`, amount: '0.00', payment_channel: 'FREE' }),
      );
      statuses.push(res.status);
      if (res.ok) made.push(((await res.json()) as { uuid: string }).uuid);
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const notified = [];
    for (const uuid of made) notified.push(await jobsOf(uuid));
    expect(notified.slice(0, LIMITS.freeNotices.capacity)).toEqual([1, 1, 1]);
    expect(notified.slice(LIMITS.freeNotices.capacity).every((n) => n === 0)).toBe(true);
    // Each of them is still complete: its page shows it paid.
    expect((await f.inquire(made.at(-1) as string)).payment_status).toBe('PAID');
  });

  it('counts a finisher card call once: the allowance is so many calls, then 429 with the wait', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.cards.capacity + 1; i++) {
      const res = await f.post('/api/v1/orders/card', {
        order_uuid: '00000000-0000-4000-8000-000000000000',
        photo_id: 1,
        format: 'feed',
        language: 'th',
      });
      statuses.push(res.status);
      if (res.status === 429)
        expect(await res.json()).toMatchObject({
          code: 'too-many-requests',
          retry_after: expect.any(Number),
        });
    }
    expect(statuses).toEqual([...Array(LIMITS.cards.capacity).fill(404), 429]);
    expect((await f.t.app.request('/api/v1/orders/card/x.jpg')).status).toBe(429);
  });
});
