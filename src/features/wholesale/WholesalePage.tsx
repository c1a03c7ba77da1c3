// The wholesale page, {event_id}/wholesale (SPEC §2 Wholesale page): for a hybrid event, the unlimited package across
// all photographers: its photographer teams (package_hb), the way back to per-package pricing, the face search, the
// buy-all button and the masonry highlight gallery. Other events say they have no bundle.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import type { EventDetail } from '../../../core/contract/events';
import { formatBaht } from '../../../core/format';
import { usePageTitle } from '../../lib/page-title';
import { languageAtom } from '../../lib/state';
import { LoadFailedAlert } from '../../lib/ui/LoadFailedAlert';
import { HybridPackageBadges } from '../../lib/ui/PackageBadges';
import { ConsentGate } from '../events/ConsentDialog';
import { EventLoading } from '../events/EventLoading';
import type { EventLoad } from '../events/event-loader';
import { SaleArea } from '../events/SaleArea';
import { useForcedLanguage } from '../events/use-forced-language';
import { FaceSearchPanel } from '../face-search/FaceSearchPanel';
import { HighlightGallery } from '../gallery/HighlightGallery';
import { BuyAllButton } from './BuyAllButton';
import './wholesale.css';
import { uploadAreaState } from '../../../core/sale';

export function WholesalePage({ data }: { data: EventLoad }) {
  const { t } = useLingui();
  const title = data.state === 'loaded' ? data.event.title : '';
  usePageTitle(title ? t`แพ็กเกจเหมา ${title}` : t`แพ็กเกจเหมา`);
  if (data.state === 'offline') {
    return (
      <LoadFailedAlert>
        <Trans>ไม่สามารถโหลดงานนี้ได้ กรุณาตรวจสอบการเชื่อมต่ออินเทอร์เน็ตแล้วลองใหม่</Trans>
      </LoadFailedAlert>
    );
  }
  return <WholesaleView event={data.event} />;
}

function WholesaleView({ event }: { event: EventDetail }) {
  const ready = useForcedLanguage(event.event_key);
  if (!ready) return <EventLoading />;
  return event.is_hybrid === 'Y' ? <HybridWholesale event={event} /> : <NoBundle event={event} />;
}

function NoBundle({ event }: { event: EventDetail }) {
  return (
    <section className="wholesale-page wholesale-none">
      <h1>{event.title}</h1>
      <p className="alert info">
        <Trans>งานนี้ไม่รองรับการซื้อภาพแบบเหมา</Trans>
      </p>
      <Link to="/$eventId" params={{ eventId: event.event_key }} className="button primary">
        <Trans>กลับไปหน้างาน</Trans>
      </Link>
    </section>
  );
}

function HybridWholesale({ event }: { event: EventDetail }) {
  const language = useAtomValue(languageAtom);
  const price = formatBaht(event.hybrid_mhao_price);
  return (
    <>
      <article className="wholesale-page">
        <header className="wholesale-heading">
          <p className="wholesale-eyebrow">
            <Trans>แพ็กเกจเหมาภาพจากช่างภาพทุกคน</Trans>
          </p>
          <h1>{event.title}</h1>
          {event.is_mhao_hybrid === 'Y' && (
            <p className="wholesale-price">
              <Trans>รับทุกภาพของคุณจากช่างภาพทุกคนในงาน ราคาเดียว {price}</Trans>
            </p>
          )}
          {event.package_hb.length > 0 && (
            <>
              <h2>
                <Trans>ช่างภาพในแพ็กเกจนี้</Trans>
              </h2>
              <HybridPackageBadges packages={event.package_hb} language={language} />
            </>
          )}
          <Link to="/$eventId" params={{ eventId: event.event_key }} className="button">
            <Trans>กลับไปดูราคาแพ็กเกจปกติ</Trans>
          </Link>
        </header>
        <div className="wholesale-search">
          <SaleArea event={event} language={language}>
            <FaceSearchPanel event={event} variant="wholesale" cartKind="wholesale" />
            <BuyAllButton event={event} />
          </SaleArea>
        </div>
      </article>
      <HighlightGallery eventKey={event.event_key} />
      {/* Asked only where a selfie can be uploaded (not on an event not yet, or no longer, on sale; nor
          on one whose organiser turned face search off). */}
      {uploadAreaState(event) === 'open' && event.face_search !== 'N' && (
        <ConsentGate eventKey={event.event_key} />
      )}
    </>
  );
}
