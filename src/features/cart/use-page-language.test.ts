import { describe, expect, it } from 'vitest';
import { pageLanguage } from './use-page-language';

const storage = (value: string | null) => ({ getItem: () => value });

describe('pageLanguage', () => {
  it('without a stored language the page default wins (manual: en, wholesale: th)', () => {
    expect(pageLanguage('en', storage(null))).toBe('en');
    expect(pageLanguage('th', storage(null))).toBe('th');
  });
  it('a stored language always wins', () => {
    expect(pageLanguage('en', storage('th'))).toBe('th');
    expect(pageLanguage('th', storage('en'))).toBe('en');
  });
});
