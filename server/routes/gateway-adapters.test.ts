// Integration: the real gateway adapters against local fakes of their documented APIs, through the real app on
// every database: GB Prime Pay's QR Cash (QR text, background callback verified by the status check) and Opn's
// PromptPay charge (QR image address, webhook verified by fetching the charge back).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsOf } from '../db/payments-repo';
import { testDatabases } from '../db/test-databases';
import { captureLogs } from '../ops/log';
import { forgetPaymentChecks } from '../services/payments/check-open';
import { gbpClient } from '../services/payments/gbp';
import { gbpGateway } from '../services/payments/gbp-gateway';
import { opnClient } from '../services/payments/opn';
import { opnGateway } from '../services/payments/opn-gateway';
import { TEST_APP_TOKEN } from '../test/app-fixture';
import { type FakeGbp, startFakeGbp } from '../test/fakes/fake-gbp';
import { type FakeOpn, startFakeOpn } from '../test/fakes/fake-opn';
import { orderFixture } from '../test/order-fixtures';

const SHOP = 'https://shop.example';

describe.each(testDatabases)('GB Prime Pay on $name', (database) => {
  let fake: FakeGbp;
  beforeAll(async () => {
    fake = await startFakeGbp();
  });
  afterAll(() => fake.close());
  const f = orderFixture(database, {
    gateway: () =>
      gbpGateway(
        gbpClient({ apiUrl: fake.url, token: fake.token, secretKey: fake.secretKey, timeoutMs: 2000 }),
      ),
  });
  const referenceOf = async (uuid: string) => (await paymentsOf(f.db, uuid))[0]?.gateway_ref ?? '';
  const callback = (body: string, contentType: string) =>
    f.t.app.request('/api/payments/gbp/callback', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    });

  it('opens a QR for the exact amount under a 15-character reference, with our callback address', async () => {
    f.t.ctx.publicBaseUrl = SHOP;
    const uuid = await f.create(f.order());
    const ref = await referenceOf(uuid);
    expect(ref).toMatch(/^RF[0-9A-Z]{13}$/);
    expect(fake.transactions.get(ref)).toMatchObject({
      amount: 63,
      backgroundUrl: `${SHOP}/api/payments/gbp/callback`,
      status: 'G',
    });
    const waiting = await f.inquire(uuid);
    expect(waiting).toMatchObject({ payment_gateway: 'GBP', payment_status: 'INITIAL' });
    expect(waiting.qrcode_url).toMatch(/^000201.*540563\.00/);
  });

  it('settles a paid callback once, after asking GB Prime Pay, whatever the callback claims', async () => {
    const uuid = await f.create(f.order());
    const ref = await referenceOf(uuid);
    // A callback that says paid before GB Prime Pay does: the status check says not yet, nothing changes.
    const early = fake.callback(ref, { resultCode: '00' });
    expect((await callback(early.body, early.contentType)).status).toBe(200);
    expect((await f.orderRow(uuid)).payment_status).toBe('INITIAL');

    fake.pay(ref);
    const paid = fake.callback(ref);
    expect(await (await callback(paid.body, paid.contentType)).text()).toBe('OK');
    expect(await callback(paid.body, paid.contentType)).toMatchObject({ status: 200 });
    const row = await f.orderRow(uuid);
    expect(row).toMatchObject({
      payment_status: 'PAID',
      payment_ref: fake.transactions.get(ref)?.gbpReferenceNo,
    });
    expect((await paymentsOf(f.db, uuid)).map((p) => p.status)).toEqual(['PAID']);
    // Form-encoded callbacks are read too.
    const json = fake.callback(ref, {}, 'form');
    expect((await callback(json.body, json.contentType)).status).toBe(200);
  });

  it('refuses a callback for a reference GB Prime Pay does not know, and one it cannot read', async () => {
    const warn = captureLogs('warn');
    const unknown = await callback(
      'referenceNo=RFUNKNOWN000001&resultCode=00&amount=63.00',
      'application/x-www-form-urlencoded',
    );
    expect(unknown.status).toBe(400);
    expect((await callback('hello', 'text/plain')).status).toBe(400);
    const uuid = await f.create(f.order());
    fake.failNext(500);
    const down = fake.callback(await referenceOf(uuid));
    expect((await callback(down.body, down.contentType)).status).toBe(400);
    warn.restore();
    expect((await f.orderRow(uuid)).payment_status).toBe('INITIAL');
  });

  it('asks GB Prime Pay nothing about a callback for no payment of ours or a settled one, once for copies at once', async () => {
    const asked = () => fake.statusChecks();
    const before = asked();
    // 200 callbacks for references of no order: no call.
    for (let i = 0; i < 200; i++) {
      const res = await callback(
        `referenceNo=RFNOSUCH${String(i).padStart(7, '0')}&resultCode=00`,
        'application/x-www-form-urlencoded',
      );
      expect(res.status).toBe(400);
    }
    expect(asked()).toBe(before);
    // 50 copies of one real reference at once: one call; once paid, further copies: none.
    const uuid = await f.create(f.order());
    const ref = await referenceOf(uuid);
    fake.pay(ref);
    const paid = fake.callback(ref);
    const copies = await Promise.all(Array.from({ length: 50 }, () => callback(paid.body, paid.contentType)));
    expect(copies.every((r) => r.status === 200)).toBe(true);
    expect(asked() - before).toBe(1);
    expect((await f.orderRow(uuid)).payment_status).toBe('PAID');
    for (let i = 0; i < 10; i++) await callback(paid.body, paid.contentType);
    expect(asked() - before).toBe(1);
    // A body with a byte-order mark is refused unread.
    const bom = await f.t.app.request('/api/payments/gbp/callback', {
      method: 'POST',
      headers: { 'content-type': paid.contentType },
      body: new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(paid.body)]),
    });
    expect(bom.status).toBe(400);
  });

  it('settles from the order page when the callback is lost, and keeps a declined payment open', async () => {
    forgetPaymentChecks();
    const uuid = await f.create(f.order());
    const ref = await referenceOf(uuid);
    fake.pay(ref, 'D');
    expect((await f.inquire(uuid)).payment_status).toBe('INITIAL');
    expect((await paymentsOf(f.db, uuid)).map((p) => p.status)).toEqual(['FAILED']);
    forgetPaymentChecks();
    const other = await f.create(f.order());
    fake.pay(await referenceOf(other));
    expect((await f.inquire(other)).payment_status).toBe('PAID');
  });

  it('keeps the order uncreated when GB Prime Pay refuses the QR', async () => {
    const before = await f.countOrders();
    fake.failNext(500);
    const error = captureLogs('error');
    const res = await f.post('/api/v1/order/create', f.order());
    error.restore();
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ status: 'error', code: 'payment-gateway-error' });
    expect(await f.countOrders()).toBe(before);
  });

  it('answers GBP to utils/conf and refuses card payments (the standard cart offers PromptPay only)', async () => {
    const conf = await f.post('/api/v1/utils/conf', { token: TEST_APP_TOKEN, name: 'PAYMENT_GATEWAY' });
    expect(await conf.json()).toMatchObject({ body: { value: 'GBP' } });
  });
});

describe.each(testDatabases)('Opn PromptPay on $name', (database) => {
  let fake: FakeOpn;
  beforeAll(async () => {
    fake = await startFakeOpn();
  });
  afterAll(() => fake.close());
  const f = orderFixture(database, {
    gateway: () => opnGateway(opnClient({ apiUrl: fake.url, secretKey: fake.secretKey, timeoutMs: 2000 })),
  });
  const chargeOf = async (uuid: string) => (await paymentsOf(f.db, uuid))[0]?.gateway_ref ?? '';
  const webhook = (event: object) =>
    f.t.app.request('/api/payments/opn/callback', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
  const event = (key: string, charge: object) => ({ object: 'event', id: 'evnt_test_1', key, data: charge });

  it('opens a PromptPay charge whose QR image address the order page shows', async () => {
    const uuid = await f.create(f.order());
    const id = await chargeOf(uuid);
    expect(id).toMatch(/^chrg_test_/);
    expect(fake.charges.get(id)).toMatchObject({
      amount: 6300,
      currency: 'thb',
      status: 'pending',
      metadata: { order_id: uuid },
    });
    const waiting = await f.inquire(uuid);
    expect(waiting).toMatchObject({
      payment_gateway: 'OPN',
      qrcode_url: `${fake.url}/documents/${id}/qr.svg`,
    });
    expect((await fetch(waiting.qrcode_url)).status).toBe(200);
  });

  it('settles a charge.complete webhook only as Opn reports the charge, once', async () => {
    const uuid = await f.create(f.order());
    const id = await chargeOf(uuid);
    // A webhook claiming success for a charge Opn still has pending changes nothing.
    expect(
      (await webhook(event('charge.complete', { object: 'charge', id, status: 'successful', amount: 6300 })))
        .status,
    ).toBe(200);
    expect((await f.orderRow(uuid)).payment_status).toBe('INITIAL');
    fake.completePromptPay(id, 'successful');
    for (let i = 0; i < 3; i++) {
      expect((await webhook(event('charge.complete', { object: 'charge', id }))).status).toBe(200);
    }
    expect(await f.orderRow(uuid)).toMatchObject({
      payment_status: 'PAID',
      payment_ref: fake.charges.get(id)?.transaction,
    });
    expect((await paymentsOf(f.db, uuid)).map((p) => p.status)).toEqual(['PAID']);
  });

  it('refuses webhooks it cannot verify and ignores other events', async () => {
    const warn = captureLogs('warn');
    expect(
      (await webhook(event('charge.complete', { object: 'charge', id: 'chrg_test_nosuch' }))).status,
    ).toBe(400);
    expect((await webhook({ hello: 'world' })).status).toBe(400);
    expect((await webhook(event('customer.create', { object: 'customer', id: 'cust_test_1' }))).status).toBe(
      200,
    );
    warn.restore();
  });

  it('closes an expired or failed PromptPay charge and leaves the order waiting', async () => {
    const uuid = await f.create(f.order());
    const id = await chargeOf(uuid);
    fake.completePromptPay(id, 'failed');
    expect((await webhook(event('charge.complete', { object: 'charge', id }))).status).toBe(200);
    expect((await f.orderRow(uuid)).payment_status).toBe('INITIAL');
    expect((await paymentsOf(f.db, uuid)).map((p) => p.status)).toEqual(['FAILED']);
    expect((await f.inquire(uuid)).payment_failure).toBe('the payment was rejected');
  });

  it('takes a real webhook over HTTP from the fake', async () => {
    const { serve } = await import('@hono/node-server');
    const server = serve({ fetch: f.t.app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const uuid = await f.create(f.order());
      const id = await chargeOf(uuid);
      fake.completePromptPay(id, 'successful');
      expect(await fake.sendWebhook(`http://127.0.0.1:${port}/api/payments/opn/callback`, id)).toBe(200);
      expect((await f.orderRow(uuid)).payment_status).toBe('PAID');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
