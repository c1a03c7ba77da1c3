// The explicit, separate choice of PDPA section 26: an unticked box the runner ticks themselves to have their
// selfie's face processed, naming the privacy notice's version (and linking to it) beside it.
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { PRIVACY_NOTICE_VERSION } from '../../../core/privacy';
import './privacy.css';

export interface FaceConsentCheckboxProps {
  checked: boolean;
  onChange(checked: boolean): void;
  /** The notice opens in a new tab (from a dialog, so what the runner was doing stays). */
  newTab?: boolean;
}

export function FaceConsentCheckbox({ checked, onChange, newTab = false }: FaceConsentCheckboxProps) {
  const { t } = useLingui();
  const id = useId();
  const version = PRIVACY_NOTICE_VERSION;
  return (
    <div className="face-consent">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <div>
        <label htmlFor={id}>
          <Trans>ฉันยินยอมให้ระบบประมวลผลใบหน้าในรูปเซลฟี่ของฉัน เพื่อค้นหาภาพของฉัน</Trans>
        </label>
        <p className="face-consent-notice">
          <Trans>
            ตาม
            <a href="/privacy" {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}>
              ประกาศความเป็นส่วนตัว
            </a>{' '}
            ฉบับ {version} ถอนความยินยอมได้ทุกเมื่อ
          </Trans>
          {newTab && <span className="visually-hidden"> {t`(เปิดในแท็บใหม่)`}</span>}
        </p>
      </div>
    </div>
  );
}
