// The Opn adapter against the local fake of the Opn Payments Charges API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpn, startFakeOpn } from '../../test/fakes/fake-opn';
import { type NewCharge, type OpnClient, opnClient } from './opn';

describe('Opn Payments client', () => {
  let fake: FakeOpn;
  let client: OpnClient;
  beforeAll(async () => {
    fake = await startFakeOpn();
    client = opnClient({ apiUrl: `${fake.url}/`, secretKey: fake.secretKey, timeoutMs: 2000 });
  });
  afterAll(() => fake.close());

  const charge = (extra: Partial<NewCharge> = {}): NewCharge => ({
    amountSatang: 6300,
    currency: 'thb',
    card: fake.token(),
    returnUri: 'https://shop.example/download/abc',
    description: 'order abc',
    metadata: { order_id: 'abc', mobile: '0812345678' },
    ...extra,
  });

  it('opens a pending charge with an authorize_uri, then reads it successful after 3-D Secure', async () => {
    const created = await client.createCharge(charge());
    if (!created.ok) throw new Error(created.failure.message);
    expect(created.value).toMatchObject({ status: 'pending', amount: 6300, currency: 'thb', paid: false });
    expect(created.value.authorize_uri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/payments\/chrg_/);
    const stored = fake.charges.get(created.value.id);
    expect(stored?.metadata).toEqual({ order_id: 'abc', mobile: '0812345678' });
    expect(stored?.return_uri).toBe('https://shop.example/download/abc');

    const page = await fetch(created.value.authorize_uri ?? '', { redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('https://shop.example/download/abc');
    const read = await client.getCharge(created.value.id);
    expect(read).toMatchObject({ ok: true, value: { status: 'successful', paid: true, authorized: true } });
  });

  it('answers a charge paid at once when the card needs no 3-D Secure', async () => {
    const created = await client.createCharge(charge({ card: fake.token('no-3ds') }));
    expect(created).toMatchObject({
      ok: true,
      value: { status: 'successful', paid: true, authorize_uri: null },
    });
  });

  it('refunds a successful charge, never more than is left of it', async () => {
    const created = await client.createCharge(charge({ card: fake.token('no-3ds') }));
    if (!created.ok) throw new Error(created.failure.message);
    const refund = await client.refundCharge(created.value.id, 6300);
    expect(refund).toMatchObject({ ok: true, value: { id: expect.stringMatching(/^rfnd_/) } });
    expect(fake.charges.get(created.value.id)?.refunded_amount).toBe(6300);
    expect(await client.refundCharge(created.value.id, 1)).toMatchObject({
      ok: false,
      failure: { kind: 'api', code: 'invalid_amount' },
    });
    expect(await client.refundCharge('not-a-charge', 100)).toMatchObject({
      ok: false,
      failure: { code: 'invalid_refund' },
    });
  });

  it('answers a declined card as a failed charge with its failure code', async () => {
    const created = await client.createCharge(charge({ card: fake.token('declined') }));
    expect(created).toMatchObject({
      ok: true,
      value: { status: 'failed', failure_code: 'insufficient_fund' },
    });
  });

  it('maps a wrong secret key to authentication_failure', async () => {
    const wrong = opnClient({ apiUrl: fake.url, secretKey: 'skey_test_wrong' });
    expect(await wrong.createCharge(charge())).toEqual({
      ok: false,
      failure: {
        kind: 'api',
        httpStatus: 401,
        code: 'authentication_failure',
        message: 'authentication failed',
      },
    });
  });

  it('maps refused amounts, currencies and tokens to the API error codes', async () => {
    expect(await client.createCharge(charge({ amountSatang: 1999 }))).toMatchObject({
      ok: false,
      failure: { kind: 'api', httpStatus: 400, code: 'invalid_charge' },
    });
    expect(await client.createCharge(charge({ currency: 'xyz' }))).toMatchObject({
      ok: false,
      failure: { code: 'invalid_charge' },
    });
    expect(await client.createCharge(charge({ amountSatang: 63.5 }))).toMatchObject({
      ok: false,
      failure: { code: 'invalid_amount' },
    });
    expect(await client.createCharge(charge({ card: 'tokn_test_unknown' }))).toMatchObject({
      ok: false,
      failure: { httpStatus: 404, code: 'not_found' },
    });
    const token = fake.token();
    expect((await client.createCharge(charge({ card: token }))).ok).toBe(true);
    expect(await client.createCharge(charge({ card: token }))).toMatchObject({
      ok: false,
      failure: { httpStatus: 400, code: 'used_token' },
    });
    expect(await client.getCharge('chrg_test_missing')).toMatchObject({
      ok: false,
      failure: { httpStatus: 404, code: 'not_found' },
    });
    expect(await client.getCharge('../tokens')).toMatchObject({ ok: false, failure: { code: 'not_found' } });
  });

  it('maps a gateway outage, a timeout and an unreachable host to typed failures', async () => {
    fake.failNext(503);
    expect(await client.createCharge(charge())).toMatchObject({
      ok: false,
      failure: { kind: 'api', httpStatus: 503, code: 'service_unavailable' },
    });

    const impatient = opnClient({ apiUrl: fake.url, secretKey: fake.secretKey, timeoutMs: 50 });
    fake.delayNext(500);
    expect(await impatient.createCharge(charge())).toMatchObject({
      ok: false,
      failure: { kind: 'timeout', code: 'timeout' },
    });

    const closed = await startFakeOpn();
    await closed.close();
    const unreachable = opnClient({ apiUrl: closed.url, secretKey: closed.secretKey });
    expect(await unreachable.getCharge('chrg_test_1')).toMatchObject({
      ok: false,
      failure: { kind: 'network', code: 'network_error' },
    });
  });

  it('maps an answer that is not a charge or error object to a protocol failure', async () => {
    const odd = opnClient({
      apiUrl: 'http://gateway.invalid',
      secretKey: 'k',
      fetch: async () => new Response('<html>maintenance</html>', { status: 200 }),
    });
    expect(await odd.getCharge('chrg_test_1')).toMatchObject({
      ok: false,
      failure: { kind: 'protocol', code: 'unexpected_answer' },
    });
    const bare = opnClient({
      apiUrl: 'http://gateway.invalid',
      secretKey: 'k',
      fetch: async () => new Response('bad gateway', { status: 502 }),
    });
    expect(await bare.getCharge('chrg_test_1')).toMatchObject({
      ok: false,
      failure: { kind: 'api', httpStatus: 502, code: 'http_502' },
    });
  });

  it('needs an http(s) API address', () => {
    expect(() => opnClient({ apiUrl: 'ftp://x', secretKey: 'k' })).toThrow(/http/);
    expect(opnClient({ apiUrl: 'http://127.0.0.1:1', secretKey: 'k' })).toBeDefined();
  });
});
