// Atoms shared across features.
import { atom } from 'jotai';
import { activateLanguage, type Language, saveLanguage, storedLanguage } from './i18n';

export const languageAtom = atom<Language>(storedLanguage());

/** Switches the interface language, loads its catalog and remembers the choice. */
export const chooseLanguageAtom = atom(null, async (_get, set, language: Language) => {
  await activateLanguage(language);
  saveLanguage(language);
  set(languageAtom, language);
});
