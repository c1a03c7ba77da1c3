import { describe, expect, it } from 'vitest';
import { pageLanguage } from './use-page-language';

const storage = (value: string | null) => ({ getItem: () => value });

describe('pageLanguage', () => {
  it('without a stored language the page default wins (manual: en, wholesale: th)', () => {
    expect(pageLanguage('en', storage(null), ['en-US', 'en'])).toBe('en');
    expect(pageLanguage('th', storage(null), ['en-US'])).toBe('th');
    expect(pageLanguage('en', storage(null), [])).toBe('en');
  });
  it('a device that reads Thai keeps a Thai buyer in Thai on the manual cart', () => {
    expect(pageLanguage('en', storage(null), ['th-TH', 'en-US'])).toBe('th');
    expect(pageLanguage('en', storage(null), ['th'])).toBe('th');
    expect(pageLanguage('en', storage(null), ['en-US', 'th-TH'])).toBe('en');
  });
  it('a stored language always wins', () => {
    expect(pageLanguage('en', storage('th'), ['en-US'])).toBe('th');
    expect(pageLanguage('th', storage('en'), ['th-TH'])).toBe('en');
  });
});
