import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useMemo } from 'react';
import type { PaidImage } from '../../../core/contract/order';
import { SaveToPhotos } from '../../lib/save-to-photos/SaveToPhotos';
import { useOffersSaveToPhotos } from '../../lib/save-to-photos/use-offers-save-to-photos';
import { useZipDownload } from '../../lib/zip/use-zip-download';
import { ZipDialogs } from '../../lib/zip/ZipDialogs';
import { progressText, type ZipVariant, zipEntryNames, zipFileName } from '../../lib/zip/zip-names';
import { ORDER_TOASTER } from './order-toaster';

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
  const prepare = useCallback(
    (variant: ZipVariant) => {
      const names = zipEntryNames(images, variant);
      return {
        entries: images.map((image, i) => ({
          name: names[i] as string,
          url: variant === 'logo' ? image.image_logo : image.image,
        })),
        fileName: zipFileName(q, variant),
      };
    },
    [images, q],
  );
  const zip = useZipDownload(prepare);
  const count = images.length;
  const savesToPhotos = useOffersSaveToPhotos();
  const entries = useMemo(
    () => ({ original: prepare('original').entries, logo: prepare('logo').entries }),
    [prepare],
  );
  const saveToPhotos = (variant: ZipVariant) =>
    savesToPhotos && (
      <SaveToPhotos
        entries={entries[variant]}
        label={
          variant === 'logo' ? <Trans>บันทึกภาพโลโก้ลงแอปรูปภาพ</Trans> : <Trans>บันทึกภาพต้นฉบับลงแอปรูปภาพ</Trans>
        }
      />
    );

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
        <>
          {button('original')}
          {saveToPhotos('original')}
        </>
      ) : (
        <p className="order-note">
          <Trans>กำลังเตรียมภาพต้นฉบับ กรุณากดรีเฟรชอีกครั้งในอีกสักครู่</Trans>
        </p>
      )}
      {offerLogos &&
        (logosReady ? (
          <>
            {button('logo')}
            {saveToPhotos('logo')}
          </>
        ) : (
          <p className="order-note">
            <Trans>กำลังเตรียมภาพโลโก้ กรุณากดรีเฟรชอีกครั้งในอีกสักครู่</Trans>
          </p>
        ))}

      <ZipDialogs zip={zip} count={count} toasterId={ORDER_TOASTER} />
    </div>
  );
}
