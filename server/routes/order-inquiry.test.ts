// Integration: order inquiry (v1/v2/v3) and find-order on a real database, before and after payment.
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { findOrderAnswerSchema } from '../../core/contract/order';
import type { Db } from '../db/database';
import { testDatabases } from '../db/test-databases';
import { markPaidByOperator } from '../services/payments/settle';
import { TEST_APP_TOKEN, type TestApp } from '../test/app-fixture';
import { at, NOW, orderFixture } from '../test/order-fixtures';

describe.each(testDatabases)('order calls on $name', (database) => {
  const fixture = orderFixture(database);
  const { photos, post, item, order, create, inquire } = fixture;
  let t: TestApp;
  let db: Db;
  beforeAll(() => {
    t = fixture.t;
    db = t.ctx.db;
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
      payment_gateway: 'SANDBOX',
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

    expect(
      await markPaidByOperator(fixture.t.ctx, uuid, { paymentRef: 'SLIP-XY12AB', note: 'slip checked' }),
    ).toBe('paid');
    expect(await markPaidByOperator(fixture.t.ctx, uuid, { paymentRef: 'SLIP-XY12AB', note: '' })).toBe(
      'already-paid',
    );
    // PAID at once; the originals and logo versions turn Y as their jobs finish.
    expect(await inquire(uuid)).toMatchObject({
      payment_status: 'PAID',
      is_original_image_created: 'N',
      is_logo_image_created: 'N',
    });
    await fixture.drainJobs();
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
      { status: 'PENDING', gateway_ref: expect.stringMatching(/^sbx_pp_[0-9a-f]{24}$/) },
      { status: 'PAID', gateway_ref: 'SLIP-XY12AB' },
    ]);
  });

  it("masks the buyer's mobile and e-mail for whoever holds the link, except an AM order's mobile", async () => {
    const uuid = await create(order({ mobile: '0891234567', email: 'somchai@example.com' }));
    expect(await inquire(uuid)).toMatchObject({ mobile: '089****567', email: 's***@example.com' });
    const am = await create(
      order({
        event_key: 'stage',
        imageList: [item('stage', 2)],
        payment_channel: 'AM',
        am_order_ref: 'earlier-order',
        cart: 'manual',
        mobile: '0891234567',
      }),
    );
    expect((await inquire(am)).mobile).toBe('0891234567');
    // Kept whole in the order itself.
    expect(await fixture.orderRow(uuid)).toMatchObject({
      mobile: '0891234567',
      email: 'somchai@example.com',
    });
  });

  it('answers no images once the retention period has passed', async () => {
    const uuid = await create(order({ imageList: [item('paid', 5)] }));
    await markPaidByOperator(fixture.t.ctx, uuid, { paymentRef: 'R-0002', note: '' });
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
    await markPaidByOperator(fixture.t.ctx, older, { paymentRef: 'TRX-998877ZQ9k', note: '' });
    const find = async (filter_type: string, txt_search: string, mobile?: string) => {
      const res = await post('/api/v1/order/find-order', {
        tk: TEST_APP_TOKEN,
        filter_type,
        txt_search,
        mobile,
      });
      expect(res.status).toBe(200);
      return v.parse(findOrderAnswerSchema, await res.json()).body;
    };
    expect(await find('mobile', '0866666666')).toEqual([
      { create_date: at(2).toISOString(), order_id: newer, title: 'งาน other', status: 'INITIAL' },
      { create_date: at(1).toISOString(), order_id: older, title: 'งาน paid', status: 'PAID' },
    ]);
    expect((await find('payment_ref', 'zq9K', '0866666666')).map((o) => o.order_id)).toEqual([older]);
    expect(await find('payment_ref', 'ZQ9X', '0866666666')).toEqual([]);
    // The slip's last 4 characters with another mobile find nothing, and alone they are refused.
    expect(await find('payment_ref', 'zq9K', '0899999999')).toEqual([]);
    const alone = await post('/api/v1/order/find-order', {
      tk: TEST_APP_TOKEN,
      filter_type: 'payment_ref',
      txt_search: 'zq9K',
    });
    expect(alone.status).toBe(400);
    expect(await alone.json()).toMatchObject({ status: 'error', field: 'mobile' });
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
