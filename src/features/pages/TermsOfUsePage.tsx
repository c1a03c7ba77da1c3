import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import {
  PAYMENT_FEE_RATE,
  PHOTO_RETENTION_DAYS,
  SELFIE_DELETED_WITHIN_SECONDS,
} from '../../../core/constants';
import { usePageTitle } from '../../lib/page-title';
import { ContactLink } from '../../lib/ui/ContactLink';

export function TermsOfUsePage() {
  const { t } = useLingui();
  usePageTitle(t`ข้อกำหนดการใช้งาน`);
  const days = PHOTO_RETENTION_DAYS;
  const seconds = SELFIE_DELETED_WITHIN_SECONDS;
  const fee = PAYMENT_FEE_RATE * 100;
  return (
    <article className="static-page">
      <h1>
        <Trans>ข้อกำหนดการใช้งานและนโยบายข้อมูลส่วนบุคคล</Trans>
      </h1>

      <h2>
        <Trans>การใช้บริการ</Trans>
      </h2>
      <ul>
        <li>
          <Trans>RunFoto ให้บริการค้นหา ซื้อ และดาวน์โหลดภาพงานวิ่ง โดยไม่ต้องสมัครสมาชิก</Trans>
        </li>
        <li>
          <Trans>
            ภาพที่ซื้อใช้ได้เพื่อการส่วนตัว เช่น เก็บเป็นที่ระลึกหรือโพสต์บนโซเชียลมีเดีย ห้ามนำไปขายต่อหรือใช้เชิงพาณิชย์โดยไม่ได้รับอนุญาต
            ลิขสิทธิ์ภาพเป็นของช่างภาพ
          </Trans>
        </li>
        <li>
          <Trans>ราคาเป็นเงินบาท ค่าธรรมเนียมการชำระเงิน {fee}% แสดงในตะกร้าก่อนคุณยืนยันคำสั่งซื้อ</Trans>
        </li>
        <li>
          <Trans>ภาพเก็บในระบบประมาณ {days} วันหลังวันจัดงาน หลังจากนั้นอาจดาวน์โหลดไม่ได้</Trans>
        </li>
      </ul>

      <section id="face-data" aria-labelledby="face-data-title">
        <h2 id="face-data-title">
          <Trans>ภาพเซลฟี่และข้อมูลใบหน้า</Trans>
        </h2>
        <ul>
          <li>
            <Trans>ภาพเซลฟี่ที่คุณอัปโหลดใช้เพื่อค้นหาภาพของคุณในงานที่คุณเลือกเท่านั้น ไม่ใช้กับงานอื่นและไม่ใช้เพื่อการอื่น</Trans>
          </li>
          <li>
            <Trans>
              ระบบแปลงใบหน้าในเซลฟี่เป็นชุดตัวเลข (face descriptor) เพื่อเทียบกับใบหน้าในภาพของงานนั้น
              ชุดตัวเลขของเซลฟี่ไม่ถูกบันทึกรวมกับข้อมูลใบหน้าของงาน
            </Trans>
          </li>
          <li>
            <Trans>รูปเซลฟี่ถูกลบออกจากระบบทันทีที่ค้นหาเสร็จ และไม่เกิน {seconds} วินาทีหลังอัปโหลด</Trans>
          </li>
          <li>
            <Trans>ข้อมูลใบหน้าในภาพของงานใช้เพื่อการค้นหาภายในงานนั้นเท่านั้น</Trans>
          </li>
        </ul>
        <p>
          <Trans>
            ดูรายละเอียดและความแม่นยำที่วัดได้ที่ <Link to="/how-face-search-works">การค้นหาด้วยใบหน้าทำงานอย่างไร</Link>
          </Trans>
        </p>
        <p>
          <Trans>
            ข้อมูลที่เราเก็บ เหตุผล ระยะเวลาที่เก็บ และวิธีใช้สิทธิของคุณ (รวมถึงการถอนความยินยอมและการขอนำใบหน้าออก) อยู่ใน{' '}
            <a href="/privacy">ประกาศความเป็นส่วนตัว</a>
          </Trans>
        </p>
      </section>

      <h2>
        <Trans>ข้อมูลส่วนบุคคลที่เราเก็บ</Trans>
      </h2>
      <ul>
        <li>
          <Trans>เบอร์โทรศัพท์และอีเมลใช้เพื่อส่งลิงก์ดาวน์โหลด ค้นหาคำสั่งซื้อ และติดต่อเรื่องคำสั่งซื้อของคุณเท่านั้น</Trans>
        </li>
        <li>
          <Trans>การชำระเงินทำผ่านผู้ให้บริการชำระเงิน เราไม่เก็บเลขบัตรของคุณ</Trans>
        </li>
        <li>
          <Trans>ภาษาและการตั้งค่าที่คุณเลือกเก็บไว้ในเบราว์เซอร์ของคุณเอง</Trans>
        </li>
        <li>
          <Trans>
            คุณขอดูหรือขอลบข้อมูลส่วนบุคคลของคุณได้ตามพระราชบัญญัติคุ้มครองข้อมูลส่วนบุคคล พ.ศ. 2562 โดย
            <ContactLink>ติดต่อทีมงาน</ContactLink>
          </Trans>
        </li>
      </ul>
    </article>
  );
}
