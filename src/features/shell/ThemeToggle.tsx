import { useLingui } from '@lingui/react/macro';
import { useAtomValue, useSetAtom } from 'jotai';
import { Icon } from './icons';
import { layoutAtom, toggleLayoutAtom } from './theme-state';

/** Light / dark switch: a toggle button that is pressed while the dark layout is on. */
export function ThemeToggle() {
  const { t } = useLingui();
  const dark = useAtomValue(layoutAtom) === 'dark-only';
  const toggle = useSetAtom(toggleLayoutAtom);
  return (
    <button
      type="button"
      className="icon-button"
      aria-pressed={dark}
      aria-label={t`โหมดมืด`}
      title={dark ? t`เปลี่ยนเป็นโหมดสว่าง` : t`เปลี่ยนเป็นโหมดมืด`}
      onClick={toggle}
    >
      <Icon name={dark ? 'sun' : 'moon'} />
    </button>
  );
}
