import { describe, expect, it } from 'vitest';
import { DEFAULT_PROMPTPAY_ID, promptPayPayload, sandboxGateway } from './sandbox';

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

describe('sandbox gateway', () => {
  it('checks the CRC helper against the CCITT-FALSE check value', () => {
    expect(crc16ccitt('123456789')).toBe('29B1');
  });

  it('gives a PromptPay payload with a valid CRC that encodes the amount', async () => {
    const gateway = sandboxGateway({ promptPayId: DEFAULT_PROMPTPAY_ID });
    const order_id = '7d7c2b56-2f3e-4a77-9c36-9a9c6b0d7e11';
    const { qrcode_url, gateway_ref } = await gateway.createPayment({
      order_id,
      amount: '1250.50',
      channel: 'PP',
    });
    expect(gateway_ref).toBe(`sandbox-${order_id}`);
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
    expect(merchant.get('01')).toBe('0066812345678');
  });

  it('detects a tampered payload', () => {
    const payload = promptPayPayload('0899999999', '63.00');
    const tampered = payload.replace('63.00', '64.00');
    expect(tampered.slice(-4)).not.toBe(crc16ccitt(tampered.slice(0, -4)));
  });

  it('opens no QR for card payments', async () => {
    const opened = await sandboxGateway().createPayment({ order_id: 'x', amount: '63.00', channel: 'CC' });
    expect(opened.qrcode_url).toBe('');
    expect(opened.gateway_ref).toBe('sandbox-x');
  });

  it('refuses a bad PromptPay id and amounts that are not positive decimals', () => {
    expect(() => sandboxGateway({ promptPayId: '12345' })).toThrow(/PROMPTPAY_ID/);
    expect(() => promptPayPayload(DEFAULT_PROMPTPAY_ID, '0.00')).toThrow(/amount/);
    expect(() => promptPayPayload(DEFAULT_PROMPTPAY_ID, '1e3')).toThrow(/amount/);
  });
});
