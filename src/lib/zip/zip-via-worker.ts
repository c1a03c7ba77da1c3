// The page's side of a streamed download-all (sw/zip-stream.ts): the job goes to the controlling service worker
// with a MessagePort, a hidden frame opens its download address, and the worker's reports drive the progress.
// Answers `unavailable` (nothing started) when no worker controls the page, when it does not take the job (an
// older version still in control), or on the iOS versions whose service-worker downloads are broken.
import {
  ZIP_JOB,
  ZIP_KEEPALIVE,
  ZIP_STREAM_PATH,
  type ZipJob,
  type ZipReport,
} from '../../../core/sw-messages';
import type { ZipEntry } from '../../../core/zip-entry';

export type StreamOutcome = 'unavailable' | 'finished' | 'cancelled';

export class ZipStreamError extends Error {
  override name = 'ZipStreamError';
}

/** How long the worker has to take a job, and then to answer its address, before the page gives up. */
const ACCEPT_MS = 3_000;
const START_MS = 15_000;
/** A message this often keeps the worker alive while it streams (browsers stop workers idle for 30 s). */
const KEEPALIVE_MS = 10_000;

/**
 * iOS 18.2 and 18.3 cut service-worker downloads short (WebKit bug 286060, fixed in 18.4): they build the zip in
 * memory instead. Every other browser with a controlling worker streams (WebKit since Safari 15.4).
 */
export function streamsBrokenIn(userAgent: string): boolean {
  return /\b(?:iPhone|iPad|iPod)\b.*\bOS 18_[23](?!\d)/.test(userAgent);
}

export interface StreamZipOptions {
  onProgress: (done: number, total: number) => void;
  userAgent?: string;
  container?: ServiceWorkerContainer | undefined;
}

export async function streamZipThroughWorker(
  fileName: string,
  entries: ZipEntry[],
  options: StreamZipOptions,
): Promise<StreamOutcome> {
  const container =
    options.container ?? (typeof navigator === 'undefined' ? undefined : navigator.serviceWorker);
  const worker = container?.controller;
  if (!worker || streamsBrokenIn(options.userAgent ?? navigator.userAgent)) return 'unavailable';

  const job: ZipJob = { id: crypto.randomUUID(), fileName, entries };
  const channel = new MessageChannel();
  const reports: ZipReport[] = [];
  let wake: (() => void) | undefined;
  channel.port1.onmessage = (event: MessageEvent<ZipReport>) => {
    reports.push(event.data);
    wake?.();
  };
  /** The next report of one of these types, or undefined after `ms`. */
  const next = (types: ReadonlyArray<ZipReport['type']>, ms?: number) =>
    new Promise<ZipReport | undefined>((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(() => resolve(undefined), ms);
      const look = () => {
        while (reports.length > 0) {
          const report = reports.shift() as ZipReport;
          if (report.type === 'progress') options.onProgress(report.done, report.total);
          if (types.includes(report.type)) {
            clearTimeout(timer);
            wake = undefined;
            resolve(report);
            return;
          }
        }
        wake = look;
      };
      look();
    });

  worker.postMessage({ type: ZIP_JOB, job }, [channel.port2]);
  if (!(await next(['accepted'], ACCEPT_MS))) {
    channel.port1.close();
    return 'unavailable';
  }

  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.title = fileName;
  frame.src = `${ZIP_STREAM_PATH}${job.id}/${encodeURIComponent(fileName)}`;
  document.body.append(frame);
  const keepAlive = setInterval(() => worker.postMessage({ type: ZIP_KEEPALIVE }), KEEPALIVE_MS);
  try {
    if (!(await next(['started'], START_MS)))
      throw new ZipStreamError('the service worker did not start the zip');
    options.onProgress(0, entries.length);
    const end = await next(['finished', 'failed', 'cancelled']);
    if (end?.type === 'failed') throw new ZipStreamError(end.message);
    return end?.type === 'cancelled' ? 'cancelled' : 'finished';
  } finally {
    clearInterval(keepAlive);
    channel.port1.close();
    // The download has its bytes; the frame is no longer needed (a moment later for slow browsers).
    setTimeout(() => frame.remove(), 5_000);
  }
}
