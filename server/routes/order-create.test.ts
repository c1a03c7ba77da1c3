// Integration: creating orders (v1, v3) on a real database: prices, channels, refusals and idempotency.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { testDatabases } from '../db/test-databases';
import { MIXED_EVENTS_MESSAGE } from '../services/orders';
import { NOW, orderFixture } from '../test/order-fixtures';

describe.each(testDatabases)('order calls on $name', (database) => {
  const fixture = orderFixture(database);
  const { photos, post, countOrders, item, order, on, create, inquire, orderRow } = fixture;
  let db: Db;
  beforeAll(() => {
    db = fixture.db;
  });

  it('creates a PromptPay order with the recomputed amount, its items and a pending payment', async () => {
    const uuid = await create(order({ imageList: [item('paid', 1), item('paid', 0)], amount: '126' }));
    const row = await orderRow(uuid);
    expect(row).toMatchObject({
      mobile: '0812345678',
      amount: '126.00',
      payment_status: 'INITIAL',
      payment_channel: 'PP',
      payment_gateway: 'SANDBOX',
      api_version: 3,
      paid_at: null,
    });
    expect(row.qrcode_url).toMatch(/^000201010212.*5406126\.00.*6304[0-9A-F]{4}$/);
    const items = await db
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', uuid)
      .orderBy('position')
      .execute();
    expect(items.map((i) => [Number(i.photo_id), i.position])).toEqual([
      [photos.paid?.[1], 0],
      [photos.paid?.[0], 1],
    ]);
    const payments = await db.selectFrom('payments').selectAll().where('order_id', '=', uuid).execute();
    expect(payments).toMatchObject([
      { status: 'PENDING', amount: '126.00', channel: 'PP', gateway: 'SANDBOX' },
    ]);
  });

  it('records the API version (v1) and has no create call on v2', async () => {
    expect((await orderRow(await create(order(), 'v1'))).api_version).toBe(1);
    expect((await post('/api/v2/order/create', order())).status).toBe(404);
  });

  it('prices the unlimited package, the wholesale bundle and the 5-photo tier', async () => {
    const two = [item('paid', 0), item('paid', 1)];
    expect(
      (await orderRow(await create(order({ imageList: two, is_mhao: 'Y', amount: '418.95' })))).is_mhao,
    ).toBe(true);
    const five = [0, 1, 2, 3, 4].map((i) => item('paid', i));
    await create(order({ imageList: five, amount: '262.50' }));
    const stageTwo = [item('stage', 0), item('stage', 1)];
    await create(
      order({ event_key: 'stage', imageList: stageTwo, is_mhao: 'Y', cart: 'wholesale', amount: '1048.95' }),
    );
  });

  it('completes FREE orders at once on free-download and zero-priced keep-contract events', async () => {
    const uuid = await create(
      order({ event_key: 'free', imageList: [item('free', 0)], amount: '0.00', payment_channel: 'FREE' }),
    );
    expect(await orderRow(uuid)).toMatchObject({ payment_status: 'PAID', amount: '0.00', qrcode_url: '' });
    expect((await orderRow(uuid)).paid_at).toEqual(NOW);
    const keep = await create(
      order({ event_key: 'keep', imageList: [item('keep', 0)], amount: '0', payment_channel: 'FREE' }),
    );
    expect((await inquire(keep)).payment_status).toBe('PAID');
  });

  it('takes an AM order on a stage event with a 5-15 digit manual mobile, storing text verbatim', async () => {
    const body = order({
      event_key: 'stage',
      imageList: [item('stage', 2)],
      payment_channel: 'AM',
      am_order_ref: "<b>'x'</b>",
      cart: 'manual',
      mobile: '12345',
      order_team: "Robert'); DROP TABLE orders;--",
      coupon_code: '<script>alert(1)</script>',
    });
    const uuid = await create(body);
    expect(await orderRow(uuid)).toMatchObject({
      mobile: '12345',
      am_order_ref: "<b>'x'</b>",
      order_team: "Robert'); DROP TABLE orders;--",
      coupon_code: '<script>alert(1)</script>',
      qrcode_url: '',
    });
    expect((await inquire(uuid)).am_order_ref).toBe("<b>'x'</b>");
  });

  const stageAm = (am_order_ref: string) => on('stage', { payment_channel: 'AM', am_order_ref });
  const without = (field: string) => ({ ...order(), [field]: undefined });
  const manyPhotos = Array.from({ length: 2001 }, (_, i) => ({ id: i + 1 }));
  // [what, request, "status field", message]
  const refusals: [string, () => object | string, string, RegExp?][] = [
    ['amount mismatch', () => order({ amount: '60.00' }), '400 amount', /63\.00/],
    [
      'photos claimed from two events',
      () => order({ imageList: [item('paid', 0), item('other', 0)] }),
      '400 imageList',
    ],
    [
      'ids of two events',
      () => order({ imageList: [{ id: photos.paid?.[0] }, { id: photos.other?.[0] }] }),
      '400 imageList',
    ],
    [
      'photos of another event',
      () => order({ imageList: [{ id: photos.other?.[0] }] }),
      '400 imageList',
      /not of event/,
    ],
    ['unknown photo', () => order({ imageList: [{ id: 99_999_999 }] }), '400 imageList', /does not exist/],
    [
      'a photo twice',
      () => order({ imageList: [item('paid', 0), item('paid', 0)], amount: '126' }),
      '400 imageList',
      /twice|more than once/,
    ],
    ['unknown event', () => order({ event_key: 'nope' }), '404 event_key'],
    ['closed sale', () => on('closed'), '400 event_key', /ended/],
    ['sale not open', () => on('upcoming'), '400 event_key', /not opened/],
    ['FREE on a paid event', () => order({ payment_channel: 'FREE' }), '400 payment_channel'],
    [
      'FREE on a paid event for 0.00',
      () => order({ payment_channel: 'FREE', amount: '0.00' }),
      '400 payment_channel',
    ],
    [
      'FREE on a priced keep-contract event',
      () => on('keep-priced', { payment_channel: 'FREE' }),
      '400 payment_channel',
    ],
    ['PP for 0.00', () => on('free', { amount: '0.00' }), '400 payment_channel'],
    ['mhao where the event has none', () => on('other', { is_mhao: 'Y', amount: '418.95' }), '400 is_mhao'],
    ['wholesale on a non-hybrid event', () => order({ cart: 'wholesale' }), '400 cart'],
    [
      'AM on a non-stage event',
      () => order({ payment_channel: 'AM', am_order_ref: 'ORDER-1234' }),
      '400 payment_channel',
    ],
    ['AM ref too short', () => stageAm('ab12'), '400 am_order_ref'],
    ['AM ref too long', () => stageAm('x'.repeat(21)), '400 am_order_ref'],
    ['AM ref missing', () => stageAm(''), '400 am_order_ref'],
    ['9-digit mobile', () => order({ mobile: '081234567' }), '400 mobile'],
    ['11-digit mobile', () => order({ mobile: '08123456789' }), '400 mobile'],
    ['letters for a mobile', () => order({ mobile: 'abc' }), '400 mobile'],
    ['4-digit manual mobile', () => on('stage', { cart: 'manual', mobile: '1234' }), '400 mobile'],
    ['16-digit manual mobile', () => on('stage', { cart: 'manual', mobile: '1'.repeat(16) }), '400 mobile'],
    [
      '11-digit wholesale mobile',
      () => on('stage', { cart: 'wholesale', mobile: '08123456789' }),
      '400 mobile',
    ],
    ['bad e-mail', () => order({ email: 'runner@example' }), '400 email'],
    ['HTML e-mail', () => order({ email: '<a>@x.com' }), '400 email'],
    ['missing mobile', () => without('mobile'), '400 mobile'],
    ['missing event_key', () => without('event_key'), '400 event_key'],
    ['missing amount', () => without('amount'), '400 amount'],
    ['missing channel', () => without('payment_channel'), '400 payment_channel'],
    ['missing imageList', () => without('imageList'), '400 imageList'],
    ['amount as a boolean', () => order({ amount: true }), '400 amount'],
    ['negative amount', () => order({ amount: '-63.00' }), '400 amount'],
    ['amount with 3 decimals', () => order({ amount: '63.000' }), '400 amount'],
    ['imageList as text', () => order({ imageList: 'x' }), '400 imageList'],
    ['photo id as text', () => order({ imageList: [{ id: '1' }] }), '400 imageList.0.id'],
    ['mobile as a number', () => order({ mobile: 812345678 }), '400 mobile'],
    ['unknown channel', () => order({ payment_channel: 'BTC' }), '400 payment_channel'],
    ['empty imageList', () => order({ imageList: [] }), '400 imageList'],
    ['2001 photos', () => order({ imageList: manyPhotos }), '400 imageList', /too many/],
    ['image_length mismatch', () => order({ image_length: 2 }), '400 image_length'],
    ['an array body', () => [order()], '400 mobile'],
    ['malformed JSON', () => '{"mobile":', '400 undefined'],
  ];
  it.each(refusals)('refuses %s with nothing written', async (name, body, expected, message) => {
    const before = await countOrders();
    const res = await post('/api/v3/order/create', body());
    const answer = (await res.json()) as { status: string; field?: string; message: string };
    expect(`${res.status} ${answer.field}`).toBe(expected);
    expect(answer.status).toBe('error');
    if (message) expect(answer.message).toMatch(message);
    if (name.includes('two events')) expect(answer.message).toBe(MIXED_EVENTS_MESSAGE);
    expect(await countOrders()).toBe(before);
  });

  it('refuses an empty or oversize Idempotency-Key', async () => {
    for (const key of ['', 'k'.repeat(101)]) {
      const res = await post('/api/v3/order/create', order(), { 'Idempotency-Key': key });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ field: 'Idempotency-Key' });
    }
  });

  it('answers the same order for the same Idempotency-Key, one after another and concurrently', async () => {
    const first = await create(order(), 'v3', { 'Idempotency-Key': 'seq-1' });
    expect(await create(order(), 'v3', { 'Idempotency-Key': 'seq-1' })).toBe(first);
    const uuids = await Promise.all(
      Array.from({ length: 5 }, () => create(order(), 'v3', { 'Idempotency-Key': 'burst-1' })),
    );
    expect(new Set(uuids).size).toBe(1);
    for (const key of ['seq-1', 'burst-1']) {
      const rows = await db
        .selectFrom('orders')
        .select('order_id')
        .where('idempotency_key', '=', key)
        .execute();
      expect(rows).toHaveLength(1);
      const items = await db
        .selectFrom('order_items')
        .selectAll()
        .where('order_id', '=', rows[0]?.order_id ?? '')
        .execute();
      expect(items).toHaveLength(1);
    }
  });

  it("refuses a used Idempotency-Key with another request (422), never answering the first buyer's order", async () => {
    const first = await create(order(), 'v3', { 'Idempotency-Key': 'bound-1' });
    const before = await countOrders();
    for (const [body, version] of [
      [order({ mobile: '0899999999' }), 'v3'],
      [order({ email: 'other@example.com' }), 'v3'],
      [on('other'), 'v3'],
      [order(), 'v1'],
    ] as const) {
      const res = await post(`/api/${version}/order/create`, body, { 'Idempotency-Key': 'bound-1' });
      expect(res.status).toBe(422);
      const answer = await res.json();
      expect(answer).toMatchObject({ status: 'error', code: 'idempotency-key-reused' });
      expect(JSON.stringify(answer)).not.toContain(first);
    }
    expect(await countOrders()).toBe(before);
  });
});
