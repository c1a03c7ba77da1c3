import { Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../../lib/page-title';
import { ContactLink, canContactSupport } from '../../lib/ui/ContactLink';

export function HowToUsePage() {
  const { t } = useLingui();
  usePageTitle(t`วิธีดาวน์โหลดภาพ`);
  return (
    <article className="static-page">
      <h1>
        <Trans>วิธีดาวน์โหลดภาพ</Trans>
      </h1>
      <p className="lead">
        <Trans>
          เปิดลิงก์ดาวน์โหลดจาก SMS อีเมล หรือหน้าคำสั่งซื้อ ด้วย Safari หรือ Chrome ไม่ใช่เบราว์เซอร์ในแอป LINE, Facebook หรือ
          Instagram
        </Trans>
      </p>

      <section aria-labelledby="ios-title">
        <h2 id="ios-title">
          <Trans>iPhone / iPad</Trans>
        </h2>
        <ol>
          <li>
            <Trans>เปิดลิงก์ด้วย Safari หากลิงก์เปิดอยู่ในแอป LINE หรือ Facebook ให้แตะเมนู แล้วเลือก “เปิดใน Safari”</Trans>
          </li>
          <li>
            <Trans>ดาวน์โหลดทีละภาพ: แตะค้างที่ภาพ แล้วเลือก “บันทึกลงในรูปภาพ”</Trans>
          </li>
          <li>
            <Trans>
              ดาวน์โหลดเป็นไฟล์: แตะปุ่มดาวน์โหลด แล้วแตะ “ดาวน์โหลด” ไฟล์จะอยู่ในแอปไฟล์ (Files) โฟลเดอร์ “ดาวน์โหลด”
            </Trans>
          </li>
          <li>
            <Trans>ในแอปไฟล์ แตะที่ภาพ แตะปุ่มแชร์ แล้วเลือก “บันทึกภาพ” เพื่อย้ายภาพไปยังแอปรูปภาพ</Trans>
          </li>
        </ol>
      </section>

      <section aria-labelledby="android-title">
        <h2 id="android-title">
          <Trans>Android</Trans>
        </h2>
        <ol>
          <li>
            <Trans>เปิดลิงก์ด้วย Chrome</Trans>
          </li>
          <li>
            <Trans>แตะค้างที่ภาพแล้วเลือก “ดาวน์โหลดรูปภาพ” หรือแตะปุ่มดาวน์โหลด</Trans>
          </li>
          <li>
            <Trans>ภาพจะอยู่ในโฟลเดอร์ Download ดูได้ในแอป Files หรือแกลเลอรีของเครื่อง</Trans>
          </li>
        </ol>
      </section>

      <section aria-labelledby="computer-title">
        <h2 id="computer-title">
          <Trans>คอมพิวเตอร์</Trans>
        </h2>
        <ol>
          <li>
            <Trans>เปิดลิงก์ด้วย Chrome, Edge หรือ Safari</Trans>
          </li>
          <li>
            <Trans>กด “ดาวน์โหลดทั้งหมด” แล้วยืนยัน ภาพทั้งหมดจะรวมมาในไฟล์ zip ไฟล์เดียว</Trans>
          </li>
          <li>
            <Trans>
              เปิดโฟลเดอร์ดาวน์โหลด แล้วดับเบิลคลิกไฟล์ zip เพื่อแตกไฟล์ (Windows: คลิกขวา แล้วเลือก “แตกไฟล์ทั้งหมด”)
            </Trans>
          </li>
        </ol>
      </section>

      <section aria-labelledby="help-title">
        <h2 id="help-title">
          <Trans>ยังดาวน์โหลดไม่ได้?</Trans>
        </h2>
        {canContactSupport() && (
          <p>
            <Trans>
              ส่งข้อความถึงเราทางเพจโซเชียลของ RunFoto พร้อมเลขคำสั่งซื้อ แล้วทีมงานจะช่วยคุณ:{' '}
              <ContactLink>ช่องทางติดต่อ</ContactLink>
            </Trans>
          </p>
        )}
        <p>
          <Trans>
            ลิงก์ดาวน์โหลดหาย? ค้นหาคำสั่งซื้อเดิมด้วยเบอร์มือถือที่หน้า<a href="/find-order">ค้นหาคำสั่งซื้อ</a>
          </Trans>
        </p>
      </section>
    </article>
  );
}
