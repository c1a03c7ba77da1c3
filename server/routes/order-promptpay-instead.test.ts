// Integration: POST /v3/order/promptpay-instead on every database: an unpaid card order is paid by PromptPay
// instead, on the same order and for the same amount, with the Opn client pointed at the local fake of its API
// (cards and PromptPay charges) and, once, on the sandbox gateway the demo store runs.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptPayInsteadAnswerSchema } from '../../core/contract/promptpay-instead';
import { testDatabases } from '../db/test-databases';
import { forgetPaymentChecks } from '../services/payments/check-open';
import { opnClient } from '../services/payments/opn';
import { opnGateway } from '../services/payments/opn-gateway';
import { markPaidByOperator } from '../services/payments/settle';
import { TEST_APP_TOKEN } from '../test/app-fixture';
import { type FakeOpn, startFakeOpn } from '../test/fakes/fake-opn';
import { at, NOW, orderFixture } from '../test/order-fixtures';

const SHOP = 'https://shop.example';
const INSTEAD = '/api/v3/order/promptpay-instead';
const CARD = '/api/v3/order/opn-cc-payment';
const MINUTE = 60_000;

describe.each(testDatabases)('PromptPay instead of a card, Opn, on $name', (database) => {
  let fake: FakeOpn;
  beforeAll(async () => {
    fake = await startFakeOpn();
  });
  afterAll(() => fake.close());
  const f = orderFixture(database, {
    gateway: () => opnGateway(opnClient({ apiUrl: fake.url, secretKey: fake.secretKey, timeoutMs: 2000 })),
  });
  const post = (path: string, body: object) => {
    f.t.ctx.publicBaseUrl = SHOP;
    return f.post(path, body);
  };
  const instead = (uuid: string, extra: object = {}) =>
    post(INSTEAD, { tk: TEST_APP_TOKEN, order_uuid: uuid, ...extra });
  const payByCard = (uuid: string, token = fake.token()) =>
    post(CARD, { token_key: token, uuid, paid_amount: '6300', sk: TEST_APP_TOKEN });
  const cardOrder = () => f.create(f.order({ payment_channel: 'CC' }));
  const payments = (uuid: string) =>
    f.db
      .selectFrom('payments')
      .select(['channel', 'status', 'amount', 'gateway', 'gateway_ref'])
      .where('order_id', '=', uuid)
      .orderBy('id')
      .execute();

  it('turns a declined card order into a PromptPay QR for the same amount, once, and it is paid by that QR', async () => {
    const uuid = await cardOrder();
    const declined = await payByCard(uuid, fake.token('declined'));
    expect(declined.status).toBe(402);

    const res = await instead(uuid);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(v.parse(promptPayInsteadAnswerSchema, await res.json())).toEqual({
      status: 'success',
      payment_channel: 'PP',
    });
    const order = await f.orderRow(uuid);
    expect(order).toMatchObject({ payment_channel: 'PP', payment_status: 'INITIAL', amount: '63.00' });
    const [row] = await payments(uuid);
    expect(row).toMatchObject({ channel: 'PP', status: 'PENDING', amount: '63.00', gateway: 'OPN' });
    const charge = fake.charges.get(row?.gateway_ref ?? '');
    expect(charge).toMatchObject({ amount: 6300, currency: 'thb' });
    expect(order.qrcode_url).toBe(charge?.source?.scannable_code.image.download_uri);

    // The page now shows the QR, the same amount, and no failure of the card any more.
    const inquiry = await f.inquire(uuid);
    expect(inquiry).toMatchObject({ payment_channel: 'PP', amount: '63.00', qrcode_url: order.qrcode_url });
    expect(inquiry.payment_failure).toBeUndefined();

    // A second tap (another tab) answers the same and opens nothing more; no card charge starts on it any more.
    const charges = fake.charges.size;
    expect((await instead(uuid)).status).toBe(200);
    expect(fake.charges.size).toBe(charges);
    expect(await payments(uuid)).toHaveLength(1);
    const card = await payByCard(uuid);
    expect(card.status).toBe(400);
    expect(fake.charges.size).toBe(charges);

    fake.completePromptPay(row?.gateway_ref ?? '', 'successful');
    forgetPaymentChecks();
    expect((await f.inquire(uuid)).payment_status).toBe('PAID');
    expect((await f.orderRow(uuid)).paid_amount).toBe('63.00');
  });

  it('settles a card charge that went through meanwhile instead of opening a QR', async () => {
    const uuid = await cardOrder();
    const paying = await payByCard(uuid);
    const { data } = (await paying.json()) as { data: { authorize_uri: string } };
    // The buyer passed 3-D Secure, and the store has not heard yet.
    await fetch(data.authorize_uri, { redirect: 'manual' });
    const charges = fake.charges.size;
    const res = await instead(uuid);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'already-paid', message_th: 'คำสั่งซื้อนี้ชำระเงินแล้ว' });
    expect(await f.orderRow(uuid)).toMatchObject({ payment_status: 'PAID', payment_channel: 'CC' });
    expect(fake.charges.size).toBe(charges);
  });

  it('waits for a card charge still at the bank; once abandoned, a late card success is kept and refunded', async () => {
    const uuid = await cardOrder();
    const { data } = (await (await payByCard(uuid)).json()) as { data: { authorize_uri: string } };
    const busy = await instead(uuid);
    expect(busy.status).toBe(409);
    expect(await busy.json()).toMatchObject({ code: 'payment-in-progress', field: 'order_uuid' });
    expect((await f.orderRow(uuid)).payment_channel).toBe('CC');

    f.t.setNow(new Date(NOW.getTime() + 11 * MINUTE));
    try {
      expect((await instead(uuid)).status).toBe(200);
      const pp = (await payments(uuid)).find((p) => p.channel === 'PP');
      fake.completePromptPay(pp?.gateway_ref ?? '', 'successful');
      forgetPaymentChecks();
      expect((await f.inquire(uuid)).payment_status).toBe('PAID');
      // The abandoned card charge passes 3-D Secure after all: a second payment, kept and given back.
      await fetch(data.authorize_uri, { redirect: 'manual' });
      await f.inquire(uuid);
      const rows = await payments(uuid);
      expect(rows.map((p) => [p.channel, p.status])).toEqual([
        ['CC', 'DUPLICATE'],
        ['PP', 'PAID'],
      ]);
      const jobs = await f.db
        .selectFrom('jobs')
        .select('kind')
        .where('kind', '=', 'refund-duplicate')
        .execute();
      expect(jobs.length).toBeGreaterThan(0);
    } finally {
      f.t.setNow(NOW);
    }
  });

  it('refuses a wrong token, an unknown order, a paid one, one of another channel and one whose photos expired', async () => {
    const uuid = await cardOrder();
    const paid = await cardOrder();
    await markPaidByOperator(f.t.ctx, paid, { paymentRef: 'SLIP-1234', note: '' });
    const am = await f.create(f.on('stage', { payment_channel: 'AM', am_order_ref: '0812345678' }));
    const cases: [object, number, string, string | undefined][] = [
      [{ tk: 'wrong', order_uuid: uuid }, 401, 'tk', undefined],
      [{ tk: TEST_APP_TOKEN, order_uuid: 'not-a-uuid' }, 400, 'order_uuid', undefined],
      [{ tk: TEST_APP_TOKEN }, 400, 'order_uuid', undefined],
      [
        { tk: TEST_APP_TOKEN, order_uuid: '00000000-0000-4000-8000-000000000000' },
        404,
        'order_uuid',
        'order-not-found',
      ],
      [{ tk: TEST_APP_TOKEN, order_uuid: paid }, 409, 'order_uuid', 'already-paid'],
      [{ tk: TEST_APP_TOKEN, order_uuid: am }, 400, 'order_uuid', 'not-card-order'],
    ];
    const charges = fake.charges.size;
    for (const [body, status, field, code] of cases) {
      const res = await post(INSTEAD, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      const answer = (await res.json()) as { message_th?: string };
      expect(answer).toMatchObject({ status: 'error', field, ...(code ? { code } : {}) });
      // What a buyer can meet says it in Thai too.
      if (code) expect(answer.message_th).toBeTruthy();
    }
    f.t.setNow(at(60));
    try {
      const expired = await instead(uuid);
      expect(expired.status).toBe(400);
      expect(await expired.json()).toMatchObject({ code: 'photos-expired' });
    } finally {
      f.t.setNow(NOW);
    }
    expect(fake.charges.size).toBe(charges);
    expect(await f.orderRow(uuid)).toMatchObject({ payment_channel: 'CC', qrcode_url: '' });
  });

  it('leaves the card order as it was when the gateway cannot open the QR', async () => {
    const uuid = await cardOrder();
    fake.failNext(503);
    const res = await instead(uuid);
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ status: 'error', code: 'payment-gateway-error' });
    expect(await f.orderRow(uuid)).toMatchObject({ payment_channel: 'CC', qrcode_url: '' });
    expect(await payments(uuid)).toEqual([]);
    expect((await instead(uuid)).status).toBe(200);
  });
});

describe.each(testDatabases)('PromptPay instead of a card, sandbox, on $name', (database) => {
  const f = orderFixture(database);

  it('draws the sandbox QR for the same order, which its payment page then pays', async () => {
    const uuid = await f.create(f.order({ payment_channel: 'CC' }));
    const res = await f.post(INSTEAD, { tk: TEST_APP_TOKEN, order_uuid: uuid });
    expect(res.status, await res.clone().text()).toBe(200);
    const inquiry = await f.inquire(uuid);
    expect(inquiry).toMatchObject({ payment_channel: 'PP', payment_gateway: 'SANDBOX', amount: '63.00' });
    // A PromptPay payload (EMVCo) carrying the amount.
    expect(inquiry.qrcode_url).toMatch(/^000201/);
    expect(inquiry.qrcode_url).toContain('540563.00');
    const paid = await f.t.app.request(`/api/sandbox/pay/${uuid}`, {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay' }),
    });
    expect(paid.status).toBeLessThan(400);
    expect((await f.inquire(uuid)).payment_status).toBe('PAID');
  });
});
