// Applies forced-language.ts to a mounted page: switch on mount, switch back to the saved choice on unmount.
import { useLingui } from '@lingui/react';
import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { activateLanguage } from '../../lib/i18n';
import { languageAtom } from '../../lib/state';
import { forcedLanguageOf, languageAfterLeaving, languageSwitcher } from './forced-language';

const switchLanguage = languageSwitcher(activateLanguage);

/** A restore that waits one tick: the next page, when it is forced too, cancels it (no flash of the other language). */
let pendingRestore: ReturnType<typeof setTimeout> | undefined;

/** Answers whether the page may render: false only while a forced language's catalog still loads. */
export function useForcedLanguage(eventKey: string): boolean {
  const forced = forcedLanguageOf(eventKey);
  const setLanguage = useSetAtom(languageAtom);
  // The render's own instance (the server makes one per page), not the browser's global one.
  const { i18n } = useLingui();
  const [ready, setReady] = useState(() => !forced || i18n.locale === forced);

  useEffect(() => {
    if (!forced) return;
    clearTimeout(pendingRestore);
    let mounted = true;
    switchLanguage(forced, () => {
      setLanguage(forced);
      if (mounted) setReady(true);
    }).catch(() => {
      // The catalog could not load (offline, not cached yet): show the page in the current language.
      if (mounted) setReady(true);
    });
    return () => {
      mounted = false;
      pendingRestore = setTimeout(() => {
        const back = languageAfterLeaving();
        switchLanguage(back, () => setLanguage(back)).catch(() => undefined);
      }, 0);
    };
  }, [forced, setLanguage]);

  return ready;
}
