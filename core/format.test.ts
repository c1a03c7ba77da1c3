import { describe, expect, it } from 'vitest';
import { eventDateLabel, formatBaht, formatDateTime, formatEventDate } from './format';

describe('format', () => {
  it('shows dates in Thai time, Buddhist era in Thai', () => {
    expect(formatDateTime('2026-11-17T07:07:00Z', 'en')).toBe('17 Nov 2026, 14:07');
    expect(formatDateTime('2026-11-17T07:07:00Z', 'th')).toContain('2569');
    expect(formatEventDate('2026-11-16', 'en')).toBe('16 Nov 2026');
    expect(formatEventDate('2026-11-16', 'th')).toBe('16 พ.ย. 2569');
  });

  it('writes money one way: the baht sign, thousands and two decimals', () => {
    expect(formatBaht('1250.5')).toBe('฿1,250.50');
    expect(formatBaht('1234')).toBe('฿1,234.00');
    expect(formatBaht('0.00')).toBe('฿0.00');
    expect(formatBaht('590.00')).toBe('฿590.00');
    expect(formatBaht(1234567.891)).toBe('฿1,234,567.89');
    expect(formatBaht('-50')).toBe('-฿50.00');
  });

  it('writes another currency after the number, and shows what is not a number as it came', () => {
    expect(formatBaht('1250.5', 'USD')).toBe('1,250.50 USD');
    expect(formatBaht('60', 'thb')).toBe('฿60.00');
    expect(formatBaht('abc')).toBe('abc');
    expect(formatBaht('')).toBe('');
  });
});

describe('eventDateLabel', () => {
  const event = { event_date_text: '16 พฤศจิกายน 2569', eventdate: '2026-11-16' };
  it("shows the organiser's text in Thai and a formatted date in English", () => {
    expect(eventDateLabel(event, 'th')).toBe('16 พฤศจิกายน 2569');
    expect(eventDateLabel(event, 'en')).toBe('16 Nov 2026');
    expect(eventDateLabel({ ...event, event_date_text: '' }, 'th')).toBe('16 พ.ย. 2569');
  });
});
