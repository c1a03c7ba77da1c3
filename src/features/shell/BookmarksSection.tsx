import { Trans, useLingui } from '@lingui/react/macro';
import { useRouterState } from '@tanstack/react-router';
import { useId } from 'react';
import { SIDEBAR_BOOKMARKS_MAX } from '../../../core/constants';
import { PRODUCT_NAME } from '../../lib/page-title';
import { type Bookmark, isBookmarked, pageTitleOf } from './bookmarks';
import { Icon } from './icons';
import { MenuLink } from './MenuRow';
import type { MenuEntry } from './menu-items';

interface BookmarksSectionProps {
  bookmarks: readonly Bookmark[];
  /** Known menu entries: a bookmark of one shows its name in the current language. */
  entries: readonly MenuEntry[];
  onAdd: (bookmark: Bookmark) => void;
  onRemove: (path: string) => void;
  onNavigate: () => void;
}

/** The runner's bookmarks (up to 8): a button to bookmark the page being viewed, then the list. */
export function BookmarksSection({ bookmarks, entries, onAdd, onRemove, onNavigate }: BookmarksSectionProps) {
  const { t } = useLingui();
  const headingId = useId();
  const here = useRouterState({ select: (s) => s.location.pathname });
  const marked = isBookmarked(bookmarks, here);
  const full = bookmarks.length >= SIDEBAR_BOOKMARKS_MAX;
  const count = bookmarks.length;
  const max = SIDEBAR_BOOKMARKS_MAX;

  const entryOf = (bookmark: Bookmark) => {
    const entry = entries.find((e) => e.path === bookmark.path);
    return {
      path: bookmark.path,
      label: entry?.label ?? bookmark.title,
      icon: entry?.icon ?? ('star' as const),
    };
  };

  return (
    <section className="menu-section" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <Trans>บุ๊กมาร์ก</Trans> <span className="menu-count">{t`${count} จาก ${max}`}</span>
      </h3>
      <button
        type="button"
        className="bookmark-here"
        disabled={!marked && full}
        onClick={() =>
          marked ? onRemove(here) : onAdd({ path: here, title: pageTitleOf(document.title, PRODUCT_NAME) })
        }
      >
        <Icon name="star" size={18} filled={marked} />
        {marked ? <Trans>เอาหน้านี้ออกจากบุ๊กมาร์ก</Trans> : <Trans>บุ๊กมาร์กหน้านี้</Trans>}
      </button>
      {full && !marked && (
        <p className="menu-note">
          <Trans>บุ๊กมาร์กครบ {max} รายการแล้ว ลบรายการเดิมก่อนจึงจะเพิ่มใหม่ได้</Trans>
        </p>
      )}
      {count === 0 ? (
        <p className="menu-note">
          <Trans>ยังไม่มีบุ๊กมาร์ก เปิดหน้าที่ต้องการแล้วกด “บุ๊กมาร์กหน้านี้”</Trans>
        </p>
      ) : (
        <ul className="menu-list">
          {bookmarks.map((bookmark) => {
            const entry = entryOf(bookmark);
            const label = entry.label;
            return (
              <li key={bookmark.path} className="menu-row">
                <MenuLink entry={entry} onNavigate={onNavigate} />
                <button
                  type="button"
                  className="row-action"
                  aria-label={t`ลบบุ๊กมาร์ก ${label}`}
                  title={t`ลบบุ๊กมาร์ก`}
                  onClick={() => onRemove(bookmark.path)}
                >
                  <Icon name="close" size={18} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
