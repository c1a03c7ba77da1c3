import { describe, expect, it } from 'vitest';
import { digitsOnly, isValidAmOrderRef, isValidEmail, isValidFindOrderQuery, isValidMobile } from './rules';

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

  it('finds orders by 10-15 digit mobile or a 4-character receipt', () => {
    expect(isValidFindOrderQuery('mobile', '0812345678')).toBe(true);
    expect(isValidFindOrderQuery('mobile', '081234567')).toBe(false);
    expect(isValidFindOrderQuery('mobile', '0812345678901234')).toBe(false);
    expect(isValidFindOrderQuery('payment_ref', 'A1b2')).toBe(true);
    expect(isValidFindOrderQuery('payment_ref', 'A1b')).toBe(false);
    expect(isValidFindOrderQuery('payment_ref', "1' --")).toBe(false);
  });
});
