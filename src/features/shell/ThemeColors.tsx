import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue, useSetAtom } from 'jotai';
import { COLOR_PRESETS, type ColorPresetId, presetOf } from './theme';
import { chooseColorsAtom, themeColorsAtom } from './theme-state';

/** The colour pairs (primary_color, secondary_color) the runner can pick, as a group of radio buttons. */
export function ThemeColors() {
  const { t } = useLingui();
  const current = presetOf(useAtomValue(themeColorsAtom));
  const choose = useSetAtom(chooseColorsAtom);
  const names: Record<ColorPresetId, string> = {
    sunrise: t`ส้มอาทิตย์ขึ้น`,
    ocean: t`ฟ้าทะเล`,
    forest: t`เขียวป่า`,
    berry: t`ชมพูเบอร์รี`,
    violet: t`ม่วง`,
  };
  return (
    <fieldset className="theme-colors">
      <legend>
        <Trans>สีของเว็บไซต์</Trans>
      </legend>
      <div className="swatches">
        {COLOR_PRESETS.map((preset) => (
          <label key={preset.id} className="swatch" title={names[preset.id]}>
            <input
              type="radio"
              name="theme-colors"
              value={preset.id}
              checked={current === preset.id}
              onChange={() => choose({ primary: preset.primary, secondary: preset.secondary })}
            />
            <span
              className="swatch-color"
              aria-hidden="true"
              style={{
                background: `linear-gradient(135deg, ${preset.primary} 55%, ${preset.secondary} 55%)`,
              }}
            />
            <span className="visually-hidden">{names[preset.id]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
