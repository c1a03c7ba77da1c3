// The language a page is served in: the visitor's choice (cookie), else what their browser asks for, else Thai.
import { describe, expect, it } from 'vitest';
import {
  asksForEnglishNotThai,
  languageCookieRefresh,
  languageOfCookies,
  PAGE_LANGUAGE_VARY,
  pageLanguageOf,
} from './page-texts';

const browser = (acceptLanguage: string | undefined, cookie?: string) => ({
  cookie,
  acceptLanguage,
  fetchSite: 'none',
});

describe('the language a page is served in', () => {
  it('is the visitor’s choice when the cookie names one, whatever the browser asks for', () => {
    expect(pageLanguageOf(browser('th-TH,th;q=0.9', 'a=1; currentLanguage=en'))).toBe('en');
    expect(pageLanguageOf(browser('en-US,en;q=0.9', 'currentLanguage=th; b=2'))).toBe('th');
  });

  it('without a choice: English for a browser that asks for English and not Thai', () => {
    expect(pageLanguageOf(browser('en-US,en;q=0.9'))).toBe('en');
    expect(pageLanguageOf(browser('en-GB'))).toBe('en');
    expect(pageLanguageOf(browser('ja,en;q=0.5'))).toBe('en');
    // A cookie that names no language of the store is no choice.
    expect(pageLanguageOf(browser('en-US', 'currentLanguage=fr'))).toBe('en');
    expect(pageLanguageOf(browser('en-US', 'mycurrentLanguage=th'))).toBe('en');
  });

  it('Thai for everyone else: Thai asked for (even after English), no header, other languages only', () => {
    expect(pageLanguageOf(browser('th-TH'))).toBe('th');
    expect(pageLanguageOf(browser('en-US,en;q=0.9,th;q=0.8'))).toBe('th');
    expect(pageLanguageOf(browser(undefined))).toBe('th');
    expect(pageLanguageOf(browser(''))).toBe('th');
    expect(pageLanguageOf(browser('ja-JP,ja'))).toBe('th');
    expect(pageLanguageOf(browser('*'))).toBe('th');
  });

  it('Thai for a crawler or link preview (no Sec-Fetch-Site), whatever its Accept-Language', () => {
    expect(pageLanguageOf({ cookie: undefined, acceptLanguage: 'en-US,en', fetchSite: undefined })).toBe(
      'th',
    );
    expect(
      pageLanguageOf({ cookie: 'currentLanguage=en', acceptLanguage: undefined, fetchSite: undefined }),
    ).toBe('en');
  });

  it('is varied on every header it reads', () => {
    expect(PAGE_LANGUAGE_VARY.split(', ').map((h) => h.toLowerCase())).toEqual([
      'cookie',
      'accept-language',
      'sec-fetch-site',
    ]);
  });
});

describe('Accept-Language', () => {
  it('a weight of zero asks for nothing', () => {
    expect(asksForEnglishNotThai('th;q=0, en')).toBe(true);
    expect(asksForEnglishNotThai('en;q=0, ja')).toBe(false);
    expect(asksForEnglishNotThai('en;q=0.000')).toBe(false);
    expect(asksForEnglishNotThai('EN-us ; q=0.7')).toBe(true);
    expect(asksForEnglishNotThai('TH, en')).toBe(false);
  });

  it('never throws on a malformed header', () => {
    for (const header of [';;;', ',,', 'en;q=', 'en;q=x', '-', 'q=1', ';q=1,en'])
      expect(typeof asksForEnglishNotThai(header)).toBe('boolean');
  });
});

describe('the language cookie', () => {
  it('is read only when it names th or en', () => {
    expect(languageOfCookies(undefined)).toBeUndefined();
    expect(languageOfCookies('currentLanguage=')).toBeUndefined();
    expect(languageOfCookies('currentLanguage= en ')).toBe('en');
    expect(languageOfCookies('x=1;currentLanguage=th')).toBe('th');
  });

  it('is written again by the server for a year when the request carried a choice, never made up', () => {
    expect(languageCookieRefresh('currentLanguage=en', false)).toBe(
      'currentLanguage=en; Path=/; Max-Age=31536000; SameSite=Lax',
    );
    expect(languageCookieRefresh('a=b; currentLanguage=th', true)).toBe(
      'currentLanguage=th; Path=/; Max-Age=31536000; SameSite=Lax; Secure',
    );
    expect(languageCookieRefresh(undefined, true)).toBeUndefined();
    expect(languageCookieRefresh('currentLanguage=de', true)).toBeUndefined();
  });
});
