import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { EventDetail } from '../../../core/contract/events';
import { showsCountdown, uploadAreaState } from '../../../core/sale';
import { eventDateLabel, formatBaht, formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { languageAtom } from '../../lib/state';
import { LoadFailedAlert } from '../../lib/ui/LoadFailedAlert';
import type { EventLoad } from './event-loader';

export function EventPage({ data }: { data: EventLoad }) {
  const { t } = useLingui();
  usePageTitle(data.state === 'loaded' ? data.event.title : t`งานวิ่ง`);
  if (data.state === 'offline') {
    return (
      <LoadFailedAlert>
        <Trans>ไม่สามารถโหลดงานนี้ได้ กรุณาตรวจสอบการเชื่อมต่ออินเทอร์เน็ตแล้วลองใหม่</Trans>
      </LoadFailedAlert>
    );
  }
  return <EventDetails event={data.event} />;
}

function EventDetails({ event }: { event: EventDetail }) {
  const language = useAtomValue(languageAtom);
  const area = uploadAreaState(event);
  const start = formatDateTime(event.on_sale_start, language);
  const end = formatDateTime(event.on_sale_end, language);
  const days = event.day_diff;
  return (
    <article className="event-page">
      <img className="event-cover" src={event.coverurl} alt="" width={1200} height={630} />
      <header className="event-heading">
        <h1>{event.title}</h1>
        <p>
          <time dateTime={event.eventdate}>{eventDateLabel(event, language)}</time> · {event.province}
        </p>
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
        {event.package.length > 0 && (
          <ul className="badges">
            {event.package.map((p) => (
              <li key={p.number_of_photo} className="badge">
                {language === 'en' ? p.name_en : p.name} · ฿{formatBaht(p.price)}
              </li>
            ))}
          </ul>
        )}
        {showsCountdown(days) && (
          <p className="countdown">
            <Plural value={days} one="เหลือเวลาเก็บภาพอีก # วัน" other="เหลือเวลาเก็บภาพอีก # วัน" />
          </p>
        )}
      </header>
      {area === 'not-open' && (
        <p className="sale-state">
          <Trans>กลับมาใหม่ในวันที่ {start}</Trans>
        </p>
      )}
      {area === 'ended' && (
        <p className="sale-state">
          <Trans>ปิดการขายแล้ว</Trans>
        </p>
      )}
    </article>
  );
}
