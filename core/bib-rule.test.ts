import { describe, expect, it } from 'vitest';
import { bibOf, DEFAULT_BIB_RULE, typedBib } from './bib-rule';

describe('the bib rule', () => {
  it('takes the digits a runner types: Thai digits and spaces too, nothing else', () => {
    expect(typedBib('1234', DEFAULT_BIB_RULE)).toBe('1234');
    expect(typedBib(' 12 34 ', DEFAULT_BIB_RULE)).toBe('1234');
    expect(typedBib('๑๒๓๔', DEFAULT_BIB_RULE)).toBe('1234');
    expect(typedBib('12-34', DEFAULT_BIB_RULE)).toBeUndefined();
    expect(typedBib('A123', DEFAULT_BIB_RULE)).toBeUndefined();
    expect(typedBib('12', DEFAULT_BIB_RULE)).toBeUndefined();
    expect(typedBib('123456', DEFAULT_BIB_RULE)).toBeUndefined();
    expect(typedBib('', DEFAULT_BIB_RULE)).toBeUndefined();
  });

  it('keeps a read of the event’s digits and range, its separators dropped', () => {
    expect(bibOf('36-38', DEFAULT_BIB_RULE)).toBe('3638');
    const ranged = { minDigits: 1, maxDigits: 4, range: { from: 100, to: 2000 } };
    expect(bibOf('99', ranged)).toBeUndefined();
    expect(bibOf('100', ranged)).toBe('100');
    expect(bibOf('2000', ranged)).toBe('2000');
    expect(bibOf('2001', ranged)).toBeUndefined();
    // Leading zeros are the bib's own digits.
    expect(bibOf('0042', DEFAULT_BIB_RULE)).toBe('0042');
  });
});
