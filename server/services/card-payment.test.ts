// The card payment service on every database: settling pending card charges from what the gateway reports.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimCharge, releaseCharge } from '../db/charge-claims-repo';
import { testDatabases } from '../db/test-databases';
import { captureLogs } from '../ops/log';
import { TEST_APP_TOKEN } from '../test/app-fixture';
import { type FakeOpn, startFakeOpn } from '../test/fakes/fake-opn';
import { orderFixture } from '../test/order-fixtures';
import {
  CHARGE_AT_BANK_MS,
  CHARGE_CLAIM_STALE_MS,
  orderReturnUri,
  payByCard,
  settleCardCharges,
} from './card-payment';
import { type OpnCharge, type OpnClient, opnClient } from './payments/opn';
import { opnGateway } from './payments/opn-gateway';
import { refundDuplicateCharge } from './payments/refund';
import { markPaidByOperator } from './payments/settle';

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
    refundCharge: (id, amount) => opn.refundCharge(id, amount),
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

  const cardRequest = (uuid: string, kind?: Parameters<FakeOpn['token']>[0]) => ({
    token_key: fake.token(kind),
    uuid,
    email: '',
    mobile: '0812345678',
    paid_amount: '6300',
    sk: TEST_APP_TOKEN,
  });
  const chargesAtGateway = (uuid: string) =>
    [...fake.charges.values()].filter((c) => c.metadata.order_id === uuid);

  it('opens one charge for five payments at once; the others are told a payment is in progress', async () => {
    const uuid = await f.create(f.order({ payment_channel: 'CC' }));
    // A gateway that takes a second to open each charge.
    const slow: OpnClient = {
      ...opn,
      createCharge: async (charge) => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        return opn.createCharge(charge);
      },
    };
    const options = { gateway: 'OPN' as const, cards: slow, returnBaseUrl: 'https://shop.example' };
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => payByCard(f.t.ctx, cardRequest(uuid, 'no-3ds'), options)),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    for (const refused of outcomes.filter((o) => !o.ok))
      expect(refused).toMatchObject({
        httpStatus: 409,
        body: { code: 'payment-in-progress', message_th: expect.any(String) },
      });
    expect(chargesAtGateway(uuid)).toHaveLength(1);
    expect(await statuses(uuid)).toEqual(['PAID']);
    // Once it ended, the next attempt is answered: already paid, no charge opened.
    expect(await payByCard(f.t.ctx, cardRequest(uuid, 'no-3ds'), options)).toMatchObject({
      ok: false,
      body: { code: 'already-paid' },
    });
    expect(chargesAtGateway(uuid)).toHaveLength(1);
  });

  it('takes over a claim left by a process that died mid-attempt, and only its holder releases it', async () => {
    const uuid = await f.create(f.order({ payment_channel: 'CC' }));
    const at = (ms: number) => new Date(Date.UTC(2026, 10, 22, 5) + ms);
    const claimAt = (ms: number) => claimCharge(f.db, uuid, at(ms), at(ms - CHARGE_CLAIM_STALE_MS));
    const first = await claimAt(0);
    expect(first).toEqual(expect.any(String));
    expect(await claimAt(1000)).toBeUndefined();
    const taken = await claimAt(CHARGE_CLAIM_STALE_MS + 1000);
    expect(taken).toEqual(expect.any(String));
    await releaseCharge(f.db, uuid, first as string);
    expect(await claimAt(CHARGE_CLAIM_STALE_MS + 2000)).toBeUndefined();
    await releaseCharge(f.db, uuid, taken as string);
    expect(await claimAt(CHARGE_CLAIM_STALE_MS + 3000)).toEqual(expect.any(String));
  });

  it('settles a charge that passed 3-D Secure before opening another, so a retry charges no one twice', async () => {
    const { uuid, authorizeUri } = await pendingOrder();
    await fetch(authorizeUri, { redirect: 'manual' });
    const again = await payByCard(f.t.ctx, cardRequest(uuid, 'no-3ds'), {
      gateway: 'OPN',
      cards: opn,
      returnBaseUrl: 'https://shop.example',
    });
    expect(again).toMatchObject({ ok: false, body: { code: 'already-paid' } });
    expect(chargesAtGateway(uuid)).toHaveLength(1);
    expect((await f.orderRow(uuid)).payment_status).toBe('PAID');
  });

  it('tells a retry while the first charge waits at the bank that a payment is in progress; an abandoned one is not', async () => {
    const { uuid } = await pendingOrder();
    const options = { gateway: 'OPN' as const, cards: opn, returnBaseUrl: 'https://shop.example' };
    expect(await payByCard(f.t.ctx, cardRequest(uuid, 'no-3ds'), options)).toMatchObject({
      ok: false,
      httpStatus: 409,
      body: { code: 'payment-in-progress' },
    });
    expect(chargesAtGateway(uuid)).toHaveLength(1);
    // Eleven minutes later the first was abandoned: a new card may pay.
    const opened = f.t.ctx.now();
    f.t.setNow(new Date(opened.getTime() + CHARGE_AT_BANK_MS + 60_000));
    try {
      expect(await payByCard(f.t.ctx, cardRequest(uuid, 'no-3ds'), options)).toMatchObject({ ok: true });
    } finally {
      f.t.setNow(opened);
    }
    expect(chargesAtGateway(uuid)).toHaveLength(2);
    expect((await f.orderRow(uuid)).payment_status).toBe('PAID');
  });

  it('opens no second charge while an earlier one cannot be read at the gateway', async () => {
    const { uuid } = await pendingOrder();
    const unreadable: OpnClient = {
      ...opn,
      getCharge: async () => ({
        ok: false,
        failure: { kind: 'timeout', code: 'timeout', message: 'no answer' },
      }),
    };
    expect(
      await payByCard(f.t.ctx, cardRequest(uuid, 'no-3ds'), {
        gateway: 'OPN',
        cards: unreadable,
        returnBaseUrl: 'https://shop.example',
      }),
    ).toMatchObject({ ok: false, httpStatus: 503 });
    expect(chargesAtGateway(uuid)).toHaveLength(1);
  });

  it('refunds through the gateway a card charge that succeeded after the order was paid another way', async () => {
    const { uuid, authorizeUri, chargeId } = await pendingOrder();
    expect(await markPaidByOperator(f.t.ctx, uuid, { paymentRef: 'SLIP-DUP-1', note: '' })).toBe('paid');
    await fetch(authorizeUri, { redirect: 'manual' });
    const warned = captureLogs('warn');
    expect(await settleCardCharge(f.t.ctx, uuid, opn)).toBe('duplicate-payment');
    // A process without the charge's gateway never calls it done: the job is tried again.
    const duplicateRow = await f.db
      .selectFrom('payments')
      .select('id')
      .where('order_id', '=', uuid)
      .where('status', '=', 'DUPLICATE')
      .executeTakeFirstOrThrow();
    const logged = captureLogs('error');
    await expect(
      refundDuplicateCharge({ db: f.db, payments: { name: 'SANDBOX', cards: undefined } }, duplicateRow.id),
    ).rejects.toThrow(/no OPN card gateway/);
    logged.restore();
    await f.drainJobs();
    warned.restore();
    expect(fake.charges.get(chargeId)?.refunded_amount).toBe(6300);
    const rows = await f.db
      .selectFrom('payments')
      .select(['status', 'note'])
      .where('order_id', '=', uuid)
      .execute();
    expect(rows.map((r) => r.status).sort()).toEqual(['PAID', 'REFUNDED']);
    expect(rows.find((r) => r.status === 'REFUNDED')?.note).toMatch(/refunded automatically \(rfnd_/);
    // The job again (a retry after a lost answer) gives nothing back twice.
    expect(
      await refundDuplicateCharge({ db: f.db, payments: f.t.ctx.payments }, duplicateRow.id),
    ).toMatchObject({
      skipped: 'it is REFUNDED',
    });
    expect(fake.charges.get(chargeId)?.refunded_amount).toBe(6300);
  });

  it('keeps the charge pending when the gateway cannot be read', async () => {
    const { uuid } = await pendingOrder();
    fake.failNext(503);
    expect(await settleCardCharge(f.t.ctx, uuid, opn)).toBe('unreachable');
    expect(await statuses(uuid)).toEqual(['PENDING']);
  });

  it('never marks an order PAID for a successful charge of another amount or currency', async () => {
    const logged = captureLogs('error');
    for (const change of [{ amount: 100 }, { currency: 'usd' }]) {
      const { uuid } = await pendingOrder();
      const odd = reading((charge) => ({ ok: true, value: { ...charge, status: 'successful', ...change } }));
      expect(await settleCardCharge(f.t.ctx, uuid, odd)).toBe('wrong-amount');
      expect(await statuses(uuid)).toEqual(['REJECTED']);
      expect((await f.orderRow(uuid)).payment_status).toBe('INITIAL');
    }
    expect(logged.lines.filter((line) => line.level === 'error')).toHaveLength(2);
    logged.restore();
  });

  it('answers a null authorize_uri when a pending charge comes without one', async () => {
    const bare: OpnClient = {
      createPromptPayCharge: (charge) => opn.createPromptPayCharge(charge),
      createCharge: async (charge) => {
        const created = await opn.createCharge(charge);
        return created.ok ? { ok: true, value: { ...created.value, authorize_uri: null } } : created;
      },
      getCharge: (id) => opn.getCharge(id),
      refundCharge: (id, amount) => opn.refundCharge(id, amount),
    };
    const { uuid, authorizeUri } = await pendingOrder(bare);
    expect(authorizeUri).toBe('');
    expect(await statuses(uuid)).toEqual(['PENDING']);
  });
});
