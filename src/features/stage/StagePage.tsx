import './stage.css';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { EventDetail } from '../../../core/contract/events';
import { eventDateLabel } from '../../../core/format';
import { fetchImageTimes, type ImageTime } from '../../lib/api/imagestage';
import { usePageTitle } from '../../lib/page-title';
import { useRevealWhenAnswered } from '../../lib/reveal';
import { languageAtom } from '../../lib/state';
import { LoadFailedAlert } from '../../lib/ui/LoadFailedAlert';
import { OtherEventDialog } from '../cart/OtherEventDialog';
import { useCartCount } from '../cart/use-cart';
import { StagePager } from './StagePager';
import { StagePhotoGrid } from './StagePhotoGrid';
import { EVERY, type StageChoice, stageFilter, stagePageCount, timeValue } from './stage-filter';
import { useStageSearch } from './use-stage-search';

const ANSWERED = ['found', 'failed'] as const;

export type StageEventLoad = { state: 'loaded'; event: EventDetail } | { state: 'offline' };

/** {event_id}/manual (SPEC §2 Stage page): pick photos by stage and time, for stage events only. */
export function StagePage({ data }: { data: StageEventLoad }) {
  const { t } = useLingui();
  const title = data.state === 'loaded' ? data.event.title : '';
  usePageTitle(title ? t`เลือกภาพตามจุดถ่ายภาพ - ${title}` : t`เลือกภาพตามจุดถ่ายภาพ`);
  if (data.state === 'offline') {
    return (
      <LoadFailedAlert>
        <Trans>ไม่สามารถโหลดงานนี้ได้ กรุณาตรวจสอบการเชื่อมต่ออินเทอร์เน็ตแล้วลองใหม่</Trans>
      </LoadFailedAlert>
    );
  }
  const { event } = data;
  if (event.is_event_stage !== 'Y' || event.stage.length === 0) {
    return (
      <section className="stage-page stage-unavailable">
        <h1>{event.title}</h1>
        <p>
          <Trans>งานนี้ไม่มีการเลือกภาพตามจุดถ่ายภาพ กรุณาค้นหาภาพของคุณด้วยใบหน้าที่หน้างาน</Trans>
        </p>
        <Link to="/$eventId" params={{ eventId: event.event_key }} className="button primary">
          <Trans>กลับไปหน้างาน</Trans>
        </Link>
      </section>
    );
  }
  return <StageBrowser event={event} />;
}

function StageBrowser({ event }: { event: EventDetail }) {
  const { t } = useLingui();
  const language = useAtomValue(languageAtom);
  const [times, setTimes] = useState<ImageTime[]>([]);
  const [choice, setChoice] = useState<StageChoice>({ stage: EVERY, time: EVERY });
  const { search, run, goToPage, cancel } = useStageSearch(event.event_key);
  const cartCount = useCartCount('manual');
  const stageId = useId();
  const timeId = useId();
  // The answer is brought into view when it comes: on a phone the form and the note fill the screen.
  const results = useRef<HTMLDivElement>(null);
  useRevealWhenAnswered(results, search.state, 'searching', ANSWERED);

  useEffect(() => {
    const controller = new AbortController();
    fetchImageTimes(event.event_key, controller.signal)
      .then(setTimes)
      .catch((error: unknown) => {
        if ((error as Error).name !== 'AbortError') console.warn('image times failed', error);
      });
    return () => controller.abort();
  }, [event.event_key]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const ids = event.stage.map((s) => s.id);
    void run(stageFilter(event.event_id, choice, ids, times));
  };
  const reset = () => {
    setChoice({ stage: EVERY, time: EVERY });
    cancel();
  };
  const busy = search.state === 'searching' || (search.state === 'found' && search.loadingPage);

  return (
    <section className="stage-page" aria-labelledby="stage-heading">
      <header className="stage-heading">
        <p className="stage-event">
          <Link to="/$eventId" params={{ eventId: event.event_key }}>
            {event.title}
          </Link>{' '}
          · <time dateTime={event.eventdate}>{eventDateLabel(event, language)}</time>
        </p>
        <h1 id="stage-heading">
          <Trans>เลือกภาพตามจุดถ่ายภาพ</Trans>
        </h1>
        <p className="stage-lead">
          <Trans>เลือกจุดถ่ายภาพและช่วงเวลาที่คุณผ่าน แล้วกด ค้นหา เพื่อดูภาพทั้งหมดของช่วงนั้น</Trans>
        </p>
      </header>

      <aside className="stage-extra-note">
        <h2>
          <Trans>ซื้อแพ็กเกจเหมาแล้ว ต้องการภาพเพิ่ม?</Trans>
        </h2>
        <p>
          <Trans>
            เลือกภาพที่ต้องการเพิ่มจากหน้านี้ใส่ตะกร้า แล้วเลือกวิธีชำระเงิน "รูปเพิ่มเติมหลังซื้อเหมา"
            พร้อมกรอกเลขที่คำสั่งซื้อเดิมหรือเบอร์มือถือที่ใช้ซื้อเหมา ไม่มีค่าใช้จ่ายเพิ่ม แอดมินเพจจะตรวจสอบและอนุมัติให้
          </Trans>
        </p>
      </aside>

      <form className="stage-form" onSubmit={submit}>
        <div className="stage-field">
          <label htmlFor={stageId}>
            <Trans>จุดถ่ายภาพ</Trans>
          </label>
          <select
            id={stageId}
            value={choice.stage}
            onChange={(e) => setChoice({ ...choice, stage: e.target.value })}
          >
            <option value={EVERY}>{t`ทุกจุด`}</option>
            {event.stage.map((stage) => (
              <option key={stage.id} value={String(stage.id)}>
                {language === 'en' && stage.name_en ? stage.name_en : stage.name}
              </option>
            ))}
          </select>
        </div>
        <div className="stage-field">
          <label htmlFor={timeId}>
            <Trans>ช่วงเวลา</Trans>
          </label>
          <select
            id={timeId}
            value={choice.time}
            onChange={(e) => setChoice({ ...choice, time: e.target.value })}
          >
            <option value={EVERY}>{t`ทั้งวัน`}</option>
            {times.map((time) => (
              <option key={time.start} value={timeValue(time)}>
                {time.label}
              </option>
            ))}
          </select>
        </div>
        <div className="stage-buttons">
          <button type="submit" className="button primary" disabled={search.state === 'searching'}>
            <Trans>ค้นหา</Trans>
          </button>
          <button type="button" className="button" onClick={reset}>
            <Trans>ยกเลิก</Trans>
          </button>
        </div>
      </form>

      <OtherEventDialog />
      <div className="stage-cart-bar">
        <Link to="/cart-manual" className="button">
          <Plural value={cartCount} one="ตะกร้า (# ภาพ)" other="ตะกร้า (# ภาพ)" />
        </Link>
      </div>

      <div ref={results} className="stage-results" aria-busy={busy}>
        {search.state === 'searching' && (
          <p className="loading" role="status">
            <Trans>กำลังค้นหาภาพ…</Trans>
          </p>
        )}
        {search.state === 'failed' && (
          <p className="alert error" role="alert">
            <Trans>เกิดข้อผิดพลาดในการค้นหา กรุณาลองใหม่อีกครั้ง</Trans>
          </p>
        )}
        {search.state === 'found' && (
          <StageResults
            eventKey={event.event_key}
            search={search}
            onPage={(page) => {
              void goToPage(page);
              document.getElementById('stage-heading')?.scrollIntoView({ block: 'start' });
            }}
          />
        )}
      </div>
    </section>
  );
}

function StageResults({
  eventKey,
  search,
  onPage,
}: {
  eventKey: string;
  search: Extract<ReturnType<typeof useStageSearch>['search'], { state: 'found' }>;
  onPage: (page: number) => void;
}) {
  const total = search.total;
  const totalPages = stagePageCount(total);
  const page = search.page;
  if (total === 0) {
    return (
      <p className="empty" role="status">
        <Trans>ไม่พบภาพในจุดและช่วงเวลานี้ ลองเลือกจุดหรือช่วงเวลาอื่น</Trans>
      </p>
    );
  }
  return (
    <>
      <p className="stage-count" role="status">
        <Plural value={total} one="พบ # ภาพ" other="พบ # ภาพ" />
        {totalPages > 1 && (
          <>
            {' '}
            <Trans>
              (หน้า {page} จาก {totalPages})
            </Trans>
          </>
        )}
      </p>
      <StagePager current={page} totalPages={totalPages} disabled={search.loadingPage} onPage={onPage} />
      <StagePhotoGrid photos={search.photos} eventKey={eventKey} />
      <StagePager current={page} totalPages={totalPages} disabled={search.loadingPage} onPage={onPage} />
    </>
  );
}
