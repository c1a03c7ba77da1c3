import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { PHOTO_RETENTION_DAYS } from '../../../core/constants';
import { appSettings } from '../../lib/app-settings';
import { useDeviceState } from '../../lib/hydration';
import { ContactLink, canContactSupport } from '../../lib/ui/ContactLink';
import { SupportChannels } from '../../lib/ui/SupportChannels';
import { Icon } from './icons';
import { markNewsRead, newsUnreadHere } from './notifications';

/**
 * The bell in the header and its panel: short news for runners and how to reach the staff (SPEC §1).
 * A disclosure: the bell says whether the panel is open; Escape or a click outside closes it. Its unread dot is the
 * device's to know (notifications.ts): none on the server and while its page hydrates, this device's answer after.
 */
export function NotificationsMenu() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [unread, setUnread] = useDeviceState(newsUnreadHere, false);
  const panelId = useId();
  const titleId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);

  // Following a link in the panel closes it.
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) close(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, close]);

  const toggle = () => {
    if (!open && unread) {
      markNewsRead();
      setUnread(false);
    }
    setOpen(!open);
  };

  const days = PHOTO_RETENTION_DAYS;
  return (
    <div className="notifications">
      <button
        ref={button}
        type="button"
        className="icon-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread ? t`การแจ้งเตือน (มีข่าวใหม่)` : t`การแจ้งเตือน`}
        onClick={toggle}
      >
        <Icon name="bell" />
        {unread && <span className="unread-dot" aria-hidden="true" />}
      </button>
      <div
        ref={panel}
        id={panelId}
        className="notifications-panel"
        role="dialog"
        aria-labelledby={titleId}
        tabIndex={-1}
        hidden={!open}
        onBlur={(event) => {
          const next = event.relatedTarget as Node | null;
          if (next && !panel.current?.contains(next) && !button.current?.contains(next)) close(false);
        }}
      >
        {/* Its content is built when it opens: hidden, it is no part of the first screen. */}
        {open && (
          <>
            <h2 id={titleId} className="notifications-title">
              <Trans>การแจ้งเตือน</Trans>
            </h2>
            <ul className="news-list">
              <li>
                <h3>
                  <Trans>ค้นหาภาพด้วยเซลฟี่</Trans>
                </h3>
                <p>
                  <Trans>
                    เปิดหน้างานวิ่งของคุณ แล้วอัปโหลดเซลฟี่ที่เห็นใบหน้าชัดเพียงคนเดียว ระบบจะค้นหาทุกภาพที่มีคุณให้ภายในไม่กี่วินาที
                  </Trans>
                </p>
              </li>
              <li>
                <h3>
                  <Trans>ภาพเก็บไว้ประมาณ {days} วัน</Trans>
                </h3>
                <p>
                  <Trans>ภาพของแต่ละงานอยู่ในระบบประมาณ {days} วันหลังวันจัดงาน ซื้อและดาวน์โหลดเก็บไว้ก่อนหมดเวลา</Trans>
                </p>
              </li>
              <li>
                <h3>
                  <Trans>หาลิงก์ดาวน์โหลดไม่เจอ?</Trans>
                </h3>
                <p>
                  <Trans>
                    ค้นหาคำสั่งซื้อเดิมได้ด้วยเบอร์มือถือที่หน้า<a href="/find-order">ค้นหาคำสั่งซื้อ</a>
                  </Trans>
                </p>
              </li>
            </ul>
            {canContactSupport() && (
              <>
                <p className="contact-hint">
                  <Icon name="chat" size={20} />
                  <span>
                    <Trans>
                      ภาพขาดหรือเกิน หรือมีปัญหาการชำระเงิน <ContactLink>ติดต่อทีมงาน</ContactLink>{' '}
                      พร้อมชื่องานวิ่งและเลขคำสั่งซื้อ
                    </Trans>
                  </span>
                </p>
                <SupportChannels support={appSettings.support} />
              </>
            )}
            <Link to="/how-to-order" className="notifications-more">
              <Trans>ดูวิธีสั่งซื้อภาพ</Trans>
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
