// The card payment service on every database: settling pending card charges from what the gateway reports.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/test-databases';
import { TEST_APP_TOKEN } from '../test/app-fixture';
import { type FakeOpn, startFakeOpn } from '../test/fakes/fake-opn';
import { orderFixture } from '../test/order-fixtures';
import { orderReturnUri, payByCard, settleCardCharges } from './card-payment';
import { type OpnCharge, type OpnClient, opnClient } from './payments/opn';
import { opnGateway } from './payments/opn-gateway';

describe.each(testDatabases)('card charges on $name', (database) => {
  let fake: FakeOpn;
  let opn: OpnClient;
  beforeAll(async () => {
    fake = await startFakeOpn();
    opn = opnClient({ apiUrl: fake.url, secretKey: fake.secretKey, timeoutMs: 2000 });
  });
  afterAll(() => fake.close());
  const f = orderFixture(database, { gateway: () => opnGateway(opn) });
  const settleCardCharge = (ctx: typeof f.t.ctx, uuid: string, client: OpnClient) =>
    settleCardCharges(ctx, uuid, 'OPN', client);

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
      gateway: 'OPN',
      cards: client,
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
    createPromptPayCharge: (charge) => opn.createPromptPayCharge(charge),
    getCharge: async (id) => {
      const current = await opn.getCharge(id);
      return current.ok ? read(current.value) : current;
    },
  });

  it('builds the return address on the download page', () => {
    expect(orderReturnUri('https://shop.example//', 'abc')).toBe(
      'https://shop.example/download/abc?return=1',
    );
  });

  it('answers none for an order without card charges and pending until 3-D Secure is passed', async () => {
    expect(await settleCardCharge(f.t.ctx, await f.create(f.order()), opn)).toBe('none');
    const { uuid, authorizeUri } = await pendingOrder();
    expect(await settleCardCharge(f.t.ctx, uuid, opn)).toBe('pending');
    await fetch(authorizeUri, { redirect: 'manual' });
    expect(await settleCardCharge(f.t.ctx, uuid, opn)).toBe('paid');
    expect(await settleCardCharge(f.t.ctx, uuid, opn)).toBe('none');
    expect(await statuses(uuid)).toEqual(['PAID']);
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
      { gateway: 'OPN', cards: opn, returnBaseUrl: 'https://shop.example' },
    );
    expect(second).toEqual({
      ok: true,
      value: { authorize_uri: `https://shop.example/download/${uuid}?return=1` },
    });
    expect(await statuses(uuid)).toEqual(['FAILED', 'PAID']);
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
      expect(await settleCardCharge(f.t.ctx, uuid, odd)).toBe('wrong-amount');
      expect(await statuses(uuid)).toEqual(['REJECTED']);
      expect((await f.orderRow(uuid)).payment_status).toBe('INITIAL');
    }
    expect(logged).toHaveBeenCalledTimes(2);
    logged.mockRestore();
  });

  it('answers a null authorize_uri when a pending charge comes without one', async () => {
    const bare: OpnClient = {
      createPromptPayCharge: (charge) => opn.createPromptPayCharge(charge),
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
