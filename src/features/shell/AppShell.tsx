import { Trans } from '@lingui/react/macro';
import { Link, Outlet } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { registerServiceWorker } from '../../lib/sw-bridge';
import { LanguageSwitch } from './LanguageSwitch';
import { SiteFooter } from './SiteFooter';

/** The frame of every page: header, main content, footer, and the "new version" bar. */
export function AppShell() {
  const [applyUpdate, setApplyUpdate] = useState<(() => void) | undefined>();
  useEffect(() => registerServiceWorker((apply) => setApplyUpdate(() => apply)), []);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        <Trans>ข้ามไปยังเนื้อหา</Trans>
      </a>
      <header className="app-header">
        <Link to="/" className="brand">
          <img src="/logo.svg" alt="" width="36" height="36" />
          <span>RunFoto</span>
        </Link>
        <LanguageSwitch />
      </header>
      {applyUpdate && (
        <div className="update-bar" role="status">
          <Trans>มีเวอร์ชันใหม่พร้อมใช้งาน</Trans>
          <button type="button" onClick={applyUpdate}>
            <Trans>โหลดใหม่</Trans>
          </button>
        </div>
      )}
      <main id="main" className="app-main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
