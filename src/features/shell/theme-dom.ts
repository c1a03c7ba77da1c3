// Puts the theme on <html>: data-theme (light | dark), color-scheme, the colour variables, and the browser's
// toolbar colour. theme-boot.ts calls it as the app's modules load, before React renders the first page.
import { type LayoutVersion, type ThemeColors, themeVariables, toolbarColor } from './theme';

export function applyTheme(layout: LayoutVersion, colors: ThemeColors, doc: Document = document): void {
  const root = doc.documentElement;
  const dark = layout === 'dark-only';
  root.dataset.theme = dark ? 'dark' : 'light';
  root.style.colorScheme = dark ? 'dark' : 'light';
  const variables = themeVariables(layout, colors);
  for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (meta) meta.content = toolbarColor(layout, variables);
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The system's colour-scheme query, or undefined where matchMedia is missing (old browsers, jsdom). */
export function darkSchemeQuery(): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_QUERY)
    : undefined;
}
