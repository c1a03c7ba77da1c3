import { describe, expect, it } from 'vitest';
import { eventDateLabel, formatBaht, formatDateTime, formatEventDate } from './format';

describe('format', () => {
  it('shows dates in Thai time, Buddhist era in Thai', () => {
    expect(formatDateTime('2026-11-17T07:07:00Z', 'en')).toBe('17 Nov 2026, 14:07');
    expect(formatDateTime('2026-11-17T07:07:00Z', 'th')).toContain('2569');
    expect(formatEventDate('2026-11-16', 'en')).toBe('16 Nov 2026');
    expect(formatEventDate('2026-11-16', 'th')).toBe('16 พ.ย. 2569');
  });

  it('shows baht with two decimals and thousands', () => {
    expect(formatBaht('1250.5')).toBe('1,250.50');
    expect(formatBaht('0.00')).toBe('0.00');
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
