import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { PHOTO_RETENTION_DAYS } from '../../../core/constants';
import { OrderStepper } from './OrderStepper';
import { canDownloadLogos, type OrderView } from './order-view';
import { PaidGallery } from './PaidGallery';
import { RefreshButton } from './RefreshButton';
import { ZipDownloads } from './ZipDownloads';

interface PaidOrderProps {
  q: string;
  view: Extract<OrderView, { kind: 'paid' }>;
  refreshing: boolean;
  onRefresh: () => void;
}

/** A PAID order (SPEC §2): status in green, steps, download-all, original/logo toggle, gallery with View. */
export function PaidOrder({ q, view, refreshing, onRefresh }: PaidOrderProps) {
  const { t } = useLingui();
  const [showLogos, setShowLogos] = useState(false);
  const logos = canDownloadLogos(view);
  const days = PHOTO_RETENTION_DAYS;
  const count = view.images.length;
  const preparing = !view.originalsReady || (!view.free && !view.logosReady);

  return (
    <>
      <section className="order-panel" aria-labelledby="paid-heading">
        <h2 id="paid-heading" className="order-status paid">
          {view.free ? <Trans>สร้างคำสั่งซื้อเรียบร้อย</Trans> : <Trans>ชำระเงินเรียบร้อย</Trans>}
        </h2>
        <OrderStepper free={view.free} originalsReady={view.originalsReady} logosReady={view.logosReady} />
        {view.refunded ? (
          <p className="order-expired" role="status">
            <Trans>คำสั่งซื้อนี้ได้รับการคืนเงินแล้ว จึงไม่สามารถดาวน์โหลดภาพได้</Trans>
          </p>
        ) : count === 0 ? (
          <p className="order-expired" role="status">
            <Trans>หมดระยะเวลาการเก็บภาพแล้ว</Trans>
          </p>
        ) : (
          <>
            <p>
              <Trans>
                กดปุ่มด้านล่างเพื่อดาวน์โหลดภาพทั้งหมดเป็นไฟล์ zip หรือกด "ดูภาพ" เพื่อเปิดดูและบันทึกทีละภาพ ภาพจะถูกเก็บไว้ประมาณ{' '}
                {days} วันหลังวันงาน กรุณาดาวน์โหลดเก็บไว้
              </Trans>
            </p>
            <ZipDownloads
              q={q}
              images={view.images}
              originalsReady={view.originalsReady}
              offerLogos={!view.free}
              logosReady={view.logosReady}
            />
            {preparing && <RefreshButton refreshing={refreshing} onRefresh={onRefresh} />}
          </>
        )}
      </section>
      {count > 0 && (
        <section className="order-images" aria-labelledby="paid-images-heading">
          <div className="order-images-head">
            <h2 id="paid-images-heading">
              <Plural value={count} one="ภาพของคุณ # ภาพ" other="ภาพของคุณ # ภาพ" />
            </h2>
            {logos && (
              <fieldset className="view-toggle">
                <legend className="visually-hidden">{t`แสดงภาพแบบ`}</legend>
                <button type="button" aria-pressed={!showLogos} onClick={() => setShowLogos(false)}>
                  <Trans>ภาพต้นฉบับ</Trans>
                </button>
                <button type="button" aria-pressed={showLogos} onClick={() => setShowLogos(true)}>
                  <Trans>ภาพโลโก้</Trans>
                </button>
              </fieldset>
            )}
          </div>
          <PaidGallery
            q={q}
            images={view.images}
            logo={logos && showLogos}
            {...(view.finisherCards ? { cardsOf: view.eventKey } : {})}
          />
        </section>
      )}
    </>
  );
}
