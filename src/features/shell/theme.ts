// The theme kept in the browser (SPEC §3, §9): layoutVersion (light or dark-only), primary_color and
// secondary_color. With no stored layout the system's prefers-color-scheme decides.
import { LAYOUT_VERSIONS } from '../../../core/constants';
import { type KeyValueStore, readText, writeText } from './browser-store';
import { isHexColor, mix, readableOn } from './theme-colors';

export type LayoutVersion = (typeof LAYOUT_VERSIONS)[number];

export const LAYOUT_KEY = 'layoutVersion';
export const PRIMARY_COLOR_KEY = 'primary_color';
export const SECONDARY_COLOR_KEY = 'secondary_color';

export interface ThemeColors {
  primary: string;
  secondary: string;
}

/** What the runner chose; layout null means "follow the system". */
export interface ThemeChoice extends ThemeColors {
  layout: LayoutVersion | null;
}

/** The colour pairs offered in the sidebar; the first is the brand's own. */
export const COLOR_PRESETS = [
  { id: 'sunrise', primary: '#e4572e', secondary: '#17324d' },
  { id: 'ocean', primary: '#0e7490', secondary: '#0f2a3d' },
  { id: 'forest', primary: '#15803d', secondary: '#1c3326' },
  { id: 'berry', primary: '#be185d', secondary: '#3b1530' },
  { id: 'violet', primary: '#6d28d9', secondary: '#221a3d' },
] as const;
export type ColorPresetId = (typeof COLOR_PRESETS)[number]['id'];

export const DEFAULT_COLORS: ThemeColors = {
  primary: COLOR_PRESETS[0].primary,
  secondary: COLOR_PRESETS[0].secondary,
};

export const isLayoutVersion = (value: unknown): value is LayoutVersion =>
  (LAYOUT_VERSIONS as readonly unknown[]).includes(value);

export function readThemeChoice(store?: KeyValueStore): ThemeChoice {
  const layout = readText(LAYOUT_KEY, store);
  const primary = readText(PRIMARY_COLOR_KEY, store);
  const secondary = readText(SECONDARY_COLOR_KEY, store);
  return {
    layout: isLayoutVersion(layout) ? layout : null,
    primary: isHexColor(primary) ? primary : DEFAULT_COLORS.primary,
    secondary: isHexColor(secondary) ? secondary : DEFAULT_COLORS.secondary,
  };
}

export function saveLayout(layout: LayoutVersion, store?: KeyValueStore): void {
  writeText(LAYOUT_KEY, layout, store);
}

export function saveColors({ primary, secondary }: ThemeColors, store?: KeyValueStore): void {
  writeText(PRIMARY_COLOR_KEY, primary, store);
  writeText(SECONDARY_COLOR_KEY, secondary, store);
}

/** The layout in effect: the stored choice, else the system's preference. */
export const effectiveLayout = (stored: LayoutVersion | null, systemPrefersDark: boolean): LayoutVersion =>
  stored ?? (systemPrefersDark ? 'dark-only' : 'light');

export const otherLayout = (layout: LayoutVersion): LayoutVersion =>
  layout === 'light' ? 'dark-only' : 'light';

export const presetOf = (colors: ThemeColors): ColorPresetId | undefined =>
  COLOR_PRESETS.find(
    (p) => p.primary === colors.primary.toLowerCase() && p.secondary === colors.secondary.toLowerCase(),
  )?.id;

/** Page and card backgrounds of each layout (the same values as styles.css and shell.css). */
export const SURFACES: Record<LayoutVersion, { page: string; card: string }> = {
  light: { page: '#f7f7f9', card: '#ffffff' },
  'dark-only': { page: '#111318', card: '#1a1d23' },
};

/**
 * The CSS variables of a theme. Light: the primary darkened until white text on it and it as text on the
 * surfaces read well. Dark: the primary lightened for the dark surfaces, with dark text on primary fills; the
 * focus ring lightened so it shows on dark backgrounds.
 */
export function themeVariables(layout: LayoutVersion, colors: ThemeColors): Record<string, string> {
  const { page, card } = SURFACES[layout];
  if (layout === 'light') {
    const primary = readableOn(colors.primary, ['#ffffff', page, card], '#000000');
    const soft = mix(primary, '#ffffff', 0.9);
    return {
      '--primary': primary,
      '--primary-ink': '#ffffff',
      '--primary-soft': soft,
      '--primary-soft-ink': readableOn(primary, [soft], '#000000'),
      '--secondary': readableOn(colors.secondary, ['#ffffff'], '#000000'),
      '--focus-ring': readableOn(colors.secondary, [page, card], '#000000', 3),
    };
  }
  const primary = readableOn(colors.primary, [page, card], '#ffffff');
  const soft = mix(primary, card, 0.78);
  return {
    '--primary': primary,
    '--primary-ink': page,
    '--primary-soft': soft,
    '--primary-soft-ink': readableOn(primary, [soft], '#ffffff'),
    '--secondary': readableOn(colors.secondary, ['#ffffff'], '#000000'),
    '--focus-ring': readableOn(colors.secondary, [page, card], '#ffffff', 3),
  };
}

/** The browser's toolbar colour: the primary in light, the header's surface in dark. */
export const toolbarColor = (layout: LayoutVersion, variables: Record<string, string>): string =>
  layout === 'light' ? (variables['--primary'] ?? DEFAULT_COLORS.primary) : SURFACES['dark-only'].card;
