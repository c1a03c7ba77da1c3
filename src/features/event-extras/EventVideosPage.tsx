import './event-extras.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../lib/page-title';
import { LoadFailedAlert } from '../../lib/ui/LoadFailedAlert';
import { EventIntro } from './EventIntro';
import type { ExtrasEventLoad } from './extras-load';

/** {event_id}/vdo (SPEC §2): the event's videos. None are published through the API yet, and the page says so. */
export function EventVideosPage({ data }: { data: ExtrasEventLoad }) {
  const { t } = useLingui();
  const title = data.state === 'loaded' ? data.event.title : '';
  usePageTitle(title ? t`วิดีโอ - ${title}` : t`วิดีโอ`);
  if (data.state === 'offline') {
    return (
      <LoadFailedAlert>
        <Trans>ไม่สามารถโหลดงานนี้ได้ กรุณาตรวจสอบการเชื่อมต่ออินเทอร์เน็ตแล้วลองใหม่</Trans>
      </LoadFailedAlert>
    );
  }
  const { event } = data;
  return (
    <article className="event-page extras-page">
      <EventIntro event={event} kicker={<Trans>วิดีโอของงาน</Trans>} />
      <section className="extras-body">
        <p className="extras-empty" role="status">
          <Trans>ยังไม่มีวิดีโอสำหรับงานนี้</Trans>
        </p>
        <p>
          <Trans>ระหว่างนี้ ค้นหาภาพของคุณจากงานนี้ได้ด้วยเซลฟี่เพียงภาพเดียว</Trans>
        </p>
        <Link to="/$eventId" params={{ eventId: event.event_key }} className="button primary">
          <Trans>ค้นหาภาพของงานนี้</Trans>
        </Link>
      </section>
    </article>
  );
}
