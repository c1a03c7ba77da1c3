// The zip of a download-all as a stream (SPEC §7): each image is fetched in turn and streamed into client-zip, so
// only the image being read is held, whoever reads the stream (the service worker answering a download address,
// sw/zip-stream.ts, or the page building the zip in memory where no service worker controls it). A failed fetch
// (an expired address, a lost connection) fails the whole zip. No DOM: the service worker and the page share it.
import { downloadZip } from 'client-zip';
import { type ZipEntry, ZipImageError } from '../core/zip-entry';

export interface ZipStreamOptions {
  /** Called with the number of images fully written so far (0 … entries.length). */
  onProgress?: (done: number, total: number) => void;
  fetchImpl?: typeof fetch;
  signal?: AbortSignal;
}

async function* zipInputs(entries: readonly ZipEntry[], options: ZipStreamOptions) {
  const fetchImpl = options.fetchImpl ?? fetch;
  for (const [i, entry] of entries.entries()) {
    // client-zip asks for the next entry only when the previous one is written: i images are done.
    options.onProgress?.(i, entries.length);
    let response: Response;
    try {
      // no-store: a gigabyte of originals has no business in the HTTP cache.
      response = await fetchImpl(entry.url, { signal: options.signal, cache: 'no-store' });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new ZipImageError(entry.url);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new ZipImageError(entry.url, response.status);
    }
    yield { name: entry.name, input: response, lastModified: new Date() };
  }
}

/** How a zip stream ended, for whoever shows its progress. */
export type ZipStreamEnd = { kind: 'finished' } | { kind: 'failed'; error: unknown } | { kind: 'cancelled' };

/**
 * The zip of the entries as a byte stream, built as it is read. `onEnd` is told once how it ended: finished (the
 * last byte was read), failed (an image could not be fetched: the stream errors), or cancelled by its reader (a
 * download cancelled in the browser: the image being fetched is aborted).
 */
export function zipStream(
  entries: readonly ZipEntry[],
  options: ZipStreamOptions & { onEnd?: (end: ZipStreamEnd) => void } = {},
): ReadableStream<Uint8Array> {
  if (entries.length === 0) throw new Error('nothing to zip');
  const abort = new AbortController();
  options.signal?.addEventListener('abort', () => abort.abort(options.signal?.reason), { once: true });
  const body = downloadZip(zipInputs(entries, { ...options, signal: abort.signal })).body;
  if (!body) throw new Error('client-zip gave no body');
  const reader = body.getReader();
  let ended = false;
  const end = (how: ZipStreamEnd) => {
    if (ended) return;
    ended = true;
    options.onEnd?.(how);
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            options.onProgress?.(entries.length, entries.length);
            controller.close();
            end({ kind: 'finished' });
          } else controller.enqueue(value);
        } catch (error) {
          controller.error(error);
          end(abort.signal.aborted ? { kind: 'cancelled' } : { kind: 'failed', error });
        }
      },
      async cancel(reason) {
        abort.abort(reason);
        end({ kind: 'cancelled' });
        await reader.cancel(reason).catch(() => undefined);
      },
    },
    // Nothing is read ahead: an image is fetched only when the reader wants its bytes.
    { highWaterMark: 0 },
  );
}
