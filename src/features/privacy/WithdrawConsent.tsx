// "Withdraw my face consent", one step after a confirmation (on /privacy and beside the face search): the store
// withdraws this device's consents and deletes its alerts, the device deletes its kept results, alerts and consent
// (withdraw.ts); then it says what was deleted. Offline it says a connection is needed and changes nothing.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Dialog } from '../../lib/ui/Dialog';
import { type WithdrawOutcome, withdrawFaceConsentHere } from './withdraw';
import './privacy.css';

export interface WithdrawConsentProps {
  /** Told once the consent is withdrawn (the face search forgets the results it shows). */
  onWithdrawn?: () => void;
}

export function WithdrawConsent({ onWithdrawn }: WithdrawConsentProps) {
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  const [working, setWorking] = useState(false);
  const [outcome, setOutcome] = useState<WithdrawOutcome | undefined>(undefined);
  // Its live regions are put in once the runner opens the question (before any outcome, so it is announced), and
  // not before: beside the face search they would stand among its own.
  const [used, setUsed] = useState(false);

  const withdraw = async () => {
    setWorking(true);
    try {
      const done = await withdrawFaceConsentHere();
      setOutcome(done);
      if (done.ok) onWithdrawn?.();
    } finally {
      setWorking(false);
      setAsking(false);
    }
  };

  return (
    <div className="withdraw-consent">
      <button
        type="button"
        className="link-button"
        onClick={() => {
          setUsed(true);
          setAsking(true);
        }}
      >
        <Trans>ถอนความยินยอมให้ใช้ใบหน้าของฉัน</Trans>
      </button>
      {used && (
        <div role="status" aria-live="polite">
          {outcome?.ok && (
            <p className="withdraw-consent-outcome">
              <Trans>ถอนความยินยอมแล้ว</Trans>{' '}
              <Plural
                value={outcome.results}
                _0="ไม่มีผลการค้นหาที่เก็บไว้ในเครื่องนี้"
                one="ลบผลการค้นหาที่เก็บไว้ในเครื่องนี้ # งานแล้ว"
                other="ลบผลการค้นหาที่เก็บไว้ในเครื่องนี้ # งานแล้ว"
              />{' '}
              <Plural
                value={outcome.alerts}
                _0="ไม่มีการแจ้งเตือนภาพใหม่ที่ต้องลบ"
                one="ลบการแจ้งเตือนภาพใหม่ # รายการแล้ว"
                other="ลบการแจ้งเตือนภาพใหม่ # รายการแล้ว"
              />{' '}
              <Trans>ระบบจะถามความยินยอมอีกครั้งก่อนค้นหาด้วยใบหน้าครั้งต่อไป</Trans>
            </p>
          )}
        </div>
      )}
      {used && (
        <div role="alert">
          {outcome && !outcome.ok && (
            <p className="alert error withdraw-consent-outcome">
              {outcome.reason === 'offline' ? (
                <Trans>การถอนความยินยอมต้องใช้อินเทอร์เน็ต กรุณาเชื่อมต่อแล้วลองอีกครั้ง ยังไม่มีอะไรถูกลบ</Trans>
              ) : (
                <Trans>ถอนความยินยอมไม่สำเร็จ กรุณาลองใหม่อีกครั้ง ยังไม่มีอะไรถูกลบ</Trans>
              )}
            </p>
          )}
        </div>
      )}
      <Dialog
        open={asking}
        title={t`ถอนความยินยอมให้ใช้ใบหน้าของคุณ?`}
        onCancel={() => setAsking(false)}
        actions={
          <>
            <button type="button" className="button" onClick={() => setAsking(false)}>
              <Trans>ยกเลิก</Trans>
            </button>
            <button
              type="button"
              className="button danger"
              disabled={working}
              onClick={() => void withdraw()}
            >
              <Trans>ถอนความยินยอม</Trans>
            </button>
          </>
        }
      >
        <p>
          <Trans>
            ระบบจะหยุดใช้ใบหน้าจากเซลฟี่ของคุณ ลบการแจ้งเตือนภาพใหม่ที่ทำจากเครื่องนี้ และลบผลการค้นหาที่เก็บไว้ในเครื่องนี้ทุกงาน
            ภาพที่คุณซื้อแล้วยังดาวน์โหลดได้ตามเดิม
          </Trans>
        </p>
      </Dialog>
    </div>
  );
}
