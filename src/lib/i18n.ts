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

export function storedLanguage(storage?: Pick<Storage, 'getItem'>): Language {
  try {
    // No storage on the server (src/entry-server.tsx): the page's language is set there.
    return (storage ?? localStorage).getItem(LANGUAGE_KEY) === 'en' ? 'en' : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE; // storage blocked (some in-app browsers): Thai
  }
}

export function saveLanguage(language: Language, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(LANGUAGE_KEY, language);
    const flag = LANGUAGE_FLAGS[language];
    storage.setItem(LANGUAGE_ICON_KEY, JSON.stringify({ icon: `flag-icon-${flag}`, id: language }));
  } catch {
    // Storage blocked: the choice lasts for this visit only.
  }
}

export async function activateLanguage(language: Language): Promise<void> {
  const { messages } = await catalogs[language]();
  i18n.loadAndActivate({ locale: language, messages });
  document.documentElement.lang = language;
  // The install sheet speaks the page's language (core/web-manifest.ts).
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', MANIFEST_PATHS[language]);
  keepLanguageCookie(language);
}

/**
 * The language in a cookie too, beside the stored value: the server sends the next page's head (and, rendered,
 * its first screen) in it (server/page-texts.ts reads the same name).
 */
export function keepLanguageCookie(language: Language, doc: Pick<Document, 'cookie'> = document): void {
  const cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
  try {
    if (!doc.cookie.split('; ').includes(`${LANGUAGE_COOKIE}=${language}`)) doc.cookie = cookie;
  } catch {
    // Cookies blocked (a sandboxed frame): the server's pages come in Thai.
  }
}
