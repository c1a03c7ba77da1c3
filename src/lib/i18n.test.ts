import { describe, expect, it } from 'vitest';
import { languageOfCookies } from '../../server/page-texts';
import {
  activateLanguage,
  chosenLanguage,
  keepLanguageCookie,
  LANGUAGE_ICON_KEY,
  LANGUAGE_KEY,
  languageOfFlag,
  saveLanguage,
  setLanguageWithoutChoice,
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
    expect(chosenLanguage(blocked)).toBeNull();
  });

  it('without a choice, is the language the page was served in (the browser’s, as the server read it)', () => {
    const s = memoryStorage();
    expect(chosenLanguage(s)).toBeUndefined();
    setLanguageWithoutChoice('en');
    try {
      expect(storedLanguage(s)).toBe('en');
      s.setItem(LANGUAGE_KEY, 'th');
      expect(storedLanguage(s)).toBe('th');
    } finally {
      setLanguageWithoutChoice('th');
    }
  });
});

/** A document's cookie jar with one cookie per name, as a browser keeps it (max-age=0 removes). */
function cookieJar(initial: Record<string, string> = {}) {
  const jar = new Map(Object.entries(initial));
  const written: string[] = [];
  return {
    written,
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(value: string) {
      written.push(value);
      const [pair = '', ...attributes] = value.split(';');
      const [name = '', v = ''] = pair.split('=');
      if (attributes.some((a) => a.trim() === 'max-age=0')) jar.delete(name);
      else jar.set(name, v);
    },
  };
}

describe('the language cookie the server reads', () => {
  it('follows the choice saved (not a page’s own language), under the name the server reads', async () => {
    const doc = cookieJar();
    saveLanguage('en', memoryStorage(), doc);
    expect(languageOfCookies(doc.cookie)).toBe('en');
    expect(doc.written[0]).toBe('currentLanguage=en; path=/; max-age=31536000; samesite=lax');
    saveLanguage('th', memoryStorage(), doc);
    expect(languageOfCookies(doc.cookie)).toBe('th');
    // A page shown in another language (the forced-English event, the wholesale cart) writes no cookie.
    const before = document.cookie;
    await activateLanguage('en');
    expect(document.cookie).toBe(before);
    await activateLanguage('th');
  });

  it('is removed when the device chose nothing, and left alone when its storage cannot be read', () => {
    const doc = cookieJar({ other: '1', currentLanguage: 'th' });
    keepLanguageCookie(null, doc);
    expect(doc.written).toEqual([]);
    keepLanguageCookie(undefined, doc);
    expect(doc.cookie).toBe('other=1');
    keepLanguageCookie(undefined, doc);
    expect(doc.written).toHaveLength(1);
  });

  it('writes only when it changes (a cookie the server wrote again stays its own), and survives cookies being blocked', () => {
    const doc = cookieJar({ a: '1', currentLanguage: 'en' });
    keepLanguageCookie('en', doc);
    expect(doc.written).toEqual([]);
    keepLanguageCookie('th', doc);
    expect(doc.written).toHaveLength(1);
    expect(languageOfCookies(doc.cookie)).toBe('th');
    const blocked = {
      get cookie(): string {
        throw new DOMException('blocked', 'SecurityError');
      },
      set cookie(_value: string) {},
    };
    expect(() => keepLanguageCookie('en', blocked)).not.toThrow();
    expect(() => keepLanguageCookie(undefined, blocked)).not.toThrow();
  });
});
