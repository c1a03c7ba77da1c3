import { Trans, useLingui } from '@lingui/react/macro';
import { type RefObject, useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { useDeviceState } from '../../lib/hydration';
import { InstallButton } from '../../lib/install/InstallButton';
import { BookmarksSection } from './BookmarksSection';
import { addBookmark, type Bookmark, readBookmarks, removeBookmark, saveBookmarks } from './bookmarks';
import { Icon } from './icons';
import { MenuRow } from './MenuRow';
import { MenuSearch } from './MenuSearch';
import type { MenuEntry } from './menu-items';
import { readPins, savePins, splitPinned, togglePin } from './pins';
import type { SidebarMode } from './sidebar-layout';
import { ThemeColors } from './ThemeColors';
import { useFocusTrap } from './use-focus-trap';
import { useMenuItems } from './use-menu-items';

const NONE: readonly never[] = [];

interface SidebarProps {
  id: string;
  mode: SidebarMode;
  onClose: () => void;
  onNavigate: () => void;
  /** The header's menu button: focus goes back to it when the overlaid sidebar closes. */
  opener: RefObject<HTMLButtonElement | null>;
}

/**
 * The sidebar menu: search, bookmarks, pinned entries, the site's pages, the events on sale and the colour
 * choice. Overlaid on narrow screens it is a modal dialog (focus kept inside, Escape closes).
 */
export function Sidebar({ id, mode, onClose, onNavigate, opener }: SidebarProps) {
  const { t } = useLingui();
  const titleId = useId();
  const root = useRef<HTMLElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const overlay = mode === 'overlay';
  // Built at its first opening (AppShell), it is laid out in its closed place first, so it slides in as it does
  // at every later opening.
  const [entered, setEntered] = useState(!overlay);
  useLayoutEffect(() => {
    if (entered) return;
    root.current?.getBoundingClientRect();
    setEntered(true);
  }, [entered]);
  const [query, setQuery] = useState('');
  const [bookmarks, setBookmarks] = useDeviceState<readonly Bookmark[]>(readBookmarks, NONE);
  const [pins, setPins] = useDeviceState<readonly string[]>(readPins, NONE);
  const { pages, events, eventEntries, retryEvents } = useMenuItems(mode !== 'closed' && mode !== 'auto');

  useFocusTrap({
    // Once it is in place: a first opening lays it out closed (hidden) for one frame, and hidden takes no focus.
    active: overlay && entered,
    container: root,
    onEscape: onClose,
    initialFocus: closeButton,
    returnFocus: opener,
  });

  const updateBookmarks = useCallback((next: readonly Bookmark[]) => {
    setBookmarks(next);
    saveBookmarks(next);
  }, []);
  const onTogglePin = useCallback((entryId: string) => {
    setPins((current) => {
      const next = togglePin(current, entryId);
      savePins(next);
      return next;
    });
  }, []);

  const entries = [...pages, ...eventEntries];
  const { pinned, others } = splitPinned(entries, pins);
  const otherPages = others.filter((e) => e.kind === 'page');
  const otherEvents = others.filter((e) => e.kind === 'event');
  const row = (entry: MenuEntry) => (
    <MenuRow
      key={entry.id}
      entry={entry}
      pinned={pins.includes(entry.id)}
      onTogglePin={onTogglePin}
      onNavigate={onNavigate}
    />
  );

  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: overlaid, the sidebar is a modal dialog (role set just above)
    <aside
      ref={root}
      id={id}
      className="sidebar"
      data-mode={entered ? mode : 'closed'}
      role={overlay ? 'dialog' : undefined}
      aria-modal={overlay || undefined}
      aria-labelledby={titleId}
    >
      <div className="sidebar-head">
        <h2 id={titleId}>
          <Trans>เมนู</Trans>
        </h2>
        <button
          ref={closeButton}
          type="button"
          className="icon-button"
          aria-label={t`ปิดเมนู`}
          onClick={onClose}
        >
          <Icon name="close" />
        </button>
      </div>

      <div className="sidebar-install">
        <InstallButton className="button primary" />
      </div>

      <MenuSearch
        entries={entries}
        query={query}
        onQueryChange={setQuery}
        onNavigate={() => {
          setQuery(''); // a followed result ends the search
          onNavigate();
        }}
      />

      <nav className="sidebar-nav" aria-label={t`เมนูหลัก`} hidden={query.trim() !== ''}>
        <BookmarksSection
          bookmarks={bookmarks}
          entries={entries}
          onAdd={(bookmark) => updateBookmarks(addBookmark(bookmarks, bookmark).list)}
          onRemove={(path) => updateBookmarks(removeBookmark(bookmarks, path))}
          onNavigate={onNavigate}
        />
        {pinned.length > 0 && (
          <section className="menu-section">
            <h3>
              <Trans>ปักหมุดไว้</Trans>
            </h3>
            <ul className="menu-list">{pinned.map(row)}</ul>
          </section>
        )}
        <section className="menu-section">
          <h3>
            <Trans>หน้าต่าง ๆ</Trans>
          </h3>
          <ul className="menu-list">{otherPages.map(row)}</ul>
        </section>
        <section className="menu-section">
          <h3>
            <Trans>งานที่เปิดขายภาพ</Trans>
          </h3>
          {events.state === 'failed' ? (
            <p className="menu-note">
              <Trans>โหลดรายการงานไม่สำเร็จ</Trans>{' '}
              <button type="button" className="link-button" onClick={retryEvents}>
                <Trans>ลองใหม่</Trans>
              </button>
            </p>
          ) : events.state !== 'loaded' ? (
            <p className="menu-note" role="status">
              <Trans>กำลังโหลดรายการงาน…</Trans>
            </p>
          ) : otherEvents.length === 0 && eventEntries.length === 0 ? (
            <p className="menu-note">
              <Trans>ยังไม่มีงานที่เปิดขายภาพในขณะนี้</Trans>
            </p>
          ) : (
            <ul className="menu-list">{otherEvents.map(row)}</ul>
          )}
        </section>
      </nav>
      <ThemeColors />
    </aside>
  );
}
