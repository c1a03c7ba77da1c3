import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../test/memory-storage';
import {
  COLOR_PRESETS,
  DEFAULT_COLORS,
  effectiveLayout,
  otherLayout,
  presetOf,
  readThemeChoice,
  SURFACES,
  saveColors,
  saveLayout,
  themeVariables,
  toolbarColor,
} from './theme';
import { contrastRatio, isHexColor, mix, readableOn } from './theme-colors';

describe('colour arithmetic', () => {
  it('knows black on white is 21:1 and a colour on itself 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#e4572e', '#e4572e')).toBeCloseTo(1, 5);
  });

  it('mixes colours', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mix('#e4572e', '#000000', 0)).toBe('#e4572e');
    expect(mix('#e4572e', '#000000', 1)).toBe('#000000');
  });

  it('accepts only #rrggbb colours', () => {
    expect(isHexColor('#1a2B3c')).toBe(true);
    for (const bad of ['red', '#fff', '1a2b3c', '#1a2b3g', '', null, 42]) expect(isHexColor(bad)).toBe(false);
  });

  it('moves a colour only as far as needed for the contrast asked', () => {
    expect(readableOn('#17324d', ['#ffffff'], '#000000')).toBe('#17324d');
    const darker = readableOn('#e4572e', ['#ffffff'], '#000000');
    expect(contrastRatio(darker, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(mix('#e4572e', '#000000', 0), '#ffffff')).toBeLessThan(4.5);
  });
});

describe('theme choice', () => {
  it('follows the system until a layout is stored', () => {
    expect(effectiveLayout(null, true)).toBe('dark-only');
    expect(effectiveLayout(null, false)).toBe('light');
    expect(effectiveLayout('light', true)).toBe('light');
    expect(effectiveLayout('dark-only', false)).toBe('dark-only');
    expect(otherLayout('light')).toBe('dark-only');
    expect(otherLayout('dark-only')).toBe('light');
  });

  it('reads layoutVersion, primary_color and secondary_color, ignoring bad values', () => {
    expect(readThemeChoice(memoryStorage())).toEqual({ layout: null, ...DEFAULT_COLORS });
    const store = memoryStorage({
      layoutVersion: 'dark-only',
      primary_color: '#0e7490',
      secondary_color: 'navy',
    });
    expect(readThemeChoice(store)).toEqual({ layout: 'dark-only', primary: '#0e7490', secondary: '#17324d' });
    expect(readThemeChoice(memoryStorage({ layoutVersion: 'sepia' })).layout).toBeNull();
  });

  it('saves under the names of the spec', () => {
    const store = memoryStorage();
    saveLayout('dark-only', store);
    saveColors({ primary: '#15803d', secondary: '#1c3326' }, store);
    expect(Object.fromEntries(store.data)).toEqual({
      layoutVersion: 'dark-only',
      primary_color: '#15803d',
      secondary_color: '#1c3326',
    });
  });

  it('names the preset of a colour pair', () => {
    expect(presetOf({ primary: '#0E7490', secondary: '#0f2a3d' })).toBe('ocean');
    expect(presetOf({ primary: '#0e7490', secondary: '#000000' })).toBeUndefined();
  });
});

describe('theme variables', () => {
  for (const preset of COLOR_PRESETS) {
    for (const layout of ['light', 'dark-only'] as const) {
      it(`keep text readable for ${preset.id} in ${layout}`, () => {
        const v = themeVariables(layout, preset);
        const { page, card } = SURFACES[layout];
        const primary = v['--primary'] as string;
        // Primary as text on the page and cards, and the ink on primary fills.
        expect(contrastRatio(primary, page)).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(primary, card)).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(v['--primary-ink'] as string, primary)).toBeGreaterThanOrEqual(4.5);
        expect(
          contrastRatio(v['--primary-soft-ink'] as string, v['--primary-soft'] as string),
        ).toBeGreaterThanOrEqual(4.5);
        // White text on secondary fills (update bar), and a focus ring that shows on the surfaces.
        expect(contrastRatio('#ffffff', v['--secondary'] as string)).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(v['--focus-ring'] as string, page)).toBeGreaterThanOrEqual(3);
      });
    }
  }

  it('gives dark text on primary fills in the dark layout and the dark surface as toolbar colour', () => {
    const v = themeVariables('dark-only', DEFAULT_COLORS);
    expect(v['--primary-ink']).toBe(SURFACES['dark-only'].page);
    expect(toolbarColor('dark-only', v)).toBe(SURFACES['dark-only'].card);
    const light = themeVariables('light', DEFAULT_COLORS);
    expect(toolbarColor('light', light)).toBe(light['--primary']);
  });
});
