import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { PHOTO_RETENTION_DAYS } from '../../../core/constants';
import { appSettings } from '../../lib/app-settings';
import { usePageTitle } from '../../lib/page-title';
import { canContactSupport } from '../../lib/ui/ContactLink';
import { SupportChannels } from '../../lib/ui/SupportChannels';

export function AboutPage() {
  const { t } = useLingui();
  usePageTitle(t`เกี่ยวกับเรา`);
  const days = PHOTO_RETENTION_DAYS;
  return (
    <article className="static-page">
      <h1>
        <Trans>เกี่ยวกับเรา</Trans>
      </h1>
      <p className="lead">
        <Trans>
          RunFoto เป็นบริการค้นหาและจำหน่ายภาพงานวิ่ง ช่างภาพเก็บภาพตลอดเส้นทางการแข่งขันแล้วนำขึ้นระบบหลังจบงาน
          นักวิ่งค้นหาภาพของตัวเองได้ด้วยเซลฟี่เพียงภาพเดียว ไม่ต้องไล่ดูภาพนับพัน
        </Trans>
      </p>
      <p>
        <Trans>ภาพจะอยู่ในระบบประมาณ {days} วันหลังวันจัดงาน ควรดาวน์โหลดเก็บไว้ก่อนหมดเวลา</Trans>
      </p>

      <h2>
        <Trans>บริการของเรา</Trans>
      </h2>
      <ul>
        <li>
          <Trans>จำหน่ายภาพงานวิ่งพร้อมการค้นหาด้วยใบหน้า ชำระเงินด้วยพร้อมเพย์ และดาวน์โหลดภาพความละเอียดเต็มได้ทันที</Trans>
        </li>
        <li>
          <Trans>ระบบรับสมัครวิ่ง: รับสมัครและรับชำระค่าสมัครออนไลน์ พร้อมรายชื่อผู้สมัครสำหรับผู้จัดงาน</Trans>
        </li>
        <li>
          <Trans>คำปรึกษาสำหรับผู้จัดงานวิ่ง: วางแผนทีมช่างภาพ จุดถ่ายภาพบนเส้นทาง และการแจ้งข่าวถึงนักวิ่ง</Trans>
        </li>
      </ul>

      <section id="photographers" aria-labelledby="photographers-title">
        <h2 id="photographers-title">
          <Trans>สำหรับช่างภาพ</Trans>
        </h2>
        <p>
          <Trans>
            เราดูแลการนำภาพขึ้นระบบ การค้นหาด้วยใบหน้า การรับชำระเงิน และการส่งภาพถึงลูกค้า ช่างภาพจึงทุ่มเทกับการถ่ายภาพได้เต็มที่
            และนักวิ่งได้ภาพของตัวเองภายในไม่กี่นาทีหลังชำระเงิน
          </Trans>
        </p>
        {canContactSupport() && (
          <p>
            <Trans>สนใจร่วมถ่ายภาพในงานวิ่งครั้งถัดไปกับเรา ติดต่อทีมงานตามช่องทางด้านล่าง</Trans>
          </p>
        )}
      </section>

      <section id="contact" aria-labelledby="contact-title">
        <h2 id="contact-title">
          <Trans>ติดต่อเรา</Trans>
        </h2>
        {canContactSupport() && (
          <>
            <p>
              <Trans>
                มีคำถามเรื่องคำสั่งซื้อ ภาพที่ขาดหรือเกิน หรือต้องการร่วมงานกับเรา ส่งข้อความถึงทีมงานทางช่องทางด้านล่าง
                พร้อมชื่องานวิ่งและเลขคำสั่งซื้อ (ถ้ามี)
              </Trans>
            </p>
            <SupportChannels support={appSettings.support} />
          </>
        )}
        <p>
          <Trans>
            คำสั่งซื้อเดิมค้นหาได้ที่หน้า<a href="/find-order">ค้นหาคำสั่งซื้อ</a> และดูขั้นตอนการซื้อได้ที่หน้า
            <Link to="/how-to-order">วิธีสั่งซื้อภาพ</Link>
          </Trans>
        </p>
      </section>
    </article>
  );
}
