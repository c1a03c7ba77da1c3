// Integration: the order calls (create, inquiry, find-order) and the admin payment steps on a real database.
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findOrderAnswerSchema,
  inquiryAnswerSchema,
  orderCreateAnswerSchema,
} from '../../core/contract/order';
import type { Db } from '../db/database';
import { insertEvent } from '../db/events-repo';
import { approveAmOrder, listPendingAmOrders, markOrderPaid } from '../db/orders-repo';
import { testDatabases } from '../db/test-databases';
import { MIXED_EVENTS_MESSAGE } from '../services/orders';
import { openTestApp, TEST_APP_TOKEN, type TestApp } from '../test/app-fixture';
import { orderRoutes } from './order';

const NOW = new Date('2026-11-22T05:00:00Z');
const DAY = 86_400_000;
const at = (days: number) => new Date(NOW.getTime() + days * DAY);
const json = (body: unknown) => JSON.stringify(body);

describe.each(testDatabases)('order calls on $name', (database) => {
  let t: TestApp;
  let db: Db;
  const app = new Hono();
  const photos: Record<string, number[]> = {};
  const eventIds: Record<string, number> = {};

  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : json(body),
    });
  const countOrders = async () =>
    Number(
      (
        await db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const item = (key: string, i: number) => ({ id: photos[key]?.[i] ?? 0, event_id: eventIds[key] });
  /** A valid PP order for one photo of "paid": 60.00 + 5% fee. */
  const order = (extra: object = {}) => ({
    mobile: '081-234-5678',
    email: 'runner@example.com',
    event_key: 'paid',
    amount: '63.00',
    imageList: [item('paid', 0)],
    payment_channel: 'PP',
    ...extra,
  });
  const create = async (body: object, version = 'v3', headers: Record<string, string> = {}) => {
    const res = await post(`/api/${version}/order/create`, body, headers);
    expect(res.status, await res.clone().text()).toBe(200);
    return v.parse(orderCreateAnswerSchema, await res.json()).uuid;
  };
  const inquire = async (uuid: string, version = 'v3') => {
    const res = await post(`/api/${version}/order/inquiry`, { tk: TEST_APP_TOKEN, order_uuid: uuid });
    expect(res.status).toBe(200);
    return v.parse(inquiryAnswerSchema, await res.json());
  };
  const orderRow = (uuid: string) =>
    db.selectFrom('orders').selectAll().where('order_id', '=', uuid).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await openTestApp(database, NOW);
    db = t.ctx.db;
    for (const version of ['v1', 'v2', 'v3'] as const)
      app.route(`/api/${version}/order`, orderRoutes(t.ctx, version));
    const base = (key: string, extra: object = {}) => ({
      event: {
        event_key: key,
        title: `งาน ${key}`,
        cover_object: `${key}/cover.jpg`,
        event_date_text: '15 พฤศจิกายน 2569',
        eventdate: '2026-11-15',
        province: 'ภูเก็ต',
        team_key: null,
        on_sale_start: at(-5),
        on_sale_end: at(30),
        ...extra,
      },
      packages: [
        { name: '1 ภาพ', name_en: '1 photo', number_of_photo: 1, price: '60' },
        { name: '5 ภาพ', name_en: '5 photos', number_of_photo: 5, price: '250' },
      ],
    });
    const events: [string, object][] = [
      ['paid', { is_mhao: true, mhao_price: '399' }],
      ['other', {}],
      ['stage', { is_event_stage: true, is_hybrid: true, is_mhao_hybrid: true, hybrid_mhao_price: '999' }],
      ['free', { is_free_download: true }],
      ['keep', { is_free_download_keep_contract: true }],
      ['keep-priced', { is_free_download_keep_contract: true }],
      ['closed', { on_sale_start: at(-60), on_sale_end: at(-1) }],
      ['upcoming', { on_sale_start: at(3), on_sale_end: at(40) }],
    ];
    for (const [key, extra] of events) {
      const input = base(key, extra);
      if (key === 'keep') input.packages = [{ name: 'ฟรี', name_en: 'free', number_of_photo: 1, price: '0' }];
      const eventId = await insertEvent(db, input);
      eventIds[key] = eventId;
      const rows = await db
        .insertInto('photos')
        .values(
          [1, 2, 3, 4, 5, 6].map((n) => ({
            event_id: eventId,
            photographer_id: 40 + n,
            original_file_name: `DSC_${key}_${n}.JPG`,
            file_name: `${key}-${n}.jpg`,
            width: 1200,
            height: 800,
            taken_at: at(-7),
          })),
        )
        .returning('id')
        .execute();
      photos[key] = rows.map((r) => r.id);
    }
  });
  afterAll(() => t.close());

  it('creates a PromptPay order with the recomputed amount, its items and a pending payment', async () => {
    const uuid = await create(order({ imageList: [item('paid', 1), item('paid', 0)], amount: '126' }));
    const row = await orderRow(uuid);
    expect(row).toMatchObject({
      mobile: '0812345678',
      amount: '126.00',
      payment_status: 'INITIAL',
      payment_channel: 'PP',
      payment_gateway: 'GBP',
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
    expect(payments).toMatchObject([{ status: 'PENDING', amount: '126.00', channel: 'PP', gateway: 'GBP' }]);
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

  /** One photo of another event, with that event's key. */
  const on = (key: string, extra: object = {}) =>
    order({ event_key: key, imageList: [item(key, 0)], ...extra });
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
    expect(await create(order({ mobile: '0899999999' }), 'v1', { 'Idempotency-Key': 'seq-1' })).toBe(first);
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

  it('answers an inquiry before payment without paid images, then signed addresses once PAID', async () => {
    const uuid = await create(order({ imageList: [item('paid', 3), item('paid', 2)], amount: '126.00' }));
    const waiting = await inquire(uuid);
    expect(waiting).toMatchObject({
      status: 'success',
      payment_status: 'INITIAL',
      amount: '126.00',
      event_key: 'paid',
    });
    expect(waiting).toMatchObject({
      payment_channel: 'PP',
      payment_gateway: 'GBP',
      is_original_image_created: 'N',
    });
    expect(waiting.images_paid).toBeNull();
    expect(waiting.api_response).toBeUndefined();
    expect(JSON.parse(waiting.images_order)).toEqual([
      { thumbnail_file_name: 'paid-4.jpg', original_file_name: 'DSC_paid_4.JPG' },
      { thumbnail_file_name: 'paid-3.jpg', original_file_name: 'DSC_paid_3.JPG' },
    ]);
    for (const version of ['v1', 'v2']) {
      const older = await inquire(uuid, version);
      expect(JSON.parse(older.api_response ?? '')).toEqual({ qrcode: waiting.qrcode_url });
    }

    expect(await markOrderPaid(db, uuid, { paymentRef: 'SLIP-XY12AB', note: 'slip checked', at: NOW })).toBe(
      'paid',
    );
    expect(await markOrderPaid(db, uuid, { paymentRef: 'SLIP-XY12AB', at: NOW })).toBe('already-paid');
    const paid = await inquire(uuid);
    expect(paid).toMatchObject({
      payment_status: 'PAID',
      is_original_image_created: 'Y',
      is_logo_image_created: 'Y',
    });
    const images = JSON.parse(paid.images_paid ?? 'null') as Record<string, string | number>[];
    expect(images.map((i) => [i.id, i.original_file_name, i.photographer_id])).toEqual([
      [photos.paid?.[3], 'DSC_paid_4.JPG', 44],
      [photos.paid?.[2], 'DSC_paid_3.JPG', 43],
    ]);
    expect(images[0]?.image_thumbnail).toBe('/storage/paid/thumbnail/paid-4.jpg');
    for (const [field, key] of [
      ['image', 'private/paid/original/paid-4.jpg'],
      ['image_logo', 'private/paid/logo/paid-4.jpg'],
    ] as const) {
      const url = new URL(String(images[0]?.[field]), 'http://x');
      expect(url.pathname).toBe(`/storage/${key}`);
      const expires = Number(url.searchParams.get('expires'));
      expect(expires).toBe(Math.floor(NOW.getTime() / 1000) + 3600);
      expect(t.store.checkSignature({ method: 'GET', key, expires }, url.searchParams.get('sig') ?? '')).toBe(
        'valid',
      );
    }
    const payments = await db
      .selectFrom('payments')
      .select(['status', 'gateway_ref'])
      .where('order_id', '=', uuid)
      .orderBy('id')
      .execute();
    expect(payments).toEqual([
      { status: 'PENDING', gateway_ref: `sandbox-${uuid}` },
      { status: 'PAID', gateway_ref: 'SLIP-XY12AB' },
    ]);
  });

  it('records a payment once when two administrators mark it at the same time', async () => {
    const uuid = await create(order());
    const results = await Promise.all(
      [1, 2].map(() => markOrderPaid(db, uuid, { paymentRef: 'R-0001', at: NOW })),
    );
    expect(results.sort()).toEqual(['already-paid', 'paid']);
    const paidRows = await db
      .selectFrom('payments')
      .select('id')
      .where('order_id', '=', uuid)
      .where('status', '=', 'PAID')
      .execute();
    expect(paidRows).toHaveLength(1);
    expect(await markOrderPaid(db, 'not-a-uuid', { paymentRef: 'x', at: NOW })).toBe('not-found');
    expect(await markOrderPaid(db, randomUUID(), { paymentRef: 'x', at: NOW })).toBe('not-found');
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
    expect(await approveAmOrder(db, await create(order()), NOW)).toBe('not-am');
    expect(await approveAmOrder(db, am, NOW)).toBe('paid');
    expect(await approveAmOrder(db, am, NOW)).toBe('already-paid');
    expect((await listPendingAmOrders(db)).map((p) => p.order_id)).not.toContain(am);
    expect((await inquire(am)).payment_status).toBe('PAID');
  });

  it('answers no images once the retention period has passed', async () => {
    const uuid = await create(order({ imageList: [item('paid', 5)] }));
    await markOrderPaid(db, uuid, { paymentRef: 'R-0002', at: NOW });
    t.setNow(at(60));
    try {
      const expired = await inquire(uuid);
      expect(expired.images_order).toBe('[]');
      expect(expired.images_paid).toBe('[]');
    } finally {
      t.setNow(NOW);
    }
  });

  it('refuses inquiries with a wrong token, an unknown or malformed order id', async () => {
    const uuid = await create(order());
    const cases: [object, number, string][] = [
      [{ tk: 'wrong', order_uuid: uuid }, 401, 'tk'],
      [{ order_uuid: uuid }, 400, 'tk'],
      [{ tk: TEST_APP_TOKEN, order_uuid: randomUUID() }, 404, 'order_uuid'],
      [{ tk: TEST_APP_TOKEN, order_uuid: "1' or '1'='1" }, 400, 'order_uuid'],
    ];
    for (const [body, status, field] of cases) {
      const res = await post('/api/v2/order/inquiry', body);
      expect(res.status).toBe(status);
      expect(await res.json()).toMatchObject({ status: 'error', field });
    }
  });

  it('finds orders by mobile and by the last 4 characters of the payment reference, newest first', async () => {
    t.setNow(at(1));
    const older = await create(order({ mobile: '0866666666' }));
    t.setNow(at(2));
    const newer = await create(
      order({ mobile: '0866666666', event_key: 'other', imageList: [item('other', 1)] }),
    );
    t.setNow(NOW);
    await markOrderPaid(db, older, { paymentRef: 'TRX-998877ZQ9k', at: NOW });
    const find = async (filter_type: string, txt_search: string) => {
      const res = await post('/api/v1/order/find-order', { tk: TEST_APP_TOKEN, filter_type, txt_search });
      expect(res.status).toBe(200);
      return v.parse(findOrderAnswerSchema, await res.json()).body;
    };
    expect(await find('mobile', '0866666666')).toEqual([
      { create_date: at(2).toISOString(), order_id: newer, title: 'งาน other', status: 'INITIAL' },
      { create_date: at(1).toISOString(), order_id: older, title: 'งาน paid', status: 'PAID' },
    ]);
    expect((await find('payment_ref', 'zq9K')).map((o) => o.order_id)).toEqual([older]);
    expect(await find('payment_ref', 'ZQ9X')).toEqual([]);
    expect(await find('mobile', '0800000000')).toEqual([]);
  });

  it('answers at most 50 orders and refuses a wrong token or query', async () => {
    for (let i = 0; i < 51; i++) await create(order({ mobile: '0877777777' }));
    const res = await post('/api/v1/order/find-order', {
      tk: TEST_APP_TOKEN,
      filter_type: 'mobile',
      txt_search: '0877777777',
    });
    expect(v.parse(findOrderAnswerSchema, await res.json()).body).toHaveLength(50);
    const cases: [object, number, string][] = [
      [{ tk: 'wrong', filter_type: 'mobile', txt_search: '0877777777' }, 401, 'tk'],
      [{ tk: TEST_APP_TOKEN, filter_type: 'mobile', txt_search: '087777' }, 400, 'txt_search'],
      [{ tk: TEST_APP_TOKEN, filter_type: 'payment_ref', txt_search: '12345' }, 400, 'txt_search'],
      [{ tk: TEST_APP_TOKEN, filter_type: 'payment_ref', txt_search: "'%_;" }, 400, 'txt_search'],
      [{ tk: TEST_APP_TOKEN, filter_type: 'slip', txt_search: '1234' }, 400, 'filter_type'],
    ];
    for (const [body, status, field] of cases) {
      const answer = await post('/api/v1/order/find-order', body);
      expect(answer.status).toBe(status);
      expect(await answer.json()).toMatchObject({ status: 'error', field });
    }
    expect((await post('/api/v3/order/find-order', cases[0]?.[0])).status).toBe(404);
  });
});
