// The event page (SPEC §2 Event page, §4 Event sale and Consent): the event's details, its sale state or the face
// search (the bib search alone when its organiser turned face search off), the highlight gallery, and the terms dialog
// on the first visit. One event is always shown in English.
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import type { EventDetail } from '../../../core/contract/events';
import { usePageTitle } from '../../lib/page-title';
import { languageAtom } from '../../lib/state';
import { LoadFailedAlert } from '../../lib/ui/LoadFailedAlert';
import { FaceSearchPanel } from '../face-search/FaceSearchPanel';
import { HighlightGallery } from '../gallery/HighlightGallery';
import { ConsentGate } from './ConsentDialog';
import { EventHeader } from './EventHeader';
import { EventLoading } from './EventLoading';
import type { EventLoad } from './event-loader';
import { SaleArea } from './SaleArea';
import { useForcedLanguage } from './use-forced-language';
import './event-page.css';
import { uploadAreaState } from '../../../core/sale';

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
  return <EventView event={data.event} />;
}

function EventView({ event }: { event: EventDetail }) {
  const ready = useForcedLanguage(event.event_key);
  const language = useAtomValue(languageAtom);
  // SPEC §2: the highlight gallery shows while no search has been made.
  const [searched, setSearched] = useState(false);
  const onStepChange = useCallback((step: string) => {
    if (step !== 'idle') setSearched(true);
  }, []);
  if (!ready) return <EventLoading />;
  return (
    <>
      <article className="event-page">
        <EventHeader event={event} language={language} />
        <div className="event-search">
          <SaleArea event={event} language={language}>
            <FaceSearchPanel event={event} variant="event" cartKind="standard" onStepChange={onStepChange} />
          </SaleArea>
        </div>
      </article>
      {!searched && <HighlightGallery eventKey={event.event_key} />}
      {/* Asked only where a selfie can be uploaded (not on an event not yet, or no longer, on sale; nor
          on one whose organiser turned face search off). */}
      {uploadAreaState(event) === 'open' && event.face_search !== 'N' && (
        <ConsentGate eventKey={event.event_key} />
      )}
    </>
  );
}
