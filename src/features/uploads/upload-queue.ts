// A photographer's files on their way: each hashed (SHA-256), signed, PUT to the object store with its
// progress, and said done; a few at a time; a failed step tried again after a pause that grows (and at once when the
// device comes back online); a content the event has already is not sent; a link that stopped working stops all.
// No DOM here: the page gives the steps (UploadSteps) and draws the items it is told of.
import { PHOTO_UPLOAD_MAX_BYTES, PHOTO_UPLOAD_TYPES } from '../../../core/contract/uploads';

export type ItemState =
  | { step: 'waiting' }
  | { step: 'hashing' }
  | { step: 'uploading'; loaded: number }
  | { step: 'finishing' }
  /** Received: its import is queued (the photo shows in the event within a minute or so). */
  | { step: 'done' }
  /** The event has this photo already: nothing sent. */
  | { step: 'duplicate' }
  /** A step failed; tried again in `seconds` (attempt of MOST_TRIES). */
  | { step: 'retrying'; attempt: number; seconds: number }
  | { step: 'refused'; reason: 'not-a-photo' | 'too-large' }
  /** Gave up after MOST_TRIES; "try again" starts it over. */
  | { step: 'failed' };

export interface UploadItem {
  id: number;
  file: File;
  state: ItemState;
  sha256?: string;
  /** A file sent in parts (S3): its upload and the ETag of each part sent, kept across retries. */
  multipart?: { uploadId: string; etags: (string | undefined)[] };
}

/** The parts of a file sent in parts, as the store names them when it joins them. */
export interface SentParts {
  upload_id: string;
  size: number;
  parts: { part: number; etag: string }[];
}

type SignAnswer =
  | { url: string }
  | { duplicate_of: number }
  | { multipart: { upload_id: string; part_size: number; urls: string[] } };

/** The store's side of each step (src/lib/api/uploads.ts, src/lib/put-signed.ts), and how to hash and wait. */
export interface UploadSteps {
  hash(file: File): Promise<string>;
  /** With `uploadId`: the addresses of that upload's parts, signed anew. */
  sign(file: File, sha256: string, uploadId?: string): Promise<SignAnswer>;
  /** PUTs the file, or one part of it (`part`); answers the ETag the store gave. */
  put(
    url: string,
    body: Blob,
    onProgress: (loaded: number) => void,
    part: boolean,
  ): Promise<string | undefined>;
  finish(file: File, sha256: string, multipart?: SentParts): Promise<'queued' | 'duplicate'>;
  wait(ms: number): Promise<void>;
  /** The link stopped working (expired or revoked): nothing more can be sent. */
  isLinkGone(error: unknown): boolean;
  /** The store refused this file for good (not the bytes signed for, not a photo): trying again cannot help. */
  isRefusal?(error: unknown): boolean;
}

export const MOST_TRIES = 6;
/** Pauses before each next try (seconds). */
export const RETRY_SECONDS = [2, 5, 10, 20, 40, 60];
/** Files sent at once. */
export const AT_ONCE = 3;

const isPhotoFile = (file: File) =>
  (PHOTO_UPLOAD_TYPES as readonly string[]).includes(file.type) || /\.(jpe?g|png)$/i.test(file.name);

/** SHA-256 of a file, hex, with the browser's own digest. */
export async function sha256Of(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export class UploadQueue {
  private items: UploadItem[] = [];
  private nextId = 1;
  private running = 0;
  private linkGone = false;
  /** Woken to try the waiting retries at once (the device came back online). */
  private wakeRetries: (() => void)[] = [];

  constructor(
    private readonly steps: UploadSteps,
    private readonly onChange: (items: readonly UploadItem[], linkGone: boolean) => void,
    /** Told of each file the store has now (sent, or the event had it). */
    private readonly onSent: (file: File) => void = () => {},
  ) {}

  /** Adds files (what is not a photo, or too large, is refused at once) and starts sending. */
  add(files: readonly File[]): void {
    for (const file of files) {
      const state: ItemState = !isPhotoFile(file)
        ? { step: 'refused', reason: 'not-a-photo' }
        : file.size > PHOTO_UPLOAD_MAX_BYTES
          ? { step: 'refused', reason: 'too-large' }
          : { step: 'waiting' };
      this.items.push({ id: this.nextId++, file, state });
    }
    this.changed();
    this.pump();
  }

  /** Starts the failed ones over (a file sent in parts in a new upload). */
  retryFailed(): void {
    for (const item of this.items)
      if (item.state.step === 'failed') {
        item.state = { step: 'waiting' };
        delete item.multipart;
      }
    this.changed();
    this.pump();
  }

  /** The device is online again: the retries waiting a pause go now. */
  online(): void {
    for (const wake of this.wakeRetries.splice(0)) wake();
  }

  private changed() {
    this.onChange([...this.items], this.linkGone);
  }

  private set(item: UploadItem, state: ItemState) {
    item.state = state;
    this.changed();
  }

  private pump() {
    while (!this.linkGone && this.running < AT_ONCE) {
      const next = this.items.find((i) => i.state.step === 'waiting');
      if (!next) return;
      this.running += 1;
      this.set(next, { step: 'hashing' });
      void this.send(next).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }

  private sendParts(item: UploadItem, multipart: { upload_id: string; part_size: number; urls: string[] }) {
    return sendPartsOf({ set: (i, state) => this.set(i, state), steps: this.steps }, item, multipart);
  }

  private async send(item: UploadItem): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        item.sha256 ??= await this.steps.hash(item.file);
        const signed = await this.steps.sign(item.file, item.sha256, item.multipart?.uploadId);
        if ('duplicate_of' in signed) {
          this.set(item, { step: 'duplicate' });
          this.onSent(item.file);
          return;
        }
        this.set(item, { step: 'uploading', loaded: 0 });
        let parts: SentParts | undefined;
        if ('multipart' in signed) parts = await this.sendParts(item, signed.multipart);
        else
          await this.steps.put(
            signed.url,
            item.file,
            (loaded) => this.set(item, { step: 'uploading', loaded }),
            false,
          );
        this.set(item, { step: 'finishing' });
        const finished = await this.steps.finish(item.file, item.sha256, parts);
        this.set(item, { step: finished === 'duplicate' ? 'duplicate' : 'done' });
        this.onSent(item.file);
        return;
      } catch (error) {
        if (this.steps.isLinkGone(error)) {
          this.linkGone = true;
          this.set(item, { step: 'waiting' });
          return;
        }
        if (attempt >= MOST_TRIES || this.steps.isRefusal?.(error)) {
          this.set(item, { step: 'failed' });
          return;
        }
        const seconds = RETRY_SECONDS[attempt - 1] ?? 60;
        this.set(item, { step: 'retrying', attempt: attempt + 1, seconds });
        await Promise.race([
          this.steps.wait(seconds * 1000),
          new Promise<void>((resolve) => this.wakeRetries.push(resolve)),
        ]);
      }
    }
  }
}

/**
 * The file's parts not sent yet, one after another (a retry sends only those left); answers them all for the store
 * to join.
 */
async function sendPartsOf(
  queue: { set(item: UploadItem, state: ItemState): void; steps: UploadSteps },
  item: UploadItem,
  multipart: { upload_id: string; part_size: number; urls: string[] },
): Promise<SentParts> {
  if (item.multipart?.uploadId !== multipart.upload_id)
    item.multipart = { uploadId: multipart.upload_id, etags: [] };
  const kept = item.multipart;
  const sliceOf = (i: number) => item.file.slice(i * multipart.part_size, (i + 1) * multipart.part_size);
  let before = multipart.urls.reduce((sum, _, i) => sum + (kept.etags[i] ? sliceOf(i).size : 0), 0);
  for (const [i, url] of multipart.urls.entries()) {
    if (kept.etags[i]) continue;
    const slice = sliceOf(i);
    const sent = before;
    const etag = await queue.steps.put(
      url,
      slice,
      (loaded) => queue.set(item, { step: 'uploading', loaded: sent + loaded }),
      true,
    );
    if (!etag)
      throw new Error('the store answered a part without its ETag (the bucket must expose ETag to the page)');
    kept.etags[i] = etag;
    before += slice.size;
  }
  return {
    upload_id: kept.uploadId,
    size: item.file.size,
    parts: multipart.urls.map((_, i) => ({ part: i + 1, etag: kept.etags[i] as string })),
  };
}

/** The bytes sent of all the files that are to be sent (refused ones left out), for the overall bar. */
export function overallProgress(items: readonly UploadItem[]): {
  sent: number;
  total: number;
  files: number;
} {
  let sent = 0;
  let total = 0;
  let files = 0;
  for (const item of items) {
    if (item.state.step === 'refused') continue;
    total += item.file.size;
    const step = item.state.step;
    if (step === 'done' || step === 'duplicate' || step === 'finishing') {
      sent += item.file.size;
      files += step === 'finishing' ? 0 : 1;
    } else if (step === 'uploading') sent += item.state.loaded;
  }
  return { sent, total, files };
}
