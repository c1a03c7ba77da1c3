// The few texts the server writes into a page's head (its title, its link preview's description), in the visitor's
// language, from the PWA's own catalogs (src/locales/{th,en}/messages.po): Thai is the source text, as in the PWA,
// and English comes from the same translation the page shows, so the two never say different things.
import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGE_COOKIE, type Language } from '../core/constants';

export type PageLanguage = Language;

const LANGUAGE_IN_COOKIES = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`);

/** The visitor's language, from the cookie the PWA keeps beside its stored choice; Thai when there is none. */
export function languageOfCookies(cookieHeader: string | undefined): PageLanguage {
  const match = LANGUAGE_IN_COOKIES.exec(cookieHeader ?? '');
  return match?.[1]?.trim() === 'en' ? 'en' : 'th';
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
