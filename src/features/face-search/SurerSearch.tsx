// Offered when a selfie's results are mostly "maybe you": a second selfie of the runner, searched together with the
// first (their faces averaged, judged at a stricter score: measured surer, and finding more, than one selfie).
import { Trans } from '@lingui/react/macro';
import { type JSX, useId } from 'react';
import { SelfieInputs } from './SelfiePicker';

export interface SurerSearchProps {
  disabled: boolean;
  onFile(file: File): void;
}

/** Whether results are mostly "maybe you": more photos there than photos of you. */
export const mostlyMaybe = (photos: number, maybe: number): boolean => maybe > photos;

export function SurerSearch({ disabled, onFile }: SurerSearchProps): JSX.Element {
  const titleId = useId();
  return (
    <section className="surer-search" aria-labelledby={titleId} data-testid="surer-search">
      <h3 id={titleId}>
        <Trans>ไม่แน่ใจว่ารูปเหล่านี้คือคุณ?</Trans>
      </h3>
      <p>
        <Trans>เพิ่มเซลฟี่อีกรูปจากอีกมุมหนึ่ง แล้วเราจะค้นหาด้วยทั้งสองรูปพร้อมกัน ผลจะแม่นยำขึ้น</Trans>
      </p>
      <SelfieInputs
        disabled={disabled}
        onFile={onFile}
        pickLabel={<Trans>เลือกเซลฟี่อีกรูป</Trans>}
        cameraLabel={<Trans>ถ่ายเซลฟี่อีกรูป</Trans>}
      />
    </section>
  );
}
