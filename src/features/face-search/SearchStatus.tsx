// What the search is doing, and the spec's messages (SPEC §8): the file-type info, the 5 s size warning, the
// upload progress bar, searching (or, while the server is busy, when it will be asked again), nothing found (with
// the admin contact), and the two errors. A search by bib (issue 36) says its bib.
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { appSettings } from '../../lib/app-settings';
import { ContactLink, canContactSupport } from '../../lib/ui/ContactLink';
import { SupportChannels } from '../../lib/ui/SupportChannels';
import type { SearchState } from './search-machine';

/** The busy server's wait, counted down each second until the search is asked again. */
function BusyWait({ seconds }: { seconds: number }) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    const timer = setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return (
    <p className="search-progress-text search-busy">
      <span className="search-spinner" aria-hidden="true" />
      <Trans>ขณะนี้มีผู้ค้นหาพร้อมกันจำนวนมาก จะค้นหาให้อีกครั้งใน {left} วินาที รูปของคุณอัปโหลดแล้ว ไม่ต้องเลือกใหม่</Trans>
    </p>
  );
}

export function SearchStatus({ state }: { state: SearchState }) {
  const { t } = useLingui();
  const current = state.current;
  const percent = current.step === 'uploading' ? current.percent : 0;
  const faces = state.selfieFaces;
  const bib = state.bib;
  return (
    <div className="search-status">
      <div role="status" aria-live="polite">
        {state.wrongType && (
          <p className="alert info">
            <Trans>กรุณาใช้ไฟล์ jpg หรือ png เท่านั้น</Trans>
          </p>
        )}
        {current.step === 'preparing' && (
          <p className="search-progress-text">
            <span className="search-spinner" aria-hidden="true" />
            <Trans>กำลังเตรียมรูป…</Trans>
          </p>
        )}
        {current.step === 'uploading' && (
          <div className="search-upload">
            <p className="search-progress-text">
              <Trans>กำลังอัปโหลด {percent}%</Trans>
            </p>
            <progress
              className="search-progress"
              max={100}
              value={percent}
              aria-label={t`ความคืบหน้าการอัปโหลด`}
            />
          </div>
        )}
        {current.step === 'searching' && !current.busy && (
          <p className="search-progress-text">
            <span className="search-spinner" aria-hidden="true" />
            {bib ? <Trans>กำลังค้นหารูปของหมายเลขบิบ {bib}…</Trans> : <Trans>กำลังค้นหารูปของคุณ…</Trans>}
          </p>
        )}
        {current.step === 'searching' && current.busy && <BusyWait seconds={current.busy.seconds} />}
        {faces !== undefined && faces > 1 && current.step !== 'error' && (
          <p className="alert info selfie-faces">
            <Trans>รูปนี้มี {faces} ใบหน้า ระบบค้นหาด้วยใบหน้าที่ใหญ่ที่สุดในรูป ถ้าผลที่ได้ไม่ใช่คุณ ลองใช้รูปที่มีแค่ใบหน้าของคุณ</Trans>
          </p>
        )}
        {current.step === 'not-found' && (
          <div className="alert info search-not-found">
            <p>
              {bib ? (
                <Trans>ไม่พบรูปของหมายเลขบิบ {bib} ในงานนี้ บิบอาจถูกบังหรือรูปยังอัปโหลดไม่ครบ ลองค้นหาด้วยรูปเซลฟี่</Trans>
              ) : faces === 0 ? (
                <Trans>ไม่พบใบหน้าในรูปนี้ กรุณาใช้รูปที่เห็นใบหน้าของคุณชัดเจน หันหน้าตรงกล้อง ไม่ใส่แว่นกันแดดหรือหน้ากาก</Trans>
              ) : (
                <Trans>ไม่พบรูปภาพ ลองใช้รูปอื่นที่เห็นใบหน้าชัดเจนเพียงหน้าเดียว</Trans>
              )}
            </p>
            {canContactSupport() && (
              <>
                <p>
                  <Trans>
                    ยังหาไม่เจอ? <ContactLink>ติดต่อแอดมินให้ช่วยหารูป</ContactLink> โดยส่งชื่องานวิ่ง เลขบิบ
                    เวลาโดยประมาณที่ผ่านจุดถ่ายภาพ สีเสื้อที่ใส่ และรูปเซลฟี่ที่เห็นหน้าชัด
                  </Trans>
                </p>
                <SupportChannels support={appSettings.support} />
              </>
            )}
          </div>
        )}
      </div>
      <div role="alert">
        {state.sizeWarning && (
          // One thing said (issue 35): the photo is made smaller on the phone and the search goes on.
          <p className="alert info">
            <Trans>รูปนี้ใหญ่กว่า 5MB ระบบย่อขนาดให้อัตโนมัติแล้ว ไม่ต้องทำอะไรเพิ่ม</Trans>
          </p>
        )}
        {current.step === 'error' && (
          <p className="alert error">
            {current.failure === 'search' ? (
              <Trans>เกิดข้อผิดพลาดจากการค้นหา กรุณาลองใหม่อีกครั้ง</Trans>
            ) : current.failure === 'offline' ? (
              <Trans>คุณออฟไลน์อยู่ การค้นหาด้วยใบหน้าต้องใช้อินเทอร์เน็ต กรุณาเชื่อมต่อแล้วเลือกรูปอีกครั้ง</Trans>
            ) : (
              <Trans>เกิดข้อผิดพลาดในการอัปโหลดหรือค้นหา กรุณาลองใหม่อีกครั้ง</Trans>
            )}
          </p>
        )}
      </div>
    </div>
  );
}
