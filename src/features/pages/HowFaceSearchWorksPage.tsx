// "How face search works": what is computed from a selfie, what is kept and for how long, and how well it
// finds a runner (the benchmark's figures, face-search-figures.ts), in plain words, Thai and English.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import {
  NEARBY_FRAME_SECONDS,
  PHOTO_RETENTION_DAYS,
  SAVED_RESULTS_MAX,
  SELFIE_DELETED_WITHIN_SECONDS,
} from '../../../core/constants';
import { formatEventDate } from '../../../core/format';
import { usePageTitle } from '../../lib/page-title';
import { FACE_SEARCH_FIGURES as F } from './face-search-figures';

const percent = (share: number) => Math.round(share * 1000) / 10;

export function HowFaceSearchWorksPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`การค้นหาด้วยใบหน้าทำงานอย่างไร`);
  const seconds = SELFIE_DELETED_WITHIN_SECONDS;
  const days = PHOTO_RETENTION_DAYS;
  const nearbySeconds = NEARBY_FRAME_SECONDS;
  const events = SAVED_RESULTS_MAX;
  const recall = percent(F.recall);
  const precision = percent(F.precision);
  const photos = F.faceSetPhotos;
  const people = F.faceSetPeople;
  const measured = formatEventDate(F.measuredOn, i18n.locale === 'en' ? 'en' : 'th');
  return (
    <article className="static-page">
      <h1>
        <Trans>การค้นหาด้วยใบหน้าทำงานอย่างไร</Trans>
      </h1>
      <p className="lead">
        <Trans>เลือกเซลฟี่หนึ่งรูป ระบบจะหาภาพในงานที่มีใบหน้าคล้ายคุณมากพอ ไม่ต้องไล่ดูภาพนับพันเอง</Trans>
      </p>

      <h2>
        <Trans>สิ่งที่ระบบคำนวณ</Trans>
      </h2>
      <ol>
        <li>
          <Trans>โทรศัพท์ของคุณย่อรูปเซลฟี่ให้เล็กลงก่อนส่ง</Trans>
        </li>
        <li>
          <Trans>
            เซิร์ฟเวอร์หาใบหน้าที่ใหญ่ที่สุดในรูป แล้วแปลงเป็นชุดตัวเลข 128 ตัว (face descriptor) ที่บอกลักษณะใบหน้า ไม่ใช่ตัวรูป
            และแปลงกลับเป็นรูปไม่ได้
          </Trans>
        </li>
        <li>
          <Trans>
            ชุดตัวเลขนี้ถูกเทียบกับใบหน้าทุกใบในภาพของงานนี้เท่านั้น (คำนวณไว้ตั้งแต่ตอนช่างภาพนำภาพขึ้นระบบ)
            ภาพที่มีใบหน้าใกล้เคียงพอจะแสดงเป็นผลการค้นหา
          </Trans>
        </li>
        <li>
          <Trans>
            ภาพที่ช่างภาพคนเดียวกันถ่ายไว้ก่อนและหลังภาพที่พบไม่เกิน {nearbySeconds} วินาทีจะแสดงแยกไว้ในแถว
            "คุณอาจอยู่ในภาพเหล่านี้ด้วย" เพราะในภาพต่อเนื่องคุณมักหันหน้าออกจากกล้อง
          </Trans>
        </li>
      </ol>

      <h2>
        <Trans>สิ่งที่เก็บไว้ และนานเท่าไร</Trans>
      </h2>
      <ul>
        <li>
          <Trans>รูปเซลฟี่ถูกลบออกจากระบบทันทีที่ค้นหาเสร็จ และไม่เกิน {seconds} วินาทีหลังอัปโหลด</Trans>
        </li>
        <li>
          <Trans>
            ชุดตัวเลขของเซลฟี่ใช้ระหว่างการค้นหาเท่านั้น ไม่ถูกบันทึกไว้ และไม่ใช้กับงานอื่น เว้นแต่คุณขอให้แจ้งเมื่อมีภาพใหม่ของคุณ
            (ด้านล่าง)
          </Trans>
        </li>
        <li>
          <Trans>
            ผลการค้นหาเก็บไว้ในเครื่องของคุณเท่านั้น (ไม่เกิน {events} งานล่าสุด)
            เพื่อให้กลับมาที่งานแล้วเห็นผลเดิมได้โดยไม่ต้องอัปโหลดใหม่ จนกว่าคุณจะค้นหาใหม่
          </Trans>
        </li>
        <li>
          <Trans>ข้อมูลใบหน้าในภาพของงานเก็บไว้เท่าที่ภาพยังอยู่ในระบบ ประมาณ {days} วันหลังวันจัดงาน แล้วลบไปพร้อมภาพ</Trans>
        </li>
      </ul>

      <h2 id="alerts">
        <Trans>แจ้งเมื่อมีภาพใหม่ของคุณ</Trans>
      </h2>
      <p>
        <Trans>
          ในวันงาน ช่างภาพส่งภาพเข้ามาเรื่อย ๆ หลังค้นหา คุณขอให้เราแจ้งเมื่อมีภาพใหม่ของคุณได้ ทางการแจ้งเตือนของแอปที่ติดตั้งไว้
          หรือทางอีเมลที่คุณกดยืนยันแล้ว
        </Trans>
      </p>
      <ul>
        <li>
          <Trans>
            เมื่อคุณตกลง เราเก็บชุดตัวเลขของใบหน้าจากเซลฟี่ (ไม่เก็บตัวรูป) และหมายเลขบิบถ้าคุณให้ไว้
            เพื่อเทียบกับภาพที่เข้ามาใหม่ในงานนั้นงานเดียว
          </Trans>
        </li>
        <li>
          <Trans>เราแจ้งไม่บ่อยกว่าทุก 10 นาที โดยรวมภาพใหม่ทั้งหมดไว้ในการแจ้งครั้งเดียว</Trans>
        </li>
        <li>
          <Trans>
            กดหยุดแจ้งเตือนได้ทุกเมื่อที่หน้างานหรือจากลิงก์ในการแจ้ง ข้อมูลนี้ถูกลบเมื่อคุณหยุด เมื่อการแจ้งเตือนของแอปถูกยกเลิก
            หรือเมื่อภาพของงานถูกลบ
          </Trans>
        </li>
      </ul>

      <h2>
        <Trans>แม่นยำแค่ไหน</Trans>
      </h2>
      <p>
        <Trans>
          ในชุดทดสอบของเรา ({photos} รูปใบหน้าของ {people} คน) เซลฟี่หนึ่งรูปพบภาพอื่นของคนเดียวกัน {recall}%
          และภาพที่พบเป็นคนนั้นจริง {precision}%
        </Trans>
      </p>
      <ul>
        {F.crowd.map(({ faceWidth, recall: found }) => {
          const width = faceWidth;
          const share = percent(found);
          return (
            <li key={faceWidth}>
              <Trans>
                ในภาพฝูงชน 12 ล้านพิกเซลที่ใบหน้ากว้างประมาณ {width} พิกเซล: พบนักวิ่ง {share}%
              </Trans>
            </li>
          );
        })}
      </ul>
      <p>
        <Trans>
          ใบหน้าที่เล็กมากในภาพ (นักวิ่งที่อยู่ไกลกล้อง) หาเจอยากกว่า ถ้ายังขาดรูปไหน ลองเพิ่มรูปของคุณอีกรูป เช่น
          รูปที่ใส่หมวกหรือแว่นกันแดด หรือดูแถว "คุณอาจอยู่ในภาพเหล่านี้ด้วย"
        </Trans>
      </p>
      <p className="muted">
        <Trans>วัดเมื่อ {measured}</Trans>
      </p>
      <p>
        <Trans>
          อ่านเพิ่มเติมได้ที่ <Link to="/terms-of-use">ข้อกำหนดการใช้งานและนโยบายข้อมูลส่วนบุคคล</Link>
        </Trans>
      </p>
    </article>
  );
}
