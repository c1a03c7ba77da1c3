// The privacy notice (/privacy, PDPA; DESIGN §6), in plain words: what the store holds and why, on what legal basis,
// for how long and what erases it, where it is stored, the runner's rights and where to use each, who the controller
// is and how to reach them, and the notice's version. The figures and names come from the server's settings
// (PRIVACY_CONTROLLER, PRIVACY_CONTACT_EMAIL, RETENTION_DAYS, ORDER_CONTACT_DAYS, the object store's region).
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { SELFIE_DELETED_WITHIN_SECONDS } from '../../../core/constants';
import { hasSupportChannels } from '../../../core/contract/settings';
import { formatEventDate } from '../../../core/format';
import { PRIVACY_NOTICE_VERSION } from '../../../core/privacy';
import { appSettings } from '../../lib/app-settings';
import { usePageTitle } from '../../lib/page-title';
import { languageAtom } from '../../lib/state';
import { SupportChannels } from '../../lib/ui/SupportChannels';
import { WithdrawConsent } from './WithdrawConsent';
import './privacy.css';

/** The complaints office of Thailand's Personal Data Protection Committee. */
export const PDPC_URL = 'https://www.pdpc.or.th';
export const MY_DATA_PATH = '/privacy/my-data';
export const REMOVE_FACE_PATH = '/privacy/remove';

export function PrivacyPage() {
  const { t } = useLingui();
  usePageTitle(t`ประกาศความเป็นส่วนตัว`);
  const language = useAtomValue(languageAtom);
  const { privacy, support } = appSettings;
  const seconds = SELFIE_DELETED_WITHIN_SECONDS;
  const days = privacy.retentionDays;
  const contactDays = privacy.orderContactDays;
  const region = privacy.storageRegion;
  const controller = privacy.controller.trim();
  const email = privacy.contactEmail.trim();
  const version = PRIVACY_NOTICE_VERSION;
  const date = formatEventDate(PRIVACY_NOTICE_VERSION, language);

  return (
    <article className="static-page privacy-page">
      <h1>
        <Trans>ประกาศความเป็นส่วนตัว</Trans>
      </h1>
      <p className="lead">
        <Trans>
          ประกาศนี้บอกว่าร้านเก็บข้อมูลอะไรของคุณ เพื่ออะไร เก็บนานเท่าไร และคุณใช้สิทธิของคุณได้อย่างไร
          ตามพระราชบัญญัติคุ้มครองข้อมูลส่วนบุคคล พ.ศ. 2562
        </Trans>
      </p>

      <section id="controller" aria-labelledby="privacy-controller">
        <h2 id="privacy-controller">
          <Trans>ใครดูแลข้อมูลของคุณ</Trans>
        </h2>
        <p>
          {controller ? (
            <Trans>ผู้ควบคุมข้อมูลส่วนบุคคล: {controller}</Trans>
          ) : (
            <Trans>ผู้ควบคุมข้อมูลส่วนบุคคล: ผู้ให้บริการร้านนี้</Trans>
          )}
        </p>
        {email ? (
          <p>
            <Trans>
              ติดต่อเรื่องข้อมูลส่วนบุคคล: <a href={`mailto:${email}`}>{email}</a>
            </Trans>
          </p>
        ) : hasSupportChannels(support) ? (
          <>
            <p>
              <Trans>ติดต่อเรื่องข้อมูลส่วนบุคคลผ่านช่องทางของร้าน:</Trans>
            </p>
            <SupportChannels support={support} />
          </>
        ) : null}
      </section>

      <section id="what" aria-labelledby="privacy-what">
        <h2 id="privacy-what">
          <Trans>ข้อมูลที่เก็บ เพื่ออะไร และเก็บนานเท่าไร</Trans>
        </h2>

        <Item
          title={<Trans>รูปเซลฟี่ที่คุณใช้ค้นหา</Trans>}
          what={
            <Trans>
              รูปเซลฟี่ และชุดตัวเลขที่คำนวณจากใบหน้าในรูป (ข้อมูลชีวภาพ) ใช้เทียบกับใบหน้าในภาพของงานที่คุณเลือก เพื่อหาภาพของคุณ
            </Trans>
          }
          basis={<Trans>ความยินยอมโดยชัดแจ้งของคุณ (มาตรา 26) ที่คุณให้ด้วยการติ๊กช่องยินยอม แยกจากข้อกำหนดการใช้งาน</Trans>}
          kept={<Trans>ลบทันทีที่ค้นหาเสร็จ และไม่เกิน {seconds} วินาทีหลังอัปโหลด ชุดตัวเลขของเซลฟี่ไม่ถูกเก็บไว้</Trans>}
        />
        <Item
          title={<Trans>ใบหน้าในภาพของงาน</Trans>}
          what={
            <Trans>
              ใบหน้าในภาพที่ช่างภาพส่งมาถูกแปลงเป็นชุดตัวเลข เพื่อให้นักวิ่งค้นหาภาพของตัวเองด้วยเซลฟี่ได้ (ภายในงานนั้นเท่านั้น)
            </Trans>
          }
          basis={
            <Trans>
              ประโยชน์โดยชอบด้วยกฎหมาย และสัญญาระหว่างร้านกับผู้จัดงาน ผู้จัดงานแจ้งนักวิ่งตอนสมัคร
              คุณคัดค้านได้ด้วยการขอนำใบหน้าของคุณออก
            </Trans>
          }
          kept={<Trans>เท่ากับภาพของงาน: {days} วันหลังวันจัดงาน แล้วลบพร้อมภาพ</Trans>}
        />
        <Item
          title={<Trans>รายชื่อนักวิ่งของงาน</Trans>}
          what={<Trans>หมายเลขบิบ ชื่อ และประเภทการแข่งขันจากผู้จัดงาน ใช้ค้นหาภาพด้วยหมายเลขบิบหรือชื่อ</Trans>}
          basis={<Trans>ประโยชน์โดยชอบด้วยกฎหมาย และสัญญาระหว่างร้านกับผู้จัดงาน</Trans>}
          kept={<Trans>เท่ากับภาพของงาน: {days} วันหลังวันจัดงาน</Trans>}
        />
        <Item
          title={<Trans>คำสั่งซื้อ</Trans>}
          what={
            <Trans>
              เบอร์โทรศัพท์และอีเมล ใช้ส่งลิงก์ดาวน์โหลด ค้นหาคำสั่งซื้อ และติดต่อเรื่องคำสั่งซื้อ การชำระเงินทำผ่านผู้ให้บริการชำระเงิน
              ร้านไม่เก็บเลขบัตรของคุณ
            </Trans>
          }
          basis={<Trans>สัญญาซื้อขาย และหน้าที่ตามกฎหมายในการเก็บหลักฐานทางบัญชี</Trans>}
          kept={
            <Trans>
              เบอร์โทรศัพท์และอีเมลเก็บ {contactDays} วัน แล้วถูกลบ ส่วนยอดเงินและรายการภาพของคำสั่งซื้อเก็บไว้เป็นหลักฐานทางบัญชี
            </Trans>
          }
        />
        <Item
          title={<Trans>การแจ้งเตือนเมื่อมีภาพใหม่</Trans>}
          what={
            <Trans>
              ชุดตัวเลขของใบหน้าจากเซลฟี่ (ไม่ใช่ตัวรูป) หมายเลขบิบถ้าคุณให้ไว้ และช่องทางแจ้งเตือน (การแจ้งเตือนของเบราว์เซอร์
              หรืออีเมล) เพื่อแจ้งคุณเมื่อมีภาพใหม่ของคุณในงานนั้น
            </Trans>
          }
          basis={<Trans>ความยินยอมโดยชัดแจ้งของคุณ (มาตรา 26)</Trans>}
          kept={<Trans>จนกว่าคุณจะหยุดแจ้งเตือนหรือถอนความยินยอม หรือจนภาพของงานถูกลบ</Trans>}
        />
        <Item
          title={<Trans>คำขอนำใบหน้าออก</Trans>}
          what={
            <Trans>
              ชุดตัวเลขของใบหน้าคุณ ใช้เพื่อกันใบหน้าคุณออกจากการค้นหาและเบลอในภาพตัวอย่างเท่านั้น รวมถึงภาพที่เข้ามาภายหลัง
              และอีเมลหรือเบอร์โทรศัพท์ที่ใช้ยืนยัน ซึ่งเก็บเป็นรหัสที่อ่านย้อนกลับไม่ได้
            </Trans>
          }
          basis={<Trans>คำคัดค้านและความยินยอมโดยชัดแจ้งของคุณ (มาตรา 26)</Trans>}
          kept={<Trans>จนกว่าคุณจะยกเลิกคำขอ</Trans>}
        />
        <Item
          title={<Trans>ในเครื่องของคุณ</Trans>}
          what={
            <Trans>
              ความยินยอม ผลการค้นหาล่าสุดของแต่ละงาน ตะกร้า และการแจ้งเตือนที่คุณเปิด เก็บในเบราว์เซอร์ของคุณเอง ไม่ได้ส่งมาที่ร้าน
            </Trans>
          }
          basis={<Trans>เพื่อให้บริการที่คุณขอ</Trans>}
          kept={<Trans>จนกว่าคุณจะถอนความยินยอม หรือลบข้อมูลของเว็บนี้ในเบราว์เซอร์</Trans>}
        />
      </section>

      <section id="where" aria-labelledby="privacy-where">
        <h2 id="privacy-where">
          <Trans>ข้อมูลเก็บที่ไหน</Trans>
        </h2>
        <p>
          {region ? (
            <Trans>
              ภาพและข้อมูลเก็บในที่เก็บข้อมูลของผู้ให้บริการคลาวด์ ภูมิภาค {region} ร้านไม่ขายหรือส่งต่อข้อมูลของคุณให้ผู้อื่น
            </Trans>
          ) : (
            <Trans>ภาพและข้อมูลเก็บบนเซิร์ฟเวอร์ของร้านเอง ร้านไม่ขายหรือส่งต่อข้อมูลของคุณให้ผู้อื่น</Trans>
          )}
        </p>
      </section>

      <section id="rights" aria-labelledby="privacy-rights">
        <h2 id="privacy-rights">
          <Trans>สิทธิของคุณและวิธีใช้</Trans>
        </h2>
        <ul>
          <li>
            <Trans>
              ขอดูและขอรับสำเนาข้อมูล (รวมถึงไฟล์ JSON ที่นำไปใช้ต่อได้): ที่หน้า <a href={MY_DATA_PATH}>ข้อมูลของฉัน</a>{' '}
              ด้วยรหัสครั้งเดียวที่ส่งไปยังเบอร์โทรศัพท์หรืออีเมลของคุณ
            </Trans>
          </li>
          <li>
            <Trans>
              ขอลบข้อมูล: ที่หน้า <a href={MY_DATA_PATH}>ข้อมูลของฉัน</a> ข้อมูลติดต่อที่ยังต้องใช้เป็นหลักฐานทางบัญชีจะถูกปิดบังก่อน
              แล้วลบเมื่อพ้นความจำเป็น
            </Trans>
          </li>
          <li>
            <Trans>
              คัดค้านการค้นหาด้วยใบหน้า: ที่หน้า <a href={REMOVE_FACE_PATH}>นำใบหน้าของฉันออก</a>{' '}
              ใบหน้าของคุณจะไม่ถูกค้นพบอีกและถูกเบลอในภาพตัวอย่าง
            </Trans>
          </li>
          <li>
            <Trans>ถอนความยินยอมเรื่องใบหน้า: ด้วยปุ่มด้านล่าง หรือข้างปุ่มเลือกรูปเซลฟี่ ง่ายเท่ากับตอนให้ความยินยอม</Trans>
          </li>
          <li>
            <Trans>ขอแก้ไขข้อมูลที่ไม่ถูกต้อง: ติดต่อผู้ควบคุมข้อมูลตามช่องทางด้านบน</Trans>
          </li>
          <li>
            <Trans>
              ร้องเรียน: ต่อสำนักงานคณะกรรมการคุ้มครองข้อมูลส่วนบุคคล (สคส.){' '}
              <a href={PDPC_URL} target="_blank" rel="noopener noreferrer">
                pdpc.or.th
              </a>
            </Trans>
          </li>
        </ul>
        <WithdrawConsent />
      </section>

      <p className="privacy-version">
        <Trans>
          ประกาศฉบับ {version} ลงวันที่ {date}
        </Trans>
      </p>
    </article>
  );
}

function Item({
  title,
  what,
  basis,
  kept,
}: {
  title: ReactNode;
  what: ReactNode;
  basis: ReactNode;
  kept: ReactNode;
}) {
  return (
    <>
      <h3>{title}</h3>
      <dl className="privacy-facts">
        <dt>
          <Trans>เก็บอะไร เพื่ออะไร</Trans>
        </dt>
        <dd>{what}</dd>
        <dt>
          <Trans>ฐานทางกฎหมาย</Trans>
        </dt>
        <dd>{basis}</dd>
        <dt>
          <Trans>เก็บนานเท่าไร</Trans>
        </dt>
        <dd>{kept}</dd>
      </dl>
    </>
  );
}
