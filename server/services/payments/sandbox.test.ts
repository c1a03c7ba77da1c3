import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { findSandboxCharge, insertSandboxCharge } from '../../db/sandbox-repo';
import { testDatabases } from '../../db/test-databases';
import {
  DEFAULT_PROMPTPAY_ID,
  promptPayPayload,
  SANDBOX_SIGNATURE_HEADER,
  sandboxGateway,
  signSandboxBody,
} from './sandbox';

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), the checksum EMVCo QR payloads end with. */
function crc16ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Top-level EMVCo TLV fields: two-digit id, two-digit length, value. */
function tlv(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let i = 0;
  while (i < payload.length) {
    const id = payload.slice(i, i + 2);
    const length = Number(payload.slice(i + 2, i + 4));
    fields.set(id, payload.slice(i + 4, i + 4 + length));
    i += 4 + length;
  }
  expect(i).toBe(payload.length);
  return fields;
}

const pglite = testDatabases[0];
if (!pglite) throw new Error('no test database');
const NOW = new Date('2026-11-22T05:00:00Z');
const request = (order_id: string, amount: string, channel: 'PP' | 'CC') => ({
  order_id,
  amount,
  channel,
  returnUri: `https://shop.example/download/${order_id}?return=1`,
  callbackUri: 'https://shop.example/api/payments/sandbox/callback',
});

describe('sandbox gateway', () => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await pglite.open());
  });
  afterAll(() => close());
  const gatewayOf = (promptPayId = DEFAULT_PROMPTPAY_ID) =>
    sandboxGateway({ db, secret: 'secret', promptPayId, now: () => NOW });

  it('refunds a successful card charge, never more than is left of it', async () => {
    const cards = gatewayOf().cards;
    if (!cards) throw new Error('the sandbox takes cards');
    await insertSandboxCharge(db, {
      id: 'sbx_cc_refund_1',
      order_id: '7d7c2b56-2f3e-4a77-9c36-9a9c6b0d7e99',
      kind: 'card',
      amount_satang: 6300,
      status: 'successful',
      return_uri: 'https://shop.example/',
    });
    expect(await cards.refundCharge('sbx_cc_refund_1', 6000)).toMatchObject({ ok: true });
    expect(await cards.refundCharge('sbx_cc_refund_1', 301)).toMatchObject({
      ok: false,
      failure: { code: 'invalid_refund' },
    });
    expect(await cards.refundCharge('sbx_cc_refund_1', 300)).toMatchObject({ ok: true });
    expect((await findSandboxCharge(db, 'sbx_cc_refund_1'))?.refunded_satang).toBe(6300);
    expect(await cards.refundCharge('sbx_cc_unknown', 100)).toMatchObject({ ok: false });
  });

  it('checks the CRC helper against the CCITT-FALSE check value', () => {
    expect(crc16ccitt('123456789')).toBe('29B1');
  });

  it('gives a PromptPay payload with a valid CRC that encodes the amount', async () => {
    const gateway = gatewayOf();
    const order_id = '7d7c2b56-2f3e-4a77-9c36-9a9c6b0d7e11';
    const { qrcode_url, gateway_ref } = await gateway.createPayment(request(order_id, '1250.50', 'PP'));
    expect(gateway_ref).toMatch(/^sbx_pp_[0-9a-f]{24}$/);
    expect(await findSandboxCharge(db, gateway_ref)).toMatchObject({
      order_id,
      kind: 'promptpay',
      amount_satang: 125050,
      status: 'pending',
    });
    expect(qrcode_url.slice(-8, -4)).toBe('6304');
    expect(qrcode_url.slice(-4)).toBe(crc16ccitt(qrcode_url.slice(0, -4)));
    const fields = tlv(qrcode_url);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('01')).toBe('12'); // dynamic: one amount, one payment
    expect(fields.get('53')).toBe('764'); // THB
    expect(fields.get('54')).toBe('1250.50');
    expect(fields.get('58')).toBe('TH');
    const merchant = tlv(fields.get('29') ?? '');
    expect(merchant.get('00')).toBe('A000000677010111');
    expect(merchant.get('01')).toBe('0066000000000');
  });

  it('detects a tampered payload', () => {
    const payload = promptPayPayload('0899999999', '63.00');
    const tampered = payload.replace('63.00', '64.00');
    expect(tampered.slice(-4)).not.toBe(crc16ccitt(tampered.slice(0, -4)));
  });

  it('opens nothing for card payments at order creation (the charge comes with PAY NOW)', async () => {
    const opened = await gatewayOf().createPayment(
      request('7d7c2b56-2f3e-4a77-9c36-9a9c6b0d7e12', '63.00', 'CC'),
    );
    expect(opened).toEqual({ qrcode_url: '', gateway_ref: '' });
  });

  it('verifies its signed callbacks and refuses forged, stale and malformed ones', async () => {
    const gateway = gatewayOf();
    const body = JSON.stringify({
      object: 'sandbox.payment',
      id: 'sbx_pp_0123456789abcdef01234567',
      status: 'successful',
      amount: 6300,
      currency: 'THB',
      transaction_ref: 'SBX0123456789AB',
      failure_message: null,
    });
    const headers = (signature: string) => new Headers({ [SANDBOX_SIGNATURE_HEADER]: signature });
    expect(await gateway.verifyCallback({ headers: headers(gateway.signCallback(body)), body })).toEqual({
      kind: 'report',
      report: {
        gatewayRef: 'sbx_pp_0123456789abcdef01234567',
        status: 'paid',
        amountSatang: 6300,
        paymentRef: 'SBX0123456789AB',
      },
    });
    const forged = signSandboxBody('another secret', body, NOW);
    expect((await gateway.verifyCallback({ headers: headers(forged), body })).kind).toBe('rejected');
    const tampered = body.replace('6300', '6');
    expect(
      (await gateway.verifyCallback({ headers: headers(gateway.signCallback(body)), body: tampered })).kind,
    ).toBe('rejected');
    const stale = signSandboxBody('secret', body, new Date(NOW.getTime() - 6 * 60_000));
    expect((await gateway.verifyCallback({ headers: headers(stale), body })).kind).toBe('rejected');
    expect((await gateway.verifyCallback({ headers: new Headers(), body })).kind).toBe('rejected');
    expect((await gateway.verifyCallback({ headers: headers('t=1,v1=zz'), body })).kind).toBe('rejected');
    const notPayment = '{"object":"other"}';
    expect(
      (await gateway.verifyCallback({ headers: headers(gateway.signCallback(notPayment)), body: notPayment }))
        .kind,
    ).toBe('rejected');
  });

  it('refuses a bad PromptPay id and amounts that are not positive decimals', () => {
    expect(() => gatewayOf('12345')).toThrow(/PROMPTPAY_ID/);
    expect(() => promptPayPayload(DEFAULT_PROMPTPAY_ID, '0.00')).toThrow(/amount/);
    expect(() => promptPayPayload(DEFAULT_PROMPTPAY_ID, '1e3')).toThrow(/amount/);
  });
});
