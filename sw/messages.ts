// Messages between the page (src/lib/sw-bridge, src/lib/zip/zip-via-worker) and the service worker. Both sides
// import these.
import type { ZipEntry } from './zip-entries';

/** Activate a waiting new version now (workbox-window's messageSkipWaiting sends this). */
export const SKIP_WAITING = 'SKIP_WAITING' as const;
/** A download-all to stream: the worker keeps it until its address is asked for (sw/zip-stream.ts). */
export const ZIP_JOB = 'ZIP_JOB' as const;
/** Sent every few seconds while a zip streams: a message keeps an otherwise idle worker from being stopped. */
export const ZIP_KEEPALIVE = 'ZIP_KEEPALIVE' as const;

/** Where the worker answers a zip job's download: /zip-stream/{job id}/{zip file name}. */
export const ZIP_STREAM_PATH = '/zip-stream/';

export interface ZipJob {
  id: string;
  fileName: string;
  entries: ZipEntry[];
}

export type PageToWorker =
  | { type: typeof SKIP_WAITING }
  | { type: typeof ZIP_JOB; job: ZipJob }
  | { type: typeof ZIP_KEEPALIVE };

/** What the worker tells the page about a zip job, on the MessagePort sent with the job. */
export type ZipReport =
  | { type: 'accepted' }
  | { type: 'started' }
  | { type: 'progress'; done: number; total: number }
  | { type: 'finished' }
  | { type: 'failed'; message: string }
  | { type: 'cancelled' };

const TYPES: ReadonlySet<unknown> = new Set([SKIP_WAITING, ZIP_JOB, ZIP_KEEPALIVE]);

const isZipJob = (job: unknown): job is ZipJob => {
  if (typeof job !== 'object' || job === null) return false;
  const { id, fileName, entries } = job as Partial<ZipJob>;
  return (
    typeof id === 'string' &&
    /^[\w-]{8,64}$/.test(id) &&
    typeof fileName === 'string' &&
    fileName.length > 0 &&
    Array.isArray(entries) &&
    entries.length > 0 &&
    entries.every(
      (e: unknown) =>
        typeof e === 'object' &&
        e !== null &&
        typeof (e as ZipEntry).name === 'string' &&
        typeof (e as ZipEntry).url === 'string',
    )
  );
};

export const isPageToWorker = (data: unknown): data is PageToWorker => {
  if (typeof data !== 'object' || data === null) return false;
  const { type } = data as { type?: unknown };
  if (!TYPES.has(type)) return false;
  return type !== ZIP_JOB || isZipJob((data as { job?: unknown }).job);
};
