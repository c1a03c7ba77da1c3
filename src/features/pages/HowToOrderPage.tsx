import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../lib/page-title';
import { ContactLink, canContactSupport } from '../../lib/ui/ContactLink';

export function HowToOrderPage() {
  const { t } = useLingui();
  usePageTitle(t`วิธีสั่งซื้อภาพ`);
  return (
    <article className="static-page">
      <h1>
        <Trans>วิธีสั่งซื้อภาพ</Trans>
      </h1>
      <p className="lead">
        <Trans>สั่งซื้อภาพงานวิ่งของคุณได้ในไม่กี่ขั้นตอน ไม่ต้องสมัครสมาชิก</Trans>
      </p>
      <ol className="timeline">
        <li>
          <h2>
            <Trans>เลือกงานวิ่ง</Trans>
          </h2>
          <p>
            <Trans>
              ค้นหางานวิ่งที่คุณเข้าร่วมจาก<Link to="/">หน้าแรก</Link> แล้วแตะที่งานเพื่อเปิดหน้าของงานนั้น
            </Trans>
          </p>
        </li>
        <li>
          <h2>
            <Trans>อัปโหลดภาพใบหน้า</Trans>
          </h2>
          <p>
            <Trans>
              ถ่ายเซลฟี่หรือเลือกภาพที่เห็นใบหน้าชัดเจน (ไฟล์ JPG หรือ PNG ขนาดไม่เกิน 5 MB)
              ระบบจะค้นหาภาพที่มีใบหน้าของคุณในงานที่เลือก
            </Trans>
          </p>
        </li>
        <li>
          <h2>
            <Trans>เลือกภาพ</Trans>
          </h2>
          <p>
            <Trans>แตะ “เพิ่ม” เพื่อใส่ภาพที่ชอบลงตะกร้า หรือเลือก “เหมาทั้งหมด” เพื่อซื้อทุกภาพที่พบในราคาแพ็กเกจ</Trans>
          </p>
        </li>
        <li>
          <h2>
            <Trans>กรอกข้อมูลและเลือกวิธีชำระเงิน</Trans>
          </h2>
          <p>
            <Trans>ในตะกร้า กรอกเบอร์โทรศัพท์มือถือ 10 หลัก และอีเมล (ไม่บังคับ) เลือกวิธีชำระเงิน แล้วกดสั่งซื้อ</Trans>
          </p>
        </li>
        <li>
          <h2>
            <Trans>ชำระเงินแล้วกดรีเฟรช</Trans>
          </h2>
          <p>
            <Trans>
              สแกน QR พร้อมเพย์ด้วยแอปธนาคาร เมื่อชำระเสร็จให้กดปุ่ม “รีเฟรช” ในหน้าคำสั่งซื้อ ปุ่มดาวน์โหลดภาพจะปรากฏขึ้น
              และเราจะส่งลิงก์ดาวน์โหลดให้ทาง SMS หรืออีเมลด้วย
            </Trans>
          </p>
        </li>
        <li className="timeline-contact">
          <h2>
            <Trans>ติดต่อเรา</Trans>
          </h2>
          {canContactSupport() && (
            <p>
              <Trans>
                ชำระเงินแล้วแต่ยังดาวน์โหลดไม่ได้ หรือพบภาพที่ขาดหรือเกิน <ContactLink>ติดต่อทีมงาน</ContactLink>{' '}
                พร้อมเลขคำสั่งซื้อ
              </Trans>
            </p>
          )}
          <p>
            <Trans>
              คำสั่งซื้อเดิมค้นหาได้ที่หน้า<a href="/find-order">ค้นหาคำสั่งซื้อ</a>
            </Trans>
          </p>
        </li>
      </ol>
    </article>
  );
}
