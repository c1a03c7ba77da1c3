// Side effect on import: the stored theme is applied as soon as the shell's module loads, before the first
// render, so a dark-theme visitor does not see the light page flash first.
import { effectiveLayout, readThemeChoice } from './theme';
import { applyTheme, darkSchemeQuery } from './theme-dom';

// Not on the server (src/entry-server.tsx): the visitor's theme is theirs, head-init.js applies it before paint.
if (typeof document !== 'undefined') {
  const choice = readThemeChoice();
  applyTheme(effectiveLayout(choice.layout, darkSchemeQuery()?.matches ?? false), choice);
}
