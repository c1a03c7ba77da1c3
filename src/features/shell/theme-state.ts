// The theme as jotai state: the runner's stored choice plus the system preference, written back to the
// browser and to <html> on every change.
import { atom } from 'jotai';
import {
  effectiveLayout,
  otherLayout,
  readThemeChoice,
  saveColors,
  saveLayout,
  type ThemeChoice,
  type ThemeColors,
} from './theme';
import { darkSchemeQuery } from './theme-dom';

const choiceAtom = atom<ThemeChoice>(readThemeChoice());

const systemPrefersDarkAtom = atom(darkSchemeQuery()?.matches ?? false);
systemPrefersDarkAtom.onMount = (set) => {
  const query = darkSchemeQuery();
  if (!query) return;
  const follow = () => set(query.matches);
  query.addEventListener('change', follow);
  return () => query.removeEventListener('change', follow);
};

/** The layout in effect: light or dark-only. */
export const layoutAtom = atom((get) => effectiveLayout(get(choiceAtom).layout, get(systemPrefersDarkAtom)));

export const themeColorsAtom = atom<ThemeColors>((get) => {
  const { primary, secondary } = get(choiceAtom);
  return { primary, secondary };
});

/** Switches between light and dark and remembers the choice (it then no longer follows the system). */
export const toggleLayoutAtom = atom(null, (get, set) => {
  const layout = otherLayout(get(layoutAtom));
  saveLayout(layout);
  set(choiceAtom, { ...get(choiceAtom), layout });
});

export const chooseColorsAtom = atom(null, (get, set, colors: ThemeColors) => {
  saveColors(colors);
  set(choiceAtom, { ...get(choiceAtom), ...colors });
});
