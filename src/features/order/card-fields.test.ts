import { describe, expect, it } from 'vitest';
import { cardNumberAsTyped, expiryAsTyped, expiryParts } from './card-fields';

describe('card fields as typed on a phone', () => {
  it('groups the card number by four, digits only, at most 19', () => {
    expect(cardNumberAsTyped('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(cardNumberAsTyped('4242-4242 42')).toBe('4242 4242 42');
    expect(cardNumberAsTyped('4242 ')).toBe('4242');
    expect(cardNumberAsTyped('12345678901234567890123')).toBe('1234 5678 9012 3456 789');
  });

  it('writes the expiry as MM/YY, the slash by itself, and lets it be deleted', () => {
    expect(expiryAsTyped('1', '')).toBe('1');
    expect(expiryAsTyped('12', '1')).toBe('12/');
    expect(expiryAsTyped('12/3', '12/')).toBe('12/3');
    expect(expiryAsTyped('1230', '')).toBe('12/30');
    expect(expiryAsTyped('12', '12/')).toBe('12');
    expect(expiryAsTyped('12/30xx9', '12/30')).toBe('12/30');
  });

  it('gives the token call the month and the four-digit year', () => {
    expect(expiryParts('12/30')).toEqual({ expiration_month: '12', expiration_year: '2030' });
    expect(expiryParts('07/2031')).toEqual({ expiration_month: '07', expiration_year: '2031' });
    expect(expiryParts('12')).toEqual({ expiration_month: '12', expiration_year: '' });
  });
});
