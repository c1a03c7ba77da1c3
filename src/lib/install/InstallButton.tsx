// "Install the app": Chromium's own install prompt where the browser offers it; on iPhone and iPad a short how-to
// for Share → Add to Home Screen (and, inside LINE or Facebook, to open the page in Safari first).
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Dialog } from '../ui/Dialog';
import { useInstallOffer } from './install-offer';
import './install.css';

export function InstallButton({ className = 'button' }: { className?: string }) {
  const { t } = useLingui();
  const offer = useInstallOffer();
  const [howTo, setHowTo] = useState(false);
  if (offer.kind === 'none') return null;
  const onClick = () => {
    if (offer.kind === 'prompt') void offer.install();
    else setHowTo(true);
  };
  return (
    <>
      <button type="button" className={className} onClick={onClick}>
        <Trans>ติดตั้งแอป</Trans>
      </button>
      {offer.kind === 'ios-howto' && (
        <Dialog
          open={howTo}
          title={t`เพิ่ม RunFoto ไปยังหน้าจอโฮม`}
          onCancel={() => setHowTo(false)}
          actions={
            <button type="button" className="button primary" onClick={() => setHowTo(false)}>
              <Trans>เข้าใจแล้ว</Trans>
            </button>
          }
        >
          <ol className="install-steps">
            {offer.inAppBrowser && (
              <li>
                <Trans>
                  เปิดหน้านี้ใน Safari: แตะเมนู ⋯ แล้วเลือก "เปิดในเบราว์เซอร์" (แอป LINE และ Facebook
                  เพิ่มไปยังหน้าจอโฮมไม่ได้)
                </Trans>
              </li>
            )}
            <li>
              <Trans>แตะปุ่มแชร์ (สี่เหลี่ยมมีลูกศรชี้ขึ้น) ที่แถบด้านล่างหรือด้านบนของ Safari</Trans>
            </li>
            <li>
              <Trans>เลื่อนลงแล้วแตะ "เพิ่มไปยังหน้าจอโฮม"</Trans>
            </li>
            <li>
              <Trans>แตะ "เพิ่ม" ไอคอน RunFoto จะอยู่บนหน้าจอโฮม เปิดดูคำสั่งซื้อได้แม้ไม่มีสัญญาณ</Trans>
            </li>
          </ol>
        </Dialog>
      )}
    </>
  );
}
