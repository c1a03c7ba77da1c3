import { Trans, useLingui } from '@lingui/react/macro';
import { PHOTO_RETENTION_DAYS } from '../../../core/constants';
import { usePageTitle } from '../../lib/page-title';
import { ContactLink } from '../../lib/ui/ContactLink';

/** Refund policy: shown in the active language, which is English only when the stored language is en (SPEC §2). */
export function RefundPolicyPage() {
  const { t } = useLingui();
  usePageTitle(t`นโยบายการคืนเงิน`);
  const days = PHOTO_RETENTION_DAYS;
  return (
    <article className="static-page">
      <h1>
        <Trans>นโยบายการคืนเงิน</Trans>
      </h1>
      <p className="lead">
        <Trans>ภาพดิจิทัลดาวน์โหลดได้ทันทีที่ชำระเงิน เราจึงคืนเงินให้เฉพาะในกรณีต่อไปนี้</Trans>
      </p>
      <ul>
        <li>
          <Trans>ระบบของเราขัดข้องจนไม่สามารถส่งภาพตามคำสั่งซื้อให้คุณได้</Trans>
        </li>
        <li>
          <Trans>ภาพที่ได้รับไม่ชัดหรือเบลอ และคุณแจ้งขอคืนเงินสำหรับภาพนั้น</Trans>
        </li>
      </ul>
      <p>
        <Trans>เราไม่คืนเงินในกรณีอื่น เช่น เปลี่ยนใจหลังชำระเงิน หรือเลือกภาพผิดเอง กรุณาตรวจสอบภาพก่อนกดสั่งซื้อ</Trans>
      </p>
      <h2>
        <Trans>วิธีขอคืนเงิน</Trans>
      </h2>
      <ol>
        <li>
          <Trans>
            <ContactLink>ติดต่อทีมงาน</ContactLink> ก่อนภาพหมดอายุในระบบ (ประมาณ {days} วันหลังวันจัดงาน)
          </Trans>
        </li>
        <li>
          <Trans>แจ้งเลขคำสั่งซื้อ เบอร์โทรศัพท์ที่ใช้สั่งซื้อ และภาพที่มีปัญหา</Trans>
        </li>
        <li>
          <Trans>เมื่อทีมงานตรวจสอบแล้ว เราจะคืนเงินผ่านช่องทางเดียวกับที่คุณชำระ</Trans>
        </li>
      </ol>
    </article>
  );
}
