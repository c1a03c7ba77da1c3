// Integration: POST /v3/order/opn-cc-payment (SPEC §7) on every database, with the order routes mounted the way
// api.ts mounts them and the Opn client pointed at the local fake of the Opn Payments Charges API.
import { Hono } from 'hono';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardPaymentAnswerSchema } from '../../core/contract/order';
import { testDatabases } from '../db/test-databases';
import { OrderWatch } from '../services/order-watch';
import { opnClient } from '../services/payments/opn';
import { opnGateway } from '../services/payments/opn-gateway';
import { markPaidByOperator } from '../services/payments/settle';
import { TEST_APP_TOKEN } from '../test/app-fixture';
import { type FakeOpn, startFakeOpn } from '../test/fakes/fake-opn';
import { at, NOW, orderFixture } from '../test/order-fixtures';
import { orderRoutes } from './order';

const SHOP = 'https://shop.example';
const PAY = '/api/v3/order/opn-cc-payment';

describe.each(testDatabases)('card payment on $name', (database) => {
  let fake: FakeOpn;
  beforeAll(async () => {
    fake = await startFakeOpn();
  });
  afterAll(() => fake.close());
  const f = orderFixture(database, {
    gateway: () => opnGateway(opnClient({ apiUrl: fake.url, secretKey: fake.secretKey, timeoutMs: 2000 })),
  });
  /** The store as mounted, at its public address (3-D Secure returns there). */
  const cardApp = {
    request: (...args: Parameters<Hono['request']>) => {
      f.t.ctx.publicBaseUrl = SHOP;
      return f.t.app.request(...args);
    },
  };

  const pay = (body: object, app: { request: Hono['request'] } = cardApp) =>
    app.request(PAY, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const payment = (uuid: string, extra: object = {}) => ({
    token_key: fake.token(),
    uuid,
    email: 'runner@example.com',
    mobile: '0812345678',
    paid_amount: '6300',
    sk: TEST_APP_TOKEN,
    ...extra,
  });
  const cardOrder = () => f.create(f.order({ payment_channel: 'CC' }));
  const cardRows = (uuid: string) =>
    f.db
      .selectFrom('payments')
      .select(['gateway', 'channel', 'status', 'amount', 'gateway_ref'])
      .where('order_id', '=', uuid)
      .where('gateway', '=', 'OPN')
      .orderBy('id')
      .execute();
  const expectUntouched = async (uuid: string) => {
    expect((await f.orderRow(uuid)).payment_status).toBe('INITIAL');
    expect(await cardRows(uuid)).toEqual([]);
  };

  it('opens a 3-D Secure charge, records it pending, and the order is PAID once the gateway says so', async () => {
    const uuid = await cardOrder();
    const res = await pay(payment(uuid, { paid_amount: 6300, mobile: '081-234-5678' }));
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = v.parse(cardPaymentAnswerSchema, await res.json());
    expect(answer.data.authorize_uri).toMatch(/\/payments\/chrg_test_\w+\/authorize$/);

    const [row] = await cardRows(uuid);
    expect(row).toMatchObject({ gateway: 'OPN', channel: 'CC', status: 'PENDING', amount: '63.00' });
    const charge = fake.charges.get(row?.gateway_ref ?? '');
    expect(charge).toMatchObject({
      amount: 6300,
      currency: 'thb',
      return_uri: `${SHOP}/download/${uuid}?return=1`,
    });
    expect(charge?.metadata).toMatchObject({ order_id: uuid, event_key: 'paid', mobile: '0812345678' });

    // Before 3-D Secure an inquiry leaves the order waiting.
    const inquire = () =>
      cardApp.request('/api/v3/order/inquiry', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tk: TEST_APP_TOKEN, order_uuid: uuid }),
      });
    expect(await (await inquire()).json()).toMatchObject({ payment_status: 'INITIAL' });

    const back = await fetch(answer.data.authorize_uri ?? '', { redirect: 'manual' });
    expect(back.headers.get('location')).toBe(`${SHOP}/download/${uuid}?return=1`);
    expect(await (await inquire()).json()).toMatchObject({ payment_status: 'PAID' });
    const order = await f.orderRow(uuid);
    expect(order).toMatchObject({
      payment_ref: fake.charges.get(row?.gateway_ref ?? '')?.transaction,
      paid_amount: '63.00',
    });
    expect(order.payment_ref).toMatch(/^trxn_test_/);
    expect((await cardRows(uuid)).map((r) => r.status)).toEqual(['PAID']);

    // Paid now: a second payment is refused before reaching the gateway.
    const again = await pay(payment(uuid));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ status: 'error', code: 'already-paid', field: 'uuid' });
  });

  it('marks the order PAID at once when the card needs no 3-D Secure and sends the buyer to its page', async () => {
    const uuid = await cardOrder();
    const res = await pay(payment(uuid, { token_key: fake.token('no-3ds') }));
    expect(await res.json()).toEqual({
      status: 'success',
      data: { authorize_uri: `${SHOP}/download/${uuid}?return=1` },
    });
    expect((await f.inquire(uuid)).payment_status).toBe('PAID');
  });

  it('refuses a wrong sk, an unknown order, a paid order and an order of another channel', async () => {
    const uuid = await cardOrder();
    const cases: [object, number, string][] = [
      [payment(uuid, { sk: 'wrong' }), 401, 'sk'],
      [payment('00000000-0000-4000-8000-000000000000'), 404, 'uuid'],
      [payment(await f.create(f.order())), 400, 'uuid'],
    ];
    const paid = await cardOrder();
    await markPaidByOperator(f.t.ctx, paid, { paymentRef: 'SLIP-1234', note: '' });
    cases.push([payment(paid), 409, 'uuid']);
    const charges = fake.charges.size;
    for (const [body, status, field] of cases) {
      const res = await pay(body);
      expect(res.status).toBe(status);
      expect(await res.json()).toMatchObject({ status: 'error', field });
    }
    await expectUntouched(uuid);
    expect(fake.charges.size).toBe(charges);
  });

  it('refuses an amount other than the order amount in satang, and a malformed request', async () => {
    const uuid = await cardOrder();
    const cases: [object, string][] = [
      [payment(uuid, { paid_amount: '63.00' }), 'paid_amount'],
      [payment(uuid, { paid_amount: '6200' }), 'paid_amount'],
      [payment(uuid, { paid_amount: '630000' }), 'paid_amount'],
      [payment(uuid, { token_key: 'card-4242' }), 'token_key'],
      [payment(uuid, { uuid: 'not-a-uuid' }), 'uuid'],
      [payment(uuid, { email: 'x'.repeat(300) }), 'email'],
    ];
    for (const [body, field] of cases) {
      const res = await pay(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ status: 'error', field });
    }
    await expectUntouched(uuid);
  });

  it('refuses an order whose photos have expired', async () => {
    const uuid = await cardOrder();
    f.t.setNow(at(60));
    try {
      const res = await pay(payment(uuid));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: 'the photos of this event have expired' });
    } finally {
      f.t.setNow(NOW);
    }
    await expectUntouched(uuid);
  });

  it('answers status error and changes nothing when the gateway refuses or fails', async () => {
    const uuid = await cardOrder();
    const used = fake.token();
    expect((await pay(payment(await cardOrder(), { token_key: used }))).status).toBe(200);
    const declined = await pay(payment(uuid, { token_key: fake.token('declined') }));
    expect(declined.status).toBe(402);
    const refused = (await declined.json()) as { message: string };
    expect(refused).toMatchObject({ status: 'error', code: 'card-declined', field: 'token_key' });
    // The gateway's own reason stays in the message, for whoever reads the logs.
    expect(refused.message).toContain('insufficient_fund');
    for (const [token, gatewayCode] of [
      [used, 'used_token'],
      ['tokn_test_unknown', 'not_found'],
    ]) {
      const res = await pay(payment(uuid, { token_key: token }));
      expect(res.status).toBe(400);
      const body = (await res.json()) as { message: string };
      expect(body).toMatchObject({ status: 'error', code: 'card-token-refused', field: 'token_key' });
      expect(body.message).toContain(gatewayCode);
    }
    fake.failNext(503);
    const down = await pay(payment(uuid));
    expect(down.status).toBe(502);
    const body = (await down.json()) as { message: string };
    expect(body).toMatchObject({ status: 'error', code: 'card-gateway-error' });
    expect(body.message).toMatch(/service unavailable/);
    await expectUntouched(uuid);
  });

  it('refuses card payments when the gateway takes no cards (GB Prime Pay)', async () => {
    const uuid = await cardOrder();
    const noCards = new Hono();
    noCards.route(
      '/api/v3/order',
      orderRoutes({ ...f.t.ctx, payments: { ...f.t.ctx.payments, cards: undefined } }, 'v3', {
        watch: new OrderWatch(async () => new Map()),
        clientOf: () => 'one client',
        freeNotices: { take: async () => 0, seen: async () => false },
      }),
    );
    const res = await pay(payment(uuid), noCards);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      status: 'error',
      message: 'card payments are not enabled',
      field: 'payment_channel',
    });
  });
});
