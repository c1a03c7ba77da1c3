import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { PaidImage } from '../../../core/contract/order';
import { Dialog } from '../../lib/ui/Dialog';
import { useCopy } from './use-copy';
import { useZipDownload } from './use-zip-download';
import { progressText, type ZipVariant } from './zip-names';

interface ZipDownloadsProps {
  q: string;
  images: PaidImage[];
  originalsReady: boolean;
  /** Logo versions are offered (not a FREE order); until they are made a note says they are being prepared. */
  offerLogos: boolean;
  logosReady: boolean;
}

/** The download-all buttons with their counts, progress and dialogs (SPEC §2 PAID, §4 Download, §5, §8). */
export function ZipDownloads({ q, images, originalsReady, offerLogos, logosReady }: ZipDownloadsProps) {
  const { t } = useLingui();
  const zip = useZipDownload(q, images);
  const copy = useCopy();
  const count = images.length;

  const button = (variant: ZipVariant) => {
    const running = zip.progress[variant];
    if (running) {
      const percent = progressText(running.done, running.total);
      return (
        <div className="zip-progress" role="status">
          <span>
            {variant === 'logo' ? (
              <Trans>กำลังรวมไฟล์ภาพโลโก้… {percent}%</Trans>
            ) : (
              <Trans>กำลังรวมไฟล์ภาพต้นฉบับ… {percent}%</Trans>
            )}
          </span>
          <progress max={running.total} value={running.done} aria-label={t`ความคืบหน้า ${percent}%`} />
        </div>
      );
    }
    return (
      <button
        type="button"
        className={variant === 'logo' ? 'button' : 'button primary'}
        onClick={() => zip.request(variant)}
      >
        {variant === 'logo' ? (
          <Plural value={count} one="ดาวน์โหลดภาพโลโก้ทั้งหมด (# ภาพ)" other="ดาวน์โหลดภาพโลโก้ทั้งหมด (# ภาพ)" />
        ) : (
          <Plural value={count} one="ดาวน์โหลดภาพต้นฉบับทั้งหมด (# ภาพ)" other="ดาวน์โหลดภาพต้นฉบับทั้งหมด (# ภาพ)" />
        )}
      </button>
    );
  };

  return (
    <div className="zip-downloads">
      {originalsReady ? (
        button('original')
      ) : (
        <p className="order-note">
          <Trans>กำลังเตรียมภาพต้นฉบับ กรุณากดรีเฟรชอีกครั้งในอีกสักครู่</Trans>
        </p>
      )}
      {offerLogos &&
        (logosReady ? (
          button('logo')
        ) : (
          <p className="order-note">
            <Trans>กำลังเตรียมภาพโลโก้ กรุณากดรีเฟรชอีกครั้งในอีกสักครู่</Trans>
          </p>
        ))}

      <Dialog
        open={zip.confirming !== undefined}
        title={<Trans>ดาวน์โหลดภาพทั้งหมด</Trans>}
        onCancel={zip.cancelConfirm}
        actions={
          <>
            <button type="button" className="button" onClick={zip.cancelConfirm}>
              <Trans>ยกเลิก</Trans>
            </button>
            <button type="button" className="button primary" onClick={() => void zip.start()}>
              <Trans>ดาวน์โหลด</Trans>
            </button>
          </>
        }
      >
        <p>
          <Plural
            value={count}
            one="ดาวน์โหลดได้เฉพาะผ่าน Chrome หรือ Safari ต้องการดาวน์โหลดภาพทั้งหมด # ภาพเป็นไฟล์ zip หรือไม่?"
            other="ดาวน์โหลดได้เฉพาะผ่าน Chrome หรือ Safari ต้องการดาวน์โหลดภาพทั้งหมด # ภาพเป็นไฟล์ zip หรือไม่?"
          />
        </p>
      </Dialog>

      <Dialog
        open={zip.inAppOpen}
        title={<Trans>กรุณาเปิดใน Chrome หรือ Safari</Trans>}
        onCancel={zip.closeInApp}
        actions={
          <>
            <button type="button" className="button" onClick={zip.closeInApp}>
              <Trans>ปิด</Trans>
            </button>
            <button type="button" className="button primary" onClick={() => void copy(window.location.href)}>
              <Trans>คัดลอกลิงก์</Trans>
            </button>
          </>
        }
      >
        <p>
          <Trans>
            เบราว์เซอร์ในแอป (เช่น LINE, Facebook, Instagram) ดาวน์โหลดไฟล์ zip ไม่ได้ กรุณาคัดลอกลิงก์นี้ แล้วเปิดใน Chrome
            หรือ Safari เพื่อดาวน์โหลดภาพ
          </Trans>
        </p>
      </Dialog>

      <Dialog
        open={zip.failed}
        tone="error"
        title={<Trans>ดาวน์โหลดผิดพลาด</Trans>}
        onCancel={zip.closeFailed}
        actions={
          <button type="button" className="button primary" onClick={zip.closeFailed}>
            <Trans>ตกลง</Trans>
          </button>
        }
      >
        <p>
          <Trans>ดาวน์โหลดไม่สำเร็จ กรุณาลองใหม่อีกครั้ง</Trans>
        </p>
      </Dialog>
    </div>
  );
}
