// The few texts the server writes into a page's head (its title, its link preview's description), in the visitor's
// language, from the PWA's own catalogs (src/locales/{th,en}/messages.po): Thai is the source text, as in the PWA,
// and English comes from the same translation the page shows, so the two never say different things.
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, type Language } from '../core/constants';

export type PageLanguage = Language;

const LANGUAGE_IN_COOKIES = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`);

/**
 * The language the visitor chose on this device, from the cookie the PWA keeps beside its stored choice
 * (src/lib/i18n.ts): undefined when there is none (or it names no language of the store).
 */
export function languageOfCookies(cookieHeader: string | undefined): PageLanguage | undefined {
  const value = LANGUAGE_IN_COOKIES.exec(cookieHeader ?? '')?.[1]?.trim();
  return value === 'en' || value === 'th' ? value : undefined;
}

/**
 * Whether an Accept-Language header asks for English and not for Thai: some `en` range with a weight above
 * zero, no `th` range with one. The wildcard `*` asks for no language in particular.
 */
export function asksForEnglishNotThai(acceptLanguage: string | undefined): boolean {
  let english = false;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const [range = '', ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((q) => q !== undefined);
    if (weight !== undefined && !(Number(weight) > 0)) continue;
    const primary = range.trim().split('-')[0];
    if (primary === 'th') return false;
    if (primary === 'en') english = true;
  }
  return english;
}

/** What a page request says of its visitor's language (its headers). */
export interface LanguageAsked {
  cookie: string | undefined;
  acceptLanguage: string | undefined;
  /**
   * Sec-Fetch-Site: sent by browsers on every request (a page's script cannot set it), by crawlers and link
   * previews not, so their copy of a page stays in the store's own language whatever their Accept-Language says.
   */
  fetchSite: string | undefined;
}

/**
 * The language a page is served and rendered in: the visitor's choice (the cookie) when there is one; else English
 * for a browser that asks for English and not Thai; else Thai, the store's default (SPEC: Thai by default).
 */
export function pageLanguageOf(asked: LanguageAsked): PageLanguage {
  const chosen = languageOfCookies(asked.cookie);
  if (chosen) return chosen;
  if (asked.fetchSite !== undefined && asksForEnglishNotThai(asked.acceptLanguage)) return 'en';
  return DEFAULT_LANGUAGE;
}

/** The request headers pageLanguageOf reads: a cache must keep one copy of a page for each of their values. */
export const PAGE_LANGUAGE_VARY = 'Cookie, Accept-Language, Sec-Fetch-Site';

/** A year, as the PWA's own cookie lasts (src/lib/i18n.ts keepLanguageCookie). */
const LANGUAGE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The visitor's language cookie written again by the server, for a request that carried one: the choice lasts a
 * year from the last visit, as a cookie the server set (Safari keeps a cookie written by script 7 days at most).
 * Undefined when the request carried no choice: the server never makes one up.
 */
export function languageCookieRefresh(cookieHeader: string | undefined, secure: boolean): string | undefined {
  const chosen = languageOfCookies(cookieHeader);
  if (!chosen) return undefined;
  return `${LANGUAGE_COOKIE}=${chosen}; Path=/; Max-Age=${LANGUAGE_COOKIE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** A .po string's text: its quoted parts joined, escapes undone. */
function poString(lines: string[]): string {
  return lines
    .map((line) => /^"(.*)"$/.exec(line.trim())?.[1] ?? '')
    .join('')
    .replace(/\\(["\\nt])/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
}

/** msgid → msgstr of a .po file (entries without a translation are left out). */
export function parsePo(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of text.split(/\r?\n\r?\n/)) {
    const lines = entry.split(/\r?\n/).filter((line) => !line.startsWith('#'));
    const idAt = lines.findIndex((line) => line.startsWith('msgid '));
    const strAt = lines.findIndex((line) => line.startsWith('msgstr '));
    if (idAt < 0 || strAt < idAt) continue;
    const id = poString([lines[idAt]?.slice(6) ?? '', ...lines.slice(idAt + 1, strAt)]);
    const str = poString([lines[strAt]?.slice(7) ?? '', ...lines.slice(strAt + 1)]);
    if (id && str) found.set(id, str);
  }
  return found;
}

let english: Map<string, string> | undefined;

function englishCatalog(): Map<string, string> {
  english ??= parsePo(fs.readFileSync(path.resolve('src/locales/en/messages.po'), 'utf8'));
  return english;
}

/**
 * `thai` (a message of the PWA's catalogs, with `{name}` placeholders) in `language`, its placeholders filled.
 * A message the catalog lacks stays Thai (the catalogs test fails on a missing translation before that ships).
 */
export function pageText(
  language: PageLanguage,
  thai: string,
  values: Record<string, string | number> = {},
): string {
  const message = language === 'en' ? (englishCatalog().get(thai) ?? thai) : thai;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
