import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../lib/page-title';

export function NotFoundPage() {
  const { t } = useLingui();
  usePageTitle(t`ไม่พบหน้าที่ต้องการ`);
  return (
    <section className="not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>
        <Trans>ไม่พบหน้าที่ต้องการ</Trans>
      </h1>
      <p>
        <Trans>หน้านี้อาจถูกย้ายหรือไม่มีอยู่แล้ว ลองค้นหางานวิ่งของคุณจากหน้าแรก</Trans>
      </p>
      <Link to="/" className="button primary">
        <Trans>กลับหน้าแรก</Trans>
      </Link>
    </section>
  );
}
