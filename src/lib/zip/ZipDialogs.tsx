// The dialogs of a download-all (SPEC §5, §8): the confirmation with the image count, the request to open the page
// in Chrome or Safari from an in-app browser (with the link to copy), and "Download Error".
import { Plural, Trans } from '@lingui/react/macro';
import { Dialog } from '../ui/Dialog';
import { useCopy } from './use-copy';
import type { ZipDownload } from './use-zip-download';

interface ZipDialogsProps<K extends string> {
  zip: ZipDownload<K>;
  /** Images the confirmed zip will hold. */
  count: number;
  /** The toaster the copy toasts go to (the shell's when none is named). */
  toasterId?: string;
}

export function ZipDialogs<K extends string>({ zip, count, toasterId }: ZipDialogsProps<K>) {
  const copy = useCopy(toasterId);
  return (
    <>
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
    </>
  );
}
