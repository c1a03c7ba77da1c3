import './event-extras.css';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import type { EventDetail } from '../../../core/contract/events';
import { formatBaht, formatDateTime } from '../../../core/format';
import { uploadAreaState } from '../../../core/sale';
import { usePageTitle } from '../../lib/page-title';
import { languageAtom } from '../../lib/state';
import { LoadFailedAlert } from '../../lib/ui/LoadFailedAlert';
import { EventIntro } from './EventIntro';
import type { ExtrasEventLoad } from './extras-load';

/** /event/{event_id} (SPEC §2 "event race detail"): what the API knows of the event, and where to find its photos. */
export function EventDetailPage({ data }: { data: ExtrasEventLoad }) {
  const { t } = useLingui();
  const title = data.state === 'loaded' ? data.event.title : '';
  usePageTitle(title ? t`รายละเอียดงาน - ${title}` : t`รายละเอียดงาน`);
  if (data.state === 'offline') {
    return (
      <LoadFailedAlert>
        <Trans>ไม่สามารถโหลดงานนี้ได้ กรุณาตรวจสอบการเชื่อมต่ออินเทอร์เน็ตแล้วลองใหม่</Trans>
      </LoadFailedAlert>
    );
  }
  return <EventDetailBody event={data.event} />;
}

function EventDetailBody({ event }: { event: EventDetail }) {
  const language = useAtomValue(languageAtom);
  const start = formatDateTime(event.on_sale_start, language);
  const end = formatDateTime(event.on_sale_end, language);
  const sale = uploadAreaState(event);
  const params = { eventId: event.event_key };
  return (
    <article className="event-page extras-page">
      <EventIntro event={event} kicker={<Trans>รายละเอียดงาน</Trans>} />
      <section className="extras-body" aria-labelledby="sale-heading">
        <h2 id="sale-heading">
          <Trans>การขายภาพ</Trans>
        </h2>
        <dl className="sale-times">
          <dt>
            <Trans>เปิดขาย</Trans>
          </dt>
          <dd>{start}</dd>
          <dt>
            <Trans>ปิดขาย</Trans>
          </dt>
          <dd>{end}</dd>
        </dl>
        <p className="extras-sale-state">
          {sale === 'not-open' && <Trans>ยังไม่เปิดขาย กลับมาใหม่ในวันที่ {start}</Trans>}
          {sale === 'ended' && <Trans>ปิดการขายแล้ว</Trans>}
          {sale === 'open' && <Trans>เปิดขายอยู่ตอนนี้</Trans>}
        </p>
        <SaleKind event={event} />
        {event.package.length > 0 && (
          <table className="extras-packages">
            <caption>
              <Trans>แพ็กเกจราคา</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>แพ็กเกจ</Trans>
                </th>
                <th scope="col">
                  <Trans>ราคา</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {event.package.map((p) => (
                <tr key={p.number_of_photo}>
                  <th scope="row">{language === 'en' ? p.name_en : p.name}</th>
                  <td>{formatBaht(p.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <div className="extras-links">
          <Link to="/$eventId" params={params} className="button primary">
            <Trans>ค้นหาภาพของงานนี้</Trans>
          </Link>
          {event.is_event_stage === 'Y' && (
            <Link to="/$eventId/manual" params={params} className="button">
              <Trans>เลือกภาพเองตามจุดถ่ายภาพ</Trans>
            </Link>
          )}
          {event.is_hybrid === 'Y' && (
            <Link to="/$eventId/wholesale" params={params} className="button">
              <Trans>รับแพ็กเกจเหมาทุกภาพ</Trans>
            </Link>
          )}
          <Link to="/$eventId/vdo" params={params} className="button">
            <Trans>วิดีโอของงาน</Trans>
          </Link>
        </div>
      </section>
    </article>
  );
}

/** How this event's photos are sold, for the variants that differ from buying per package. */
function SaleKind({ event }: { event: EventDetail }) {
  const stages = event.stage.length;
  const mhaoPrice = formatBaht(event.mhao_price);
  const hybridPrice = formatBaht(event.hybrid_mhao_price);
  const lines: [string, ReactNode][] = [];
  if (event.is_free_download === 'Y')
    lines.push(['free', <Trans key="free">ดาวน์โหลดภาพได้ฟรี ไม่ต้องชำระเงิน</Trans>]);
  if (event.is_free_download_keep_contract === 'Y')
    lines.push(['keep', <Trans key="keep">รับภาพฟรี: เลือกภาพลงตะกร้าแล้วสร้างคำสั่งซื้อโดยไม่ต้องชำระเงิน</Trans>]);
  if (event.is_mhao === 'Y') lines.push(['mhao', <Trans key="mhao">เหมาทุกภาพของคุณในราคา {mhaoPrice}</Trans>]);
  if (event.is_hybrid === 'Y' && event.is_mhao_hybrid === 'Y')
    lines.push(['hybrid', <Trans key="hybrid">เหมาทุกภาพจากช่างภาพทุกคนในราคา {hybridPrice}</Trans>]);
  if (event.is_event_stage === 'Y' && stages > 0)
    lines.push([
      'stage',
      <Plural
        key="stage"
        value={stages}
        one="เลือกภาพเองได้จาก # จุดถ่ายภาพ"
        other="เลือกภาพเองได้จาก # จุดถ่ายภาพ"
      />,
    ]);
  if (lines.length === 0) return null;
  return (
    <ul className="extras-kinds">
      {lines.map(([key, line]) => (
        <li key={key}>{line}</li>
      ))}
    </ul>
  );
}
