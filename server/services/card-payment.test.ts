// The card payment service on every database: settling pending card charges from what the gateway reports.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/test-databases';
import { TEST_APP_TOKEN } from '../test/app-fixture';
import { orderFixture } from '../test/order-fixtures';
import { orderReturnUri, payByCard, settleCardCharge } from './card-payment';
import { type FakeOpn, startFakeOpn } from './payments/fake-opn';
import { type OpnCharge, type OpnClient, opnClient } from './payments/opn';

describe.each(testDatabases)('card charges on $name', (database) => {
  const f = orderFixture(database);
  let fake: FakeOpn;
  let opn: OpnClient;
  beforeAll(async () => {
    fake = await startFakeOpn();
    opn = opnClient({ apiUrl: fake.url, secretKey: fake.secretKey, timeoutMs: 2000 });
  });
  afterAll(() => fake.close());

  /** A CC order with one pending charge opened through the fake; answers the order and the charge id. */
  const pendingOrder = async (client: OpnClient = opn) => {
    const uuid = await f.create(f.order({ payment_channel: 'CC' }));
    const request = {
      token_key: fake.token(),
      uuid,
      email: '',
      mobile: '0812345678',
      paid_amount: '6300',
      sk: TEST_APP_TOKEN,
    };
    const outcome = await payByCard(f.t.ctx, request, {
      opn: client,
      returnBaseUrl: 'https://shop.example/',
    });
    if (!outcome.ok) throw new Error(outcome.body.message);
    const authorizeUri = outcome.value.authorize_uri ?? '';
    return { uuid, authorizeUri, chargeId: /payments\/(chrg_\w+)\//.exec(authorizeUri)?.[1] ?? '' };
  };
  const statuses = async (uuid: string) =>
    (
      await f.db
        .selectFrom('payments')
        .select('status')
        .where('order_id', '=', uuid)
        .where('gateway', '=', 'OPN')
        .orderBy('id')
        .execute()
    ).map((r) => r.status);
  /** The fake's client, except that reading a charge answers what `read` makes of it. */
  const reading = (read: (charge: OpnCharge) => Awaited<ReturnType<OpnClient['getCharge']>>): OpnClient => ({
    createCharge: (charge) => opn.createCharge(charge),
    getCharge: async (id) => {
      const current = await opn.getCharge(id);
      return current.ok ? read(current.value) : current;
    },
  });

  it('builds the return address on the download page', () => {
    expect(orderReturnUri('https://shop.example//', 'abc')).toBe('https://shop.example/download/abc');
  });

  it('answers none for an order without card charges and pending until 3-D Secure is passed', async () => {
    expect(await settleCardCharge(f.t.ctx, await f.create(f.order()), opn)).toBe('none');
    const { uuid, authorizeUri } = await pendingOrder();
    expect(await settleCardCharge(f.t.ctx, uuid, opn)).toBe('pending');
    await fetch(authorizeUri, { redirect: 'manual' });
    expect(await settleCardCharge(f.t.ctx, uuid, opn)).toBe('paid');
    expect(await settleCardCharge(f.t.ctx, uuid, opn)).toBe('none');
    expect(await statuses(uuid)).toEqual(['SUCCESSFUL']);
    expect((await f.orderRow(uuid)).payment_status).toBe('PAID');
  });

  it('closes a charge that failed 3-D Secure and leaves the order waiting for another card', async () => {
    const { uuid, authorizeUri } = await pendingOrder();
    await fetch(`${authorizeUri}?result=fail`, { redirect: 'manual' });
    expect(await settleCardCharge(f.t.ctx, uuid, opn)).toBe('failed');
    expect(await statuses(uuid)).toEqual(['FAILED']);
    const second = await payByCard(
      f.t.ctx,
      {
        token_key: fake.token('no-3ds'),
        uuid,
        email: '',
        mobile: '0812345678',
        paid_amount: '6300',
        sk: TEST_APP_TOKEN,
      },
      { opn, returnBaseUrl: 'https://shop.example' },
    );
    expect(second).toEqual({ ok: true, value: { authorize_uri: `https://shop.example/download/${uuid}` } });
    expect(await statuses(uuid)).toEqual(['FAILED', 'SUCCESSFUL']);
    expect((await f.orderRow(uuid)).payment_status).toBe('PAID');
  });

  it('keeps the charge pending when the gateway cannot be read', async () => {
    const { uuid } = await pendingOrder();
    fake.failNext(503);
    expect(await settleCardCharge(f.t.ctx, uuid, opn)).toBe('unreachable');
    expect(await statuses(uuid)).toEqual(['PENDING']);
  });

  it('never marks an order PAID for a successful charge of another amount or currency', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const change of [{ amount: 100 }, { currency: 'usd' }]) {
      const { uuid } = await pendingOrder();
      const odd = reading((charge) => ({ ok: true, value: { ...charge, status: 'successful', ...change } }));
      expect(await settleCardCharge(f.t.ctx, uuid, odd)).toBe('failed');
      expect(await statuses(uuid)).toEqual(['AMOUNT_MISMATCH']);
      expect((await f.orderRow(uuid)).payment_status).toBe('INITIAL');
    }
    expect(logged).toHaveBeenCalledTimes(2);
    logged.mockRestore();
  });

  it('answers a null authorize_uri when a pending charge comes without one', async () => {
    const bare: OpnClient = {
      createCharge: async (charge) => {
        const created = await opn.createCharge(charge);
        return created.ok ? { ok: true, value: { ...created.value, authorize_uri: null } } : created;
      },
      getCharge: (id) => opn.getCharge(id),
    };
    const { uuid, authorizeUri } = await pendingOrder(bare);
    expect(authorizeUri).toBe('');
    expect(await statuses(uuid)).toEqual(['PENDING']);
  });
});
