// The top of the event page (SPEC §2 Event page): cover, title, date, province, sale times, package badges, the
// red countdown note, and the links to the unlimited package (hybrid events) and the stage page (stage events).
import { Plural, Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { EventDetail } from '../../../core/contract/events';
import { eventDateLabel, formatBaht, formatDateTime } from '../../../core/format';
import { showsCountdown } from '../../../core/sale';
import type { Language } from '../../lib/i18n';
import { sizedImage } from '../../lib/sized-image';
import { PackageBadges } from '../../lib/ui/PackageBadges';

export function EventHeader({ event, language }: { event: EventDetail; language: Language }) {
  const days = event.day_diff;
  return (
    <>
      {/* The first screen's largest element: asked for before anything else the page loads. */}
      <img
        className="event-cover"
        {...sizedImage(event.coverurl, 'wide')}
        alt=""
        width={1200}
        height={630}
        fetchPriority="high"
      />
      <header className="event-heading">
        <h1>{event.title}</h1>
        <p className="event-when">
          <time dateTime={event.eventdate}>{eventDateLabel(event, language)}</time> · {event.province}
        </p>
        <dl className="sale-times">
          <dt>
            <Trans>เปิดขาย</Trans>
          </dt>
          <dd>{formatDateTime(event.on_sale_start, language)}</dd>
          <dt>
            <Trans>ปิดขาย</Trans>
          </dt>
          <dd>{formatDateTime(event.on_sale_end, language)}</dd>
        </dl>
        <EventOffer event={event} />
        <PackageBadges packages={event.package} language={language} />
        {showsCountdown(days) && (
          <p className="countdown">
            <Plural value={days} one="เหลือเวลาเก็บภาพอีก # วัน" other="เหลือเวลาเก็บภาพอีก # วัน" />
          </p>
        )}
        <EventLinks event={event} />
      </header>
    </>
  );
}

/** What kind of sale this is, in one line, for the variants that differ from buying per package. */
function EventOffer({ event }: { event: EventDetail }) {
  const mhaoPrice = formatBaht(event.mhao_price);
  if (event.is_free_download === 'Y')
    return (
      <p className="event-offer">
        <Trans>งานนี้ดาวน์โหลดภาพได้ฟรี ไม่ต้องชำระเงิน</Trans>
      </p>
    );
  if (event.is_free_download_keep_contract === 'Y')
    return (
      <p className="event-offer">
        <Trans>งานนี้รับภาพฟรี: เลือกภาพลงตะกร้าแล้วสร้างคำสั่งซื้อโดยไม่ต้องชำระเงิน</Trans>
      </p>
    );
  if (event.is_mhao === 'Y')
    return (
      <p className="event-offer">
        <Trans>เหมาทุกภาพของคุณในราคา {mhaoPrice}</Trans>
      </p>
    );
  return null;
}

function EventLinks({ event }: { event: EventDetail }) {
  const hybrid = event.is_hybrid === 'Y';
  const stage = event.is_event_stage === 'Y';
  if (!hybrid && !stage) return null;
  return (
    <div className="event-links">
      {hybrid && (
        <Link to="/$eventId/wholesale" params={{ eventId: event.event_key }} className="button primary">
          <Trans>รับแพ็กเกจเหมาทุกภาพ</Trans>
        </Link>
      )}
      {stage && (
        <Link to="/$eventId/manual" params={{ eventId: event.event_key }} className="button">
          <Trans>เลือกภาพเองตามจุดถ่ายภาพ</Trans>
        </Link>
      )}
    </div>
  );
}
