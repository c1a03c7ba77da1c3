// The device's chosen language, when the server rendered its page in another one (cookies blocked, or the reload
// head-init.js allows once did not bring the choice): switched only once every component hydrated, as a switch
// during hydration renders what the server did not (React's error #418). Rendered by the server too (without a
// language) so that both trees have the same shape: React's useId ids, which label dialogs and fields, come from
// a component's place in the tree, and a child only the browser had would shift every one of them.
import { getDefaultStore } from 'jotai';
import { useEffect } from 'react';
import { activateLanguage, type Language } from './i18n';
import { languageAtom } from './state';

let switched = false;

export function LanguageAfterHydration({ language }: { language?: Language | undefined }): null {
  useEffect(() => {
    if (!language || switched) return;
    switched = true;
    activateLanguage(language)
      .then(() => getDefaultStore().set(languageAtom, language))
      .catch(() => undefined); // its catalog not reachable (offline): the page stays in the server's language
  }, [language]);
  return null;
}
