// Integration: the administrator's payment steps (mark paid, approve AM orders) on orders made through the API.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { listPendingAmOrders } from '../db/orders-repo';
import { testDatabases } from '../db/test-databases';
import { approveAmOrder, markPaidByOperator } from '../services/payments/settle';
import { orderFixture } from '../test/order-fixtures';

describe.each(testDatabases)('order calls on $name', (database) => {
  const fixture = orderFixture(database);
  const { item, order, create, inquire } = fixture;
  let db: Db;
  beforeAll(() => {
    db = fixture.db;
  });

  it('records a payment once when two administrators mark it at the same time', async () => {
    const uuid = await create(order());
    const results = await Promise.all(
      [1, 2].map(() => markPaidByOperator(fixture.t.ctx, uuid, { paymentRef: 'R-0001', note: '' })),
    );
    expect(results.sort()).toEqual(['already-paid', 'paid']);
    const paidRows = await db
      .selectFrom('payments')
      .select('id')
      .where('order_id', '=', uuid)
      .where('status', '=', 'PAID')
      .execute();
    expect(paidRows).toHaveLength(1);
    expect(await markPaidByOperator(fixture.t.ctx, 'not-a-uuid', { paymentRef: 'x', note: '' })).toBe(
      'not-found',
    );
    expect(await markPaidByOperator(fixture.t.ctx, randomUUID(), { paymentRef: 'x', note: '' })).toBe(
      'not-found',
    );
  });

  it('lists pending AM orders and lets an administrator approve them once', async () => {
    const am = await create(
      order({
        event_key: 'stage',
        imageList: [item('stage', 4), item('stage', 5)],
        amount: '126.00',
        payment_channel: 'AM',
        am_order_ref: '0812345678',
      }),
    );
    const pending = await listPendingAmOrders(db);
    expect(pending.find((p) => p.order_id === am)).toMatchObject({
      event_key: 'stage',
      photo_count: 2,
      am_order_ref: '0812345678',
      amount: '126.00',
    });
    expect(await approveAmOrder(fixture.t.ctx, await create(order()))).toBe('not-am');
    expect(await approveAmOrder(fixture.t.ctx, am)).toBe('paid');
    expect(await approveAmOrder(fixture.t.ctx, am)).toBe('already-paid');
    expect((await listPendingAmOrders(db)).map((p) => p.order_id)).not.toContain(am);
    expect((await inquire(am)).payment_status).toBe('PAID');
  });
});
