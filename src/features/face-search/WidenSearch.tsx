// "Add another photo of me": under the results, a second selfie (with a cap or sunglasses, from another
// angle) widens the same search: its matches are added to the results, each photo once. Says what the last one did.
import { Plural, Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { SelfieInputs } from './SelfiePicker';
import type { WidenOutcome } from './search-machine';

export interface WidenSearchProps {
  disabled: boolean;
  outcome: WidenOutcome | undefined;
  onFile(file: File): void;
}

export function WidenSearch({ disabled, outcome, onFile }: WidenSearchProps) {
  const titleId = useId();
  return (
    <section className="widen-search" aria-labelledby={titleId}>
      <h3 id={titleId}>
        <Trans>ยังขาดรูปไหนอยู่?</Trans>
      </h3>
      <p>
        <Trans>เพิ่มรูปของคุณอีกรูป เช่น รูปที่ใส่หมวกหรือแว่นกันแดด หรือถ่ายจากมุมอื่น รูปที่พบจะเพิ่มเข้าไปในผลการค้นหานี้</Trans>
      </p>
      <SelfieInputs
        disabled={disabled}
        onFile={onFile}
        pickLabel={<Trans>เพิ่มรูปของฉันอีกรูป</Trans>}
        cameraLabel={<Trans>ถ่ายอีกรูป</Trans>}
      />
      <div role="status" aria-live="polite">
        {outcome && 'added' in outcome && (
          <p className="widen-outcome">
            {outcome.added > 0 ? (
              <Plural value={outcome.added} one="เพิ่มอีก # รูปจากรูปนี้" other="เพิ่มอีก # รูปจากรูปนี้" />
            ) : (
              <Trans>รูปนี้ไม่พบรูปเพิ่มจากที่แสดงอยู่</Trans>
            )}
          </p>
        )}
      </div>
      <div role="alert">
        {outcome && 'failure' in outcome && (
          <p className="alert error">
            {outcome.failure === 'offline' ? (
              <Trans>คุณออฟไลน์อยู่ การค้นหาด้วยใบหน้าต้องใช้อินเทอร์เน็ต กรุณาเชื่อมต่อแล้วเลือกรูปอีกครั้ง</Trans>
            ) : outcome.failure === 'search' ? (
              <Trans>เกิดข้อผิดพลาดจากการค้นหา กรุณาลองใหม่อีกครั้ง</Trans>
            ) : (
              <Trans>เกิดข้อผิดพลาดในการอัปโหลดหรือค้นหา กรุณาลองใหม่อีกครั้ง</Trans>
            )}
          </p>
        )}
      </div>
    </section>
  );
}
