// A selfie the store found poor to search with (blurred, dark, turned away, small), said before any search: what is
// wrong and what to do, then the runner's choice: another photo (searched as a new choice) or this one anyway.
import { Trans } from '@lingui/react/macro';
import type { JSX } from 'react';
import type { SelfieProblem } from '../../../core/contract/facesearch';
import { SelfieInputs } from './SelfiePicker';

export interface PoorSelfieProps {
  problem: SelfieProblem;
  disabled: boolean;
  /** Another photo chosen. */
  onFile(file: File): void;
  /** Search with this selfie anyway. */
  onAnyway(): void;
}

function ProblemWords({ problem }: { problem: SelfieProblem }): JSX.Element {
  switch (problem) {
    case 'small':
      return <Trans>ใบหน้าในรูปนี้เล็กเกินไป ใช้รูปเซลฟี่ที่ใบหน้าใหญ่และเต็มกรอบมากขึ้น จะพบรูปของคุณได้ครบกว่า</Trans>;
    case 'turned':
      return <Trans>ใบหน้าในรูปนี้หันออกจากกล้อง ใช้รูปเซลฟี่ที่มองตรงเข้ากล้อง จะพบรูปของคุณได้ครบกว่า</Trans>;
    case 'dark':
      return <Trans>รูปนี้มืดเกินกว่าจะเห็นใบหน้าชัด ถ่ายเซลฟี่ในที่ที่มีแสงสว่างมากขึ้น จะพบรูปของคุณได้ครบกว่า</Trans>;
    case 'blurred':
      return <Trans>รูปนี้เบลอ ถือโทรศัพท์ให้นิ่งแล้วถ่ายเซลฟี่ให้ชัด จะพบรูปของคุณได้ครบกว่า</Trans>;
  }
}

export function PoorSelfie({ problem, disabled, onFile, onAnyway }: PoorSelfieProps): JSX.Element {
  return (
    <div className="poor-selfie alert warning" data-testid="poor-selfie" data-problem={problem}>
      <p role="alert">
        <ProblemWords problem={problem} />
      </p>
      <SelfieInputs
        disabled={disabled}
        onFile={onFile}
        pickLabel={<Trans>เลือกรูปอื่น</Trans>}
        cameraLabel={<Trans>ถ่ายเซลฟี่ใหม่</Trans>}
      />
      <button type="button" className="link-button" disabled={disabled} onClick={onAnyway}>
        <Trans>ค้นหาด้วยรูปนี้ต่อ</Trans>
      </button>
    </div>
  );
}
