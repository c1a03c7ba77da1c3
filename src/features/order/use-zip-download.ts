// The download-all flow of a paid order (SPEC §4 Download, §5, §8): in-app browsers are sent to Chrome/Safari,
// others confirm the image count, then the zip is built with a progress per variant (original and logo each have
// their own), and a failure opens the Download Error dialog.
import { useCallback, useState } from 'react';
import type { PaidImage } from '../../../core/contract/order';
import { isInAppBrowser } from './in-app-browser';
import { buildZip, saveFile } from './zip-download';
import { type ZipVariant, zipEntryNames, zipFileName } from './zip-names';

export type ZipProgress = Partial<Record<ZipVariant, { done: number; total: number }>>;

export function useZipDownload(q: string, images: PaidImage[], userAgent = navigator.userAgent) {
  const [confirming, setConfirming] = useState<ZipVariant | undefined>();
  const [inAppOpen, setInAppOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const [progress, setProgress] = useState<ZipProgress>({});

  const request = useCallback(
    (variant: ZipVariant) => {
      if (isInAppBrowser(userAgent)) setInAppOpen(true);
      else setConfirming(variant);
    },
    [userAgent],
  );

  const start = useCallback(async () => {
    const variant = confirming;
    if (!variant) return;
    setConfirming(undefined);
    const names = zipEntryNames(images, variant);
    const entries = images.map((image, i) => ({
      name: names[i] as string,
      url: variant === 'logo' ? image.image_logo : image.image,
    }));
    const report = (done: number, total: number) =>
      setProgress((shown) => ({ ...shown, [variant]: { done, total } }));
    report(0, entries.length);
    try {
      const zip = await buildZip(entries, { onProgress: report });
      saveFile(zip, zipFileName(q, variant));
    } catch (error) {
      console.warn('zip download failed', error);
      setFailed(true);
    } finally {
      setProgress((shown) => ({ ...shown, [variant]: undefined }));
    }
  }, [confirming, images, q]);

  return {
    request,
    start,
    progress,
    confirming,
    cancelConfirm: () => setConfirming(undefined),
    inAppOpen,
    closeInApp: () => setInAppOpen(false),
    failed,
    closeFailed: () => setFailed(false),
  };
}
