import { Trans, useLingui } from '@lingui/react/macro';
import { EVENTS_PAGE_SIZE, HOME_PAGER_MARGIN, HOME_PAGER_RANGE } from '../../../core/constants';
import type { Banner, EventSummary } from '../../../core/contract/events';
import { InstallButton } from '../../lib/install/InstallButton';
import { usePageTitle } from '../../lib/page-title';
import { pageCount } from '../../lib/pager';
import { LoadFailedAlert } from '../../lib/ui/LoadFailedAlert';
import { BannerSlider } from './BannerSlider';
import { EventCard } from './EventCard';
import type { HomeEvents } from './home-events';
import { Pager } from './Pager';
import { UpcomingEvents } from './UpcomingEvents';

/** How many cards load their cover at once: the first screen on a phone. */
const EAGER_COVERS = 4;

interface HomePageProps {
  page: number;
  data: HomeEvents;
  /** The slider's banners; none (or a failed call) hides the slider. */
  banners?: Banner[];
  /** Upcoming events under the grid; none hides the list. */
  soon?: EventSummary[];
  /** A photo was shared to the app with no event visited yet: ask which event to search. */
  sharedPhoto?: boolean;
}

export function HomePage({ page, data, banners = [], soon = [], sharedPhoto = false }: HomePageProps) {
  const { t } = useLingui();
  usePageTitle(t`ค้นหาภาพงานวิ่งของคุณ`);

  return (
    <>
      <BannerSlider banners={banners} />
      <section className="hero">
        <h1>
          <Trans>หาภาพวิ่งของคุณด้วยเซลฟี่เดียว</Trans>
        </h1>
        <p>
          <Trans>เลือกงานวิ่ง อัปโหลดรูปหน้าของคุณ แล้วเราจะค้นหาทุกภาพที่มีคุณอยู่ให้ทันที</Trans>
        </p>
      </section>
      {/* Floats over the page's corner when the browser offers it: it never moves the list below it. */}
      <InstallButton className="button install-float" />

      {sharedPhoto && (
        <p className="alert info" role="status">
          <Trans>ได้รับรูปที่คุณแชร์แล้ว เลือกงานวิ่งด้านล่าง แล้วเราจะค้นหาภาพของคุณด้วยรูปนี้</Trans>
        </p>
      )}
      <section className="events" aria-labelledby="on-sale-heading">
        <h2 id="on-sale-heading">
          <Trans>งานวิ่งที่เปิดขายภาพ</Trans>
        </h2>
        {data.state === 'failed' ? (
          <LoadFailedAlert />
        ) : (
          <>
            {data.state === 'saved' && (
              <p className="alert info" role="status">
                <Trans>ออฟไลน์อยู่ แสดงรายการงานที่บันทึกไว้ล่าสุด</Trans>
              </p>
            )}
            {data.events.length === 0 ? (
              <p className="empty">
                <Trans>ยังไม่มีงานที่เปิดขายภาพในขณะนี้</Trans>
              </p>
            ) : (
              <ul className="event-grid">
                {data.events.map((event, i) => (
                  <EventCard key={event.event_id} event={event} eager={i < EAGER_COVERS} priority={i === 0} />
                ))}
              </ul>
            )}
            {data.total > EVENTS_PAGE_SIZE && (
              <Pager
                current={page}
                totalPages={pageCount(data.total, EVENTS_PAGE_SIZE)}
                range={HOME_PAGER_RANGE}
                margin={HOME_PAGER_MARGIN}
              />
            )}
          </>
        )}
      </section>
      <UpcomingEvents events={soon} />
    </>
  );
}

export function HomeLoading() {
  return (
    <p className="loading" role="status">
      <Trans>กำลังโหลดรายการงานวิ่ง…</Trans>
    </p>
  );
}
