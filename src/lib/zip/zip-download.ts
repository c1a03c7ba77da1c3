// A download-all's zip (SPEC §7), saved by the browser: streamed by the service worker where one controls the page
// (sw/zip-stream.ts: the download starts at once and memory stays flat), otherwise built in memory from the same
// stream (sw/zip-entries.ts) and saved when whole. The zip code (client-zip) loads only then: pages that offer a
// download-all do not carry it to their first screen.
import type { ZipEntry } from '../../../core/zip-entry';
import type { ZipStreamOptions } from '../../../sw/zip-entries';
import { streamZipThroughWorker } from './zip-via-worker';

export type { ZipEntry } from '../../../core/zip-entry';

/** The zip of the entries as a Blob, held whole in memory. */
export async function buildZip(entries: ZipEntry[], options: ZipStreamOptions = {}): Promise<Blob> {
  const { zipStream } = await import('../../../sw/zip-entries');
  return new Response(zipStream(entries, options)).blob();
}

/** Hands a file to the browser's download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the address; keep it a little for slow browsers, then free the memory.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** How a download-all went: streamed by the service worker, or built in memory; or cancelled in the browser. */
export type ZipDownloadOutcome = 'streamed' | 'in-memory' | 'cancelled';

/** Saves the zip of the entries as `fileName`, reporting images done; throws when it cannot be made. */
export async function downloadZipFile(
  fileName: string,
  entries: ZipEntry[],
  onProgress: (done: number, total: number) => void,
): Promise<ZipDownloadOutcome> {
  const streamed = await streamZipThroughWorker(fileName, entries, { onProgress });
  if (streamed === 'finished') return 'streamed';
  if (streamed === 'cancelled') return 'cancelled';
  const zip = await buildZip(entries, { onProgress });
  saveFile(zip, fileName);
  return 'in-memory';
}
