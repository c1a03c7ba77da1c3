// A download-all flow (SPEC §4 Download, §5, §8): in-app browsers are sent to Chrome/Safari, others confirm the
// image count, then the zip is saved (streamed by the service worker, else built in memory: zip-download.ts) with a
// progress per kind (an order's originals and logo versions each have their own: the is_download flags), and a
// failure opens the Download Error dialog. Used by the order page and by free events' results.
import { useCallback, useState } from 'react';
import { useBusyWhile } from '../busy';
import { isInAppBrowser } from './in-app-browser';
import { downloadZipFile, type ZipEntry } from './zip-download';

/** What one kind of download zips: its entries and the zip's file name. */
export interface ZipJob {
  entries: ZipEntry[];
  fileName: string;
}

export type ZipProgress<K extends string> = Partial<Record<K, { done: number; total: number }>>;

export function useZipDownload<K extends string>(prepare: (kind: K) => ZipJob) {
  const [confirming, setConfirming] = useState<K | undefined>();
  const [inAppOpen, setInAppOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const [progress, setProgress] = useState<ZipProgress<K>>({});
  // A reload into a new version would cut the download off.
  useBusyWhile('download', Object.values(progress).some(Boolean));

  const request = useCallback(
    // The browser is asked at the tap: this hook also renders on the server, which has no navigator.
    (kind: K) => {
      if (isInAppBrowser(navigator.userAgent)) setInAppOpen(true);
      else setConfirming(kind);
    },
    [],
  );

  const start = useCallback(async () => {
    const kind = confirming;
    if (kind === undefined) return;
    setConfirming(undefined);
    const job = prepare(kind);
    const report = (done: number, total: number) =>
      setProgress((shown) => ({ ...shown, [kind]: { done, total } }));
    report(0, job.entries.length);
    try {
      await downloadZipFile(job.fileName, job.entries, report);
    } catch (error) {
      console.warn('zip download failed', error);
      setFailed(true);
    } finally {
      setProgress((shown) => ({ ...shown, [kind]: undefined }));
    }
  }, [confirming, prepare]);

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

export type ZipDownload<K extends string> = ReturnType<typeof useZipDownload<K>>;
