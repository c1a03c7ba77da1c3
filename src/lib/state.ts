// Atoms shared across features.
import { atom } from 'jotai';
import { activateLanguage, type Language, saveLanguage, storedLanguage } from './i18n';

export const languageAtom = atom<Language>(storedLanguage());

/** Switches the interface language, loads its catalog and remembers the choice. */
export const chooseLanguageAtom = atom(null, async (_get, set, language: Language) => {
  // Kept first: a page opened while the catalog still loads must already get the chosen language.
  saveLanguage(language);
  await activateLanguage(language);
  set(languageAtom, language);
});
