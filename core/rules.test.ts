import { describe, expect, it } from 'vitest';
import {
  digitsOnly,
  isValidAmOrderRef,
  isValidEmail,
  isValidFindOrderQuery,
  isValidMobile,
  normalizeAmOrderRef,
} from './rules';

describe('mobile numbers', () => {
  it('strips non-digits as typed', () => {
    expect(digitsOnly('081-234 5678')).toBe('0812345678');
    expect(digitsOnly('+66 (81) 234')).toBe('6681234');
  });

  it('needs exactly 10 digits on the standard form', () => {
    expect(isValidMobile('0812345678')).toBe(true);
    expect(isValidMobile('081234567')).toBe(false);
    expect(isValidMobile('08123456789')).toBe(false);
    expect(isValidMobile('08123456a8')).toBe(false);
    expect(isValidMobile('')).toBe(false);
  });

  it('takes 5 to 15 digits on the manual form', () => {
    expect(isValidMobile('12345', 'manual')).toBe(true);
    expect(isValidMobile('123456789012345', 'manual')).toBe(true);
    expect(isValidMobile('1234', 'manual')).toBe(false);
    expect(isValidMobile('1234567890123456', 'manual')).toBe(false);
  });
});

describe('e-mail', () => {
  it('is optional but must look like an address', () => {
    expect(isValidEmail('')).toBe(true);
    expect(isValidEmail('runner@example.co.th')).toBe(true);
    expect(isValidEmail('a.b+tag@mail.example.com')).toBe(true);
    for (const bad of [
      'runner',
      'runner@',
      '@example.com',
      'run ner@example.com',
      'a@b',
      'a@b..com',
      'a@.b.com',
    ]) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });
});

describe('references', () => {
  it('takes an AM reference of 5 to 20 characters', () => {
    expect(isValidAmOrderRef('12345')).toBe(true);
    expect(isValidAmOrderRef('x'.repeat(20))).toBe(true);
    expect(isValidAmOrderRef('1234')).toBe(false);
    expect(isValidAmOrderRef('x'.repeat(21))).toBe(false);
    expect(isValidAmOrderRef('   1234  ')).toBe(false);
  });

  it('takes a pasted earlier order number or order link as its uuid, never cut', () => {
    const uuid = '7d7c2b56-2f3e-4a77-9c36-9a9c6b0d7e11';
    for (const pasted of [
      uuid,
      uuid.toUpperCase(),
      ` ${uuid} `,
      `https://runfoto.example/download/${uuid}`,
      `/d/${uuid}?x=1`,
    ]) {
      expect(isValidAmOrderRef(pasted), pasted).toBe(true);
      expect(normalizeAmOrderRef(pasted)).toBe(uuid);
    }
    expect(normalizeAmOrderRef('  0812345678 ')).toBe('0812345678');
    // A long text with no order number in it is still refused, not cut to 20.
    expect(isValidAmOrderRef('https://runfoto.example/download/not-an-order')).toBe(false);
    expect(isValidAmOrderRef(uuid.slice(0, 30))).toBe(false);
  });

  it('finds orders by 10-15 digit mobile or a 4-character receipt', () => {
    expect(isValidFindOrderQuery('mobile', '0812345678')).toBe(true);
    expect(isValidFindOrderQuery('mobile', '081234567')).toBe(false);
    expect(isValidFindOrderQuery('mobile', '0812345678901234')).toBe(false);
    expect(isValidFindOrderQuery('payment_ref', 'A1b2')).toBe(true);
    expect(isValidFindOrderQuery('payment_ref', 'A1b')).toBe(false);
    expect(isValidFindOrderQuery('payment_ref', "1' --")).toBe(false);
  });
});
