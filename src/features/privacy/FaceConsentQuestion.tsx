// The face consent asked when it is needed: a runner who accepted the event's terms without it (or whose consent the
// store no longer takes) picks a selfie, and is asked here, with the same unticked box, before anything is sent.
// `ask()` answers the consent given, or undefined when the runner chose not to.
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import type { FaceConsent } from '../../../core/contract/privacy';
import { Dialog } from '../../lib/ui/Dialog';
import { FaceConsentCheckbox } from './FaceConsentCheckbox';
import { giveFaceConsent } from './face-consent';

export function useFaceConsentQuestion() {
  const [pending, setPending] = useState<((consent: FaceConsent | undefined) => void) | undefined>(undefined);
  const ask = useCallback(
    () =>
      new Promise<FaceConsent | undefined>((resolve) => {
        setPending(() => (consent: FaceConsent | undefined) => {
          setPending(undefined);
          resolve(consent);
        });
      }),
    [],
  );
  return {
    open: pending !== undefined,
    ask,
    answer: (consent: FaceConsent | undefined) => pending?.(consent),
  };
}

export interface FaceConsentQuestionProps {
  open: boolean;
  /** The event offers a search by bib number: said as what works without the consent. */
  bibSearch: boolean;
  onAnswer(consent: FaceConsent | undefined): void;
}

export function FaceConsentQuestion({ open, bibSearch, onAnswer }: FaceConsentQuestionProps) {
  const { t } = useLingui();
  const [agreed, setAgreed] = useState(false);
  const answer = (consent: FaceConsent | undefined) => {
    setAgreed(false);
    onAnswer(consent);
  };
  return (
    <Dialog
      open={open}
      title={t`ค้นหาภาพด้วยใบหน้าของคุณ?`}
      onCancel={() => answer(undefined)}
      actions={
        <>
          <button type="button" className="button" onClick={() => answer(undefined)}>
            <Trans>ไม่ใช่ตอนนี้</Trans>
          </button>
          <button
            type="button"
            className="button primary"
            disabled={!agreed}
            onClick={() => answer(giveFaceConsent())}
          >
            <Trans>ค้นหาด้วยใบหน้า</Trans>
          </button>
        </>
      }
    >
      <p>
        <Trans>ระบบจะแปลงใบหน้าในรูปเซลฟี่เป็นชุดตัวเลข แล้วเทียบกับใบหน้าในภาพของงานนี้ รูปเซลฟี่ถูกลบทันทีที่ค้นหาเสร็จ</Trans>
      </p>
      <FaceConsentCheckbox checked={agreed} onChange={setAgreed} newTab />
      <p className="face-consent-notice">
        {bibSearch ? (
          <Trans>ถ้าไม่ยินยอม คุณยังดูภาพไฮไลต์และค้นหาภาพด้วยหมายเลขบิบได้</Trans>
        ) : (
          <Trans>ถ้าไม่ยินยอม คุณยังดูภาพไฮไลต์ของงานนี้ได้</Trans>
        )}
      </p>
    </Dialog>
  );
}
