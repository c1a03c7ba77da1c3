// Language: Thai by default, English on request; the choice is kept in the browser (SPEC §3 browser-kept values).

import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGE_FLAGS, type Language } from '../../core/constants';
import { MANIFEST_PATHS } from '../../core/web-manifest';

export type { Language };

export const LANGUAGE_KEY = 'currentLanguage';
export const LANGUAGE_ICON_KEY = 'currentLanguageIcon';

const catalogs: Record<Language, () => Promise<{ messages: Messages }>> = {
  th: () => import('../locales/th/messages.po'),
  en: () => import('../locales/en/messages.po'),
};

/** Choosing the Thai flag gives th; any other flag gives en. */
export const languageOfFlag = (flag: string): Language => (flag === LANGUAGE_FLAGS.th ? 'th' : 'en');

/**
 * The language this device chose (kept in its storage): undefined when it chose none, null when its storage
 * cannot be read (blocked in some in-app browsers and private modes).
 */
export function chosenLanguage(storage?: Pick<Storage, 'getItem'>): Language | undefined | null {
  try {
    // No storage on the server (src/entry-server.tsx): the page's language is set there.
    const kept = (storage ?? localStorage).getItem(LANGUAGE_KEY);
    return kept === 'en' || kept === 'th' ? kept : undefined;
  } catch {
    return null;
  }
}

/** The language of a device that chose none: the one its page was served in (main.tsx), else Thai. */
let languageWithoutChoice: Language = DEFAULT_LANGUAGE;

/**
 * Sets the language of a device that chose none: the server's choice for it (its browser's languages,
 * server/page-texts.ts), so leaving a page shown in another language comes back to it.
 */
export function setLanguageWithoutChoice(language: Language): void {
  languageWithoutChoice = language;
}

/** The device's language: its choice, else the one its page was served in, else Thai. */
export function storedLanguage(storage?: Pick<Storage, 'getItem'>): Language {
  return chosenLanguage(storage) ?? languageWithoutChoice;
}

/** Keeps the visitor's choice, in storage and in the cookie that tells the server (keepLanguageCookie). */
export function saveLanguage(
  language: Language,
  storage: Pick<Storage, 'setItem'> = localStorage,
  doc: Pick<Document, 'cookie'> = document,
): void {
  try {
    storage.setItem(LANGUAGE_KEY, language);
    const flag = LANGUAGE_FLAGS[language];
    storage.setItem(LANGUAGE_ICON_KEY, JSON.stringify({ icon: `flag-icon-${flag}`, id: language }));
  } catch {
    // Storage blocked: the choice lasts for this visit only, and in the cookie.
  }
  keepLanguageCookie(language, doc);
}

export async function activateLanguage(language: Language): Promise<void> {
  const { messages } = await catalogs[language]();
  i18n.loadAndActivate({ locale: language, messages });
  document.documentElement.lang = language;
  // The install sheet speaks the page's language (core/web-manifest.ts).
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', MANIFEST_PATHS[language]);
}

/**
 * The server's copy of the device's choice: the cookie it reads (server/page-texts.ts, same name) to serve each
 * page in the language the device will show. Written when it says anything else; removed when the device chose
 * nothing (the server then goes by the browser's languages); left alone when the device's storage cannot be read
 * (then the cookie is where the choice lives). Written only when it changes: a cookie the server wrote again
 * (it lasts a year) is not replaced by one written by script (which Safari keeps 7 days at most).
 */
export function keepLanguageCookie(
  choice: Language | undefined | null,
  doc: Pick<Document, 'cookie'> = document,
): void {
  if (choice === null) return;
  try {
    const current = doc.cookie
      .split(/;\s*/)
      .find((item) => item.startsWith(`${LANGUAGE_COOKIE}=`))
      ?.slice(LANGUAGE_COOKIE.length + 1);
    if (choice === undefined) {
      if (current !== undefined) doc.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0; samesite=lax`;
      return;
    }
    if (current === choice) return;
    const secure = globalThis.location?.protocol === 'https:' ? '; secure' : '';
    doc.cookie = `${LANGUAGE_COOKIE}=${choice}; path=/; max-age=31536000; samesite=lax${secure}`;
  } catch {
    // Cookies blocked (a sandboxed frame): the server's pages come in the browser's language.
  }
}
