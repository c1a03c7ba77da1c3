// The terms dialog of SPEC §4 Consent: shown on the first visit to an event, before any selfie is chosen. It says
// plainly how the selfie and face data are used; accepting is remembered per event, declining goes home. Apart
// from the terms, an unticked box asks the explicit consent to process the selfie's face (PDPA section 26): the
// terms can be accepted without it (the event page and the bib search work; the face search asks again when a
// selfie is picked), and with it the consent is kept on the device (privacy/face-consent.ts).
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { PHOTO_RETENTION_DAYS, SELFIE_DELETED_WITHIN_SECONDS } from '../../../core/constants';
import { useDeviceState } from '../../lib/hydration';
import { FaceConsentCheckbox } from '../privacy/FaceConsentCheckbox';
import { giveFaceConsent, hasFaceConsent } from '../privacy/face-consent';
import { hasConsented, rememberConsent } from './consent';
import { useModal, useModalHost } from './use-modal';
import './consent-dialog.css';

/** Whether the dialog shows, and the two answers. */
export function useConsent(eventKey: string) {
  const navigate = useNavigate();
  // The server cannot know: its page has no dialog, which opens as soon as the browser has hydrated it.
  const [open, setOpen] = useDeviceState(() => !hasConsented(eventKey), false);
  const accept = useCallback(
    (faceConsent: boolean) => {
      rememberConsent(eventKey);
      if (faceConsent) giveFaceConsent();
      setOpen(false);
    },
    [eventKey],
  );
  const decline = useCallback(() => void navigate({ to: '/' }), [navigate]);
  return { open, accept, decline };
}

export function ConsentGate({ eventKey }: { eventKey: string }) {
  const { open, accept, decline } = useConsent(eventKey);
  return open ? <ConsentDialog onAccept={accept} onDecline={decline} /> : null;
}

export interface ConsentDialogProps {
  /** The terms accepted; `faceConsent`: the face consent's box was ticked too. */
  onAccept: (faceConsent: boolean) => void;
  onDecline: () => void;
}

export function ConsentDialog({ onAccept, onDecline }: ConsentDialogProps) {
  const { t } = useLingui();
  // A device that already agreed under the current notice is not asked twice; it can withdraw on /privacy.
  const [agreedBefore] = useState(() => hasFaceConsent());
  const [faceConsent, setFaceConsent] = useState(false);
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const host = useModalHost();
  useModal(dialogRef, host);
  const seconds = SELFIE_DELETED_WITHIN_SECONDS;
  const days = PHOTO_RETENTION_DAYS;

  return createPortal(
    <div className="modal-backdrop">
      <div
        ref={dialogRef}
        className="modal consent-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
      >
        <h2 id={titleId}>
          <Trans>ก่อนค้นหาภาพด้วยใบหน้า</Trans>
        </h2>
        <div id={bodyId} className="consent-terms">
          <p>
            <Trans>
              เมื่อคุณอัปโหลดรูปเซลฟี่ ระบบจะแปลงใบหน้าในรูปเป็นชุดตัวเลข (ข้อมูลใบหน้า) แล้วเทียบกับใบหน้าในภาพของงานนี้เท่านั้น
              เพื่อหาภาพที่มีคุณอยู่
            </Trans>
          </p>
          <ul>
            <li>
              <Trans>รูปเซลฟี่ถูกลบออกจากระบบทันทีที่ค้นหาเสร็จ และไม่เกิน {seconds} วินาทีหลังอัปโหลด</Trans>
            </li>
            <li>
              <Trans>ข้อมูลใบหน้าจากเซลฟี่ไม่ถูกเก็บไว้ ไม่ใช้กับงานอื่น และไม่ขายหรือส่งต่อให้ผู้อื่น</Trans>
            </li>
            <li>
              <Trans>ภาพของงานถ่ายโดยช่างภาพของงาน และเก็บไว้ประมาณ {days} วันหลังวันจัดงาน</Trans>
            </li>
            <li>
              <a href="/privacy" target="_blank" rel="noopener">
                <Trans>ประกาศความเป็นส่วนตัว: ข้อมูลที่เก็บ เก็บนานเท่าไร และสิทธิของคุณ</Trans>
              </a>
              <span className="visually-hidden"> {t`(เปิดในแท็บใหม่)`}</span>
            </li>
            <li>
              <Link to="/how-face-search-works" target="_blank" rel="noopener">
                <Trans>การค้นหาด้วยใบหน้าทำงานอย่างไร และแม่นยำแค่ไหน</Trans>
              </Link>
              <span className="visually-hidden"> {t`(เปิดในแท็บใหม่)`}</span>
            </li>
          </ul>
          <p>
            <Trans>
              การกด “ยอมรับ” หมายถึงคุณยอมรับ{' '}
              <Link to="/terms-of-use" hash="face-data" target="_blank" rel="noopener">
                ข้อกำหนดการใช้งานและนโยบายข้อมูลส่วนบุคคล
              </Link>{' '}
              ส่วนความยินยอมให้ใช้ใบหน้าของคุณแยกจากข้อกำหนดนี้
            </Trans>
            <span className="visually-hidden"> {t`(เปิดในแท็บใหม่)`}</span>
          </p>
        </div>
        {agreedBefore ? (
          <p className="face-consent-given">
            <Trans>
              คุณยินยอมให้ใช้ใบหน้าจากเซลฟี่ค้นหาภาพไว้แล้ว ถอนได้ที่{' '}
              <a href="/privacy" target="_blank" rel="noopener">
                ประกาศความเป็นส่วนตัว
              </a>
            </Trans>
          </p>
        ) : (
          <FaceConsentCheckbox checked={faceConsent} onChange={setFaceConsent} newTab />
        )}
        <div className="modal-actions">
          <button type="button" className="button" onClick={onDecline}>
            <Trans>ไม่ยอมรับ กลับหน้าแรก</Trans>
          </button>
          <button type="button" className="button primary" onClick={() => onAccept(faceConsent)}>
            <Trans>ยอมรับ</Trans>
          </button>
        </div>
      </div>
    </div>,
    host,
  );
}
