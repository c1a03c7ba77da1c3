import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Icon } from './icons';
import type { MenuEntry } from './menu-items';

interface MenuRowProps {
  entry: MenuEntry;
  pinned: boolean;
  onTogglePin: (id: string) => void;
  onNavigate: () => void;
}

/** One menu entry: its link, and a toggle button that pins it to the top of the menu. */
export function MenuRow({ entry, pinned, onTogglePin, onNavigate }: MenuRowProps) {
  const { t } = useLingui();
  const label = entry.label;
  return (
    <li className="menu-row">
      <MenuLink entry={entry} onNavigate={onNavigate} />
      <button
        type="button"
        className="row-action"
        aria-pressed={pinned}
        aria-label={t`ปักหมุด ${label}`}
        title={pinned ? t`เลิกปักหมุด` : t`ปักหมุดไว้ด้านบน`}
        onClick={() => onTogglePin(entry.id)}
      >
        <Icon name="pin" size={18} filled={pinned} />
      </button>
    </li>
  );
}

export function MenuLink({
  entry,
  onNavigate,
}: {
  entry: Pick<MenuEntry, 'path' | 'label' | 'icon'>;
  onNavigate: () => void;
}) {
  return (
    <Link to={entry.path} className="menu-link" activeOptions={{ exact: true }} onClick={onNavigate}>
      <Icon name={entry.icon} size={20} />
      <span>{entry.label}</span>
    </Link>
  );
}
