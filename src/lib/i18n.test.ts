import { describe, expect, it } from 'vitest';
import { languageOfCookies } from '../../server/page-texts';
import {
  activateLanguage,
  keepLanguageCookie,
  LANGUAGE_ICON_KEY,
  LANGUAGE_KEY,
  languageOfFlag,
  saveLanguage,
  storedLanguage,
} from './i18n';

const memoryStorage = () => {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
};

describe('language choice', () => {
  it('is Thai by default and after anything unknown', () => {
    const s = memoryStorage();
    expect(storedLanguage(s)).toBe('th');
    s.setItem(LANGUAGE_KEY, 'fr');
    expect(storedLanguage(s)).toBe('th');
  });

  it('keeps English once chosen, with its icon', () => {
    const s = memoryStorage();
    saveLanguage('en', s);
    expect(storedLanguage(s)).toBe('en');
    expect(JSON.parse(s.data.get(LANGUAGE_ICON_KEY) ?? '')).toEqual({ icon: 'flag-icon-us', id: 'en' });
  });

  it('maps the Thai flag to th and any other flag to en', () => {
    expect(languageOfFlag('th')).toBe('th');
    expect(languageOfFlag('us')).toBe('en');
    expect(languageOfFlag('gb')).toBe('en');
  });

  it('falls back to Thai when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(storedLanguage(blocked)).toBe('th');
  });
});

describe('the language cookie the server reads', () => {
  it('follows the language activated, and the server reads the same name', async () => {
    await activateLanguage('en');
    expect(languageOfCookies(document.cookie)).toBe('en');
    await activateLanguage('th');
    expect(languageOfCookies(document.cookie)).toBe('th');
  });

  it('writes only when it changes, and survives cookies being blocked', () => {
    let writes = 0;
    const doc = {
      get cookie() {
        return 'a=1; currentLanguage=en';
      },
      set cookie(_value: string) {
        writes += 1;
      },
    };
    keepLanguageCookie('en', doc);
    expect(writes).toBe(0);
    keepLanguageCookie('th', doc);
    expect(writes).toBe(1);
    const blocked = {
      get cookie(): string {
        throw new DOMException('blocked', 'SecurityError');
      },
      set cookie(_value: string) {},
    };
    expect(() => keepLanguageCookie('en', blocked)).not.toThrow();
  });
});
