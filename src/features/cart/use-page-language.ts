// SPEC §2: the wholesale and manual carts follow the stored language, and without one the manual cart is English,
// except for a visitor whose device reads Thai (a Thai buyer who never chose a language is not switched to
// English). The visitor's choice is never written here: leaving the page goes back to the stored (default)
// language.
import { useLingui } from '@lingui/react';
import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useHydrated } from '../../lib/hydration';
import { activateLanguage, LANGUAGE_KEY, type Language, storedLanguage } from '../../lib/i18n';
import { languageAtom } from '../../lib/state';

/** Whether the device's own languages put Thai first (a Thai phone or browser). */
export function deviceReadsThai(languages: readonly string[] | undefined): boolean {
  return /^th\b/i.test(languages?.[0] ?? '');
}

/**
 * The language a page with this default shows: the stored choice when there is one, else Thai on a device that
 * reads Thai, else the page's default.
 */
export function pageLanguage(
  pageDefault: Language,
  storage?: Pick<Storage, 'getItem'>,
  languages: readonly string[] | undefined = typeof navigator === 'undefined'
    ? undefined
    : navigator.languages,
): Language {
  try {
    const store = storage ?? localStorage;
    if (store.getItem(LANGUAGE_KEY) !== null) return storedLanguage(store);
  } catch {
    // no storage (a private window's refusal): the device's language and the page's default decide
  }
  return deviceReadsThai(languages) ? 'th' : pageDefault;
}

/**
 * Switches to the page's language while it is open; answers false while that catalog still loads. Without a
 * default (the standard cart) the page simply follows the interface language.
 */
export function usePageLanguage(pageDefault: Language | undefined): boolean {
  const setLanguage = useSetAtom(languageAtom);
  // The render's own instance (the server makes one per page), not the browser's global one.
  const { i18n } = useLingui();
  // What is stored on the device is not the server's to know: its page (and the browser's hydration of it) is in
  // the language it was asked in; the page's own language follows at once after.
  const hydrated = useHydrated();
  const wanted = pageDefault && hydrated ? pageLanguage(pageDefault) : (i18n.locale as Language);
  const [ready, setReady] = useState(() => i18n.locale === wanted);
  useEffect(() => {
    if (i18n.locale === wanted) {
      setReady(true);
      return;
    }
    let mounted = true;
    activateLanguage(wanted)
      .then(() => setLanguage(wanted))
      .catch(() => undefined) // catalog not reachable offline: the current language stays
      .finally(() => {
        if (mounted) setReady(true);
      });
    return () => {
      mounted = false;
      const back = storedLanguage();
      if (back !== wanted) {
        activateLanguage(back)
          .then(() => setLanguage(back))
          .catch(() => undefined);
      }
    };
  }, [wanted, setLanguage, i18n]);
  return ready;
}
