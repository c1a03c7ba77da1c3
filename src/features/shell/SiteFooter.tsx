import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { PHOTOGRAPHERS_SITE_URL } from '../../lib/links';

/** The footer of every page with the links of SPEC §1. */
export function SiteFooter() {
  return (
    <footer className="app-footer">
      <nav className="footer-nav" aria-labelledby="footer-nav-title">
        <h2 id="footer-nav-title" className="visually-hidden">
          <Trans>ลิงก์ท้ายหน้า</Trans>
        </h2>
        <ul>
          <li>
            <a href={PHOTOGRAPHERS_SITE_URL} target="_blank" rel="noopener noreferrer">
              <Trans>สำหรับช่างภาพ</Trans>
            </a>
          </li>
          <li>
            <Link to="/how-to-order">
              <Trans>วิธีสั่งซื้อภาพ</Trans>
            </Link>
          </li>
          <li>
            <a href="/find-order">
              <Trans>ค้นหาคำสั่งซื้อ</Trans>
            </a>
          </li>
          <li>
            <a href="/cart">
              <Trans>ตะกร้าสินค้า</Trans>
            </a>
          </li>
          <li>
            <Link to="/about">
              <Trans>เกี่ยวกับเรา</Trans>
            </Link>
          </li>
          <li>
            <Link to="/refund-policy">
              <Trans>นโยบายการคืนเงิน</Trans>
            </Link>
          </li>
          <li>
            <Link to="/terms-of-use">
              <Trans>ข้อกำหนดการใช้งาน</Trans>
            </Link>
          </li>
          <li>
            <a href="/privacy">
              <Trans>ประกาศความเป็นส่วนตัว</Trans>
            </a>
          </li>
          <li>
            <Link to="/how-face-search-works">
              <Trans>การค้นหาด้วยใบหน้าทำงานอย่างไร</Trans>
            </Link>
          </li>
        </ul>
      </nav>
      <p className="footer-tagline">
        <Trans>RunFoto · ค้นหาภาพงานวิ่งของคุณด้วยเซลฟี่ ซื้อ และดาวน์โหลดได้ทันที</Trans>
      </p>
    </footer>
  );
}
