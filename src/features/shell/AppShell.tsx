import './theme-boot';
import './shell.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useAnythingBusy } from '../../lib/busy';
import { registerServiceWorker } from '../../lib/sw-bridge';
import { LazyToaster } from '../../lib/ui/LazyToaster';
import { CartButton } from './CartButton';
import { Icon } from './icons';
import { LanguageSwitch } from './LanguageSwitch';
import { NotificationsMenu } from './NotificationsMenu';
import { OfflineIndicator } from './OfflineIndicator';
import { ScrollToTop } from './ScrollToTop';
import { Sidebar } from './Sidebar';
import { SiteFooter } from './SiteFooter';
import { ThemeToggle } from './ThemeToggle';
import { applyTheme } from './theme-dom';
import { layoutAtom, themeColorsAtom } from './theme-state';
import { useFreshData } from './use-fresh-data';
import { useSidebar } from './use-sidebar';

const SIDEBAR_ID = 'site-sidebar';

/**
 * The frame of every page (SPEC §1 shell): header (menu button, logo, notifications, cart, light/dark,
 * language, an offline mark), the sidebar menu, the main content, the footer, the scroll-to-top button, the
 * "new version" bar and the toasts. The bar waits while the buyer is in the middle of a checkout, an upload or a
 * download (src/lib/busy.ts): reloading then would cut it off.
 */
export function AppShell() {
  const { t } = useLingui();
  const [applyUpdate, setApplyUpdate] = useState<(() => Promise<void>) | undefined>();
  useEffect(() => registerServiceWorker((apply) => setApplyUpdate(() => apply)), []);
  const busy = useAnythingBusy();
  useThemeOnPage();
  useFreshData();

  const sidebar = useSidebar();
  // The sidebar's menu is built when it first shows (docked on a wide screen, or opened): closed, it is no part
  // of the first screen.
  const sidebarShown = useRef(false);
  if (sidebar.mode !== 'closed') sidebarShown.current = true;
  const sidebarBuilt = sidebarShown.current;
  const menuButton = useRef<HTMLButtonElement>(null);
  const overlay = sidebar.mode === 'overlay';
  useCloseSidebarOnNavigation(sidebar.closeAfterNavigation);
  useLockPageScroll(overlay);

  return (
    <div className="app" data-sidebar={sidebar.mode}>
      <a className="skip-link" href="#main">
        <Trans>ข้ามไปยังเนื้อหา</Trans>
      </a>
      <header className="app-header" inert={overlay}>
        <div className="header-start">
          <button
            ref={menuButton}
            type="button"
            className="icon-button"
            aria-expanded={sidebar.open}
            aria-controls={SIDEBAR_ID}
            aria-label={t`เมนู`}
            onClick={sidebar.toggle}
          >
            <Icon name="menu" />
          </button>
          <Link to="/" className="brand">
            <img src="/logo.svg" alt="" width="36" height="36" />
            <span>RunFoto</span>
          </Link>
        </div>
        <div className="header-actions">
          <OfflineIndicator />
          <NotificationsMenu />
          <CartButton />
          <ThemeToggle />
          <LanguageSwitch />
        </div>
      </header>
      {applyUpdate && !busy && (
        <div className="update-bar" role="status">
          <Trans>มีเวอร์ชันใหม่พร้อมใช้งาน</Trans>
          <button type="button" onClick={() => void applyUpdate()}>
            <Trans>โหลดใหม่</Trans>
          </button>
        </div>
      )}
      <div className="shell-body">
        {sidebarBuilt ? (
          <Sidebar
            id={SIDEBAR_ID}
            mode={sidebar.mode}
            onClose={sidebar.close}
            onNavigate={sidebar.closeAfterNavigation}
            opener={menuButton}
          />
        ) : (
          <aside id={SIDEBAR_ID} className="sidebar" data-mode="closed" />
        )}
        {overlay && <div className="sidebar-backdrop" aria-hidden="true" onClick={sidebar.close} />}
        <div className="shell-content" inert={overlay}>
          <main id="main" className="app-main" tabIndex={-1}>
            <Outlet />
          </main>
          <SiteFooter />
        </div>
      </div>
      <ScrollToTop />
      <LazyToaster
        position="top-center"
        // Below the header, so a toast never covers the cart icon a runner reaches for right after adding.
        containerStyle={{ top: 'calc(var(--header-h) + 8px)' }}
        toastOptions={{
          className: 'toast',
          style: { background: 'var(--surface)', color: 'var(--ink)', maxWidth: 'min(420px, 92vw)' },
        }}
      />
    </div>
  );
}

/** Keeps <html> in step with the theme state (the first paint was themed by theme-boot). */
function useThemeOnPage() {
  const layout = useAtomValue(layoutAtom);
  const colors = useAtomValue(themeColorsAtom);
  useEffect(() => applyTheme(layout, colors), [layout, colors]);
}

function useCloseSidebarOnNavigation(close: () => void) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new page
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    close();
  }, [pathname, close]);
}

/** The page behind the overlaid sidebar does not scroll. */
function useLockPageScroll(locked: boolean) {
  useEffect(() => {
    if (!locked) return;
    const root = document.documentElement;
    const before = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = before;
    };
  }, [locked]);
}
