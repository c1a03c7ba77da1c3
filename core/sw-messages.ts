// Messages between the page (src/lib/sw-bridge, src/lib/zip/zip-via-worker) and the service worker. Both sides
// import these.
import type { ZipEntry } from './zip-entry';

/** Activate a waiting new version now (workbox-window's messageSkipWaiting sends this). */
export const SKIP_WAITING = 'SKIP_WAITING' as const;
/** A download-all to stream: the worker keeps it until its address is asked for (sw/zip-stream.ts). */
export const ZIP_JOB = 'ZIP_JOB' as const;
/** Sent every few seconds while a zip streams: a message keeps an otherwise idle worker from being stopped. */
export const ZIP_KEEPALIVE = 'ZIP_KEEPALIVE' as const;

/** The order page's thumbnails, to keep for as long as the order is kept on the device (offline reopening). */
export const KEEP_ORDER_IMAGES = 'KEEP_ORDER_IMAGES' as const;
/** Event data a page's first screen came with (inlined by the server): kept as if asked (sw/api-cache.ts). */
export const KEEP_ANSWERS = 'KEEP_ANSWERS' as const;
/** At most this many carried answers in one message (a page's first screen has a handful). */
export const KEEP_ANSWERS_MOST = 20;

export interface CarriedAnswer {
  method: string;
  /** The call's address (its API base included), as the page would have asked it. */
  url: string;
  body?: unknown;
  answer: unknown;
}

/** The worker kept a fresher answer of an event-data call than the one it gave (sw/api-cache.ts). */
export const API_UPDATED = 'API_UPDATED' as const;

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
  | { type: typeof ZIP_KEEPALIVE }
  | { type: typeof KEEP_ORDER_IMAGES; urls: string[] }
  | { type: typeof KEEP_ANSWERS; answers: CarriedAnswer[] };

/** What the worker tells every open page. */
export type WorkerToPage = { type: typeof API_UPDATED; path: string };

/** What the worker tells the page about a zip job, on the MessagePort sent with the job. */
export type ZipReport =
  | { type: 'accepted' }
  | { type: 'started' }
  | { type: 'progress'; done: number; total: number }
  | { type: 'finished' }
  | { type: 'failed'; message: string }
  | { type: 'cancelled' };

const TYPES: ReadonlySet<unknown> = new Set([
  SKIP_WAITING,
  ZIP_JOB,
  ZIP_KEEPALIVE,
  KEEP_ORDER_IMAGES,
  KEEP_ANSWERS,
]);

/** At most this many images per order page's message (an order holds at most a few hundred). */
const MAX_KEPT_IMAGES = 2000;
const isImageList = (urls: unknown): urls is string[] =>
  Array.isArray(urls) && urls.length <= MAX_KEPT_IMAGES && urls.every((u) => typeof u === 'string');

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

const isCarriedAnswers = (answers: unknown): answers is CarriedAnswer[] =>
  Array.isArray(answers) &&
  answers.length <= KEEP_ANSWERS_MOST &&
  answers.every(
    (a: unknown) =>
      typeof a === 'object' &&
      a !== null &&
      ((a as CarriedAnswer).method === 'GET' || (a as CarriedAnswer).method === 'POST') &&
      typeof (a as CarriedAnswer).url === 'string' &&
      (a as CarriedAnswer).url.length <= 2000,
  );

export const isPageToWorker = (data: unknown): data is PageToWorker => {
  if (typeof data !== 'object' || data === null) return false;
  const { type } = data as { type?: unknown };
  if (!TYPES.has(type)) return false;
  if (type === ZIP_JOB) return isZipJob((data as { job?: unknown }).job);
  if (type === KEEP_ORDER_IMAGES) return isImageList((data as { urls?: unknown }).urls);
  if (type === KEEP_ANSWERS) return isCarriedAnswers((data as { answers?: unknown }).answers);
  return true;
};

export const isWorkerToPage = (data: unknown): data is WorkerToPage =>
  typeof data === 'object' &&
  data !== null &&
  (data as { type?: unknown }).type === API_UPDATED &&
  typeof (data as { path?: unknown }).path === 'string';
