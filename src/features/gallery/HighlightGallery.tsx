// The highlight photos of an event (POST /v1/facesearch/highlight) in the masonry gallery: what the event page and
// the wholesale page show while no face search has run.
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, useState } from 'react';
import type { HighlightPhoto } from '../../../core/contract/photos';
import { fetchHighlights } from '../../lib/api/highlight';
import { photoImageUrls } from '../../lib/photo-urls';
import { type GalleryPhoto, MasonryGallery } from './MasonryGallery';

type HighlightLoad =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'loaded'; photos: HighlightPhoto[] };

function useHighlights(eventKey: string): [HighlightLoad, () => void] {
  const [load, setLoad] = useState<HighlightLoad>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry bumps attempt to load again.
  useEffect(() => {
    const aborter = new AbortController();
    setLoad({ state: 'loading' });
    fetchHighlights(eventKey, aborter.signal).then(
      (photos) => setLoad({ state: 'loaded', photos }),
      (error: Error) => {
        if (error.name !== 'AbortError') setLoad({ state: 'failed' });
      },
    );
    return () => aborter.abort();
  }, [eventKey, attempt]);
  return [load, () => setAttempt((n) => n + 1)];
}

export function HighlightGallery({ eventKey }: { eventKey: string }) {
  const { t } = useLingui();
  const [load, retry] = useHighlights(eventKey);
  const headingId = useId();
  const photos = useMemo<GalleryPhoto[]>(
    () =>
      load.state === 'loaded'
        ? load.photos.map((photo, i) => {
            const number = i + 1;
            const total = load.photos.length;
            return {
              key: String(photo.id),
              ...photoImageUrls(eventKey, photo),
              alt: t`ภาพไฮไลต์ ${number} จาก ${total}`,
              width: photo.width,
              height: photo.height,
            };
          })
        : [],
    [load, eventKey, t],
  );

  return (
    <section className="highlights" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>ภาพไฮไลต์ของงาน</Trans>
      </h2>
      {load.state === 'loading' && (
        <>
          <p className="loading needs-script" role="status">
            <Trans>กำลังโหลดภาพไฮไลต์…</Trans>
          </p>
          <noscript>
            <p className="alert info">
              <Trans>เปิดใช้ JavaScript เพื่อดูภาพไฮไลต์ของงาน</Trans>
            </p>
          </noscript>
        </>
      )}
      {load.state === 'failed' && (
        <div className="alert error" role="alert">
          <p>
            <Trans>โหลดภาพไฮไลต์ไม่สำเร็จ</Trans>
          </p>
          <button type="button" className="button" onClick={retry}>
            <Trans>ลองใหม่</Trans>
          </button>
        </div>
      )}
      {load.state === 'loaded' && photos.length === 0 && (
        <p className="empty">
          <Trans>งานนี้ยังไม่มีภาพไฮไลต์</Trans>
        </p>
      )}
      {photos.length > 0 && (
        <>
          <p className="highlights-lead">
            <Trans>ตัวอย่างภาพจากช่างภาพของงาน แตะภาพเพื่อดูขนาดใหญ่</Trans>
          </p>
          <MasonryGallery photos={photos} label={t`ภาพไฮไลต์ของงาน`} />
        </>
      )}
    </section>
  );
}
