// Builds an order's zip in the browser (SPEC §7): every image is fetched from the object store and streamed into
// client-zip one after the other, so only the image being read and the zip so far are held; progress counts the
// images done. A failed fetch (expired address, lost connection) fails the whole zip.
import { downloadZip } from 'client-zip';

export interface ZipEntry {
  name: string;
  url: string;
}

export interface BuildZipOptions {
  /** Called with the number of images fully read so far (0 … entries.length). */
  onProgress?: (done: number, total: number) => void;
  fetchImpl?: typeof fetch;
  signal?: AbortSignal;
}

export class ZipImageError extends Error {
  constructor(
    readonly url: string,
    readonly httpStatus?: number,
  ) {
    super(`could not fetch ${url}${httpStatus ? `: HTTP ${httpStatus}` : ''}`);
    this.name = 'ZipImageError';
  }
}

async function* zipInputs(entries: ZipEntry[], options: BuildZipOptions) {
  const fetchImpl = options.fetchImpl ?? fetch;
  for (const [i, entry] of entries.entries()) {
    options.onProgress?.(i, entries.length);
    let response: Response;
    try {
      response = await fetchImpl(entry.url, { signal: options.signal });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new ZipImageError(entry.url);
    }
    if (!response.ok) throw new ZipImageError(entry.url, response.status);
    yield { name: entry.name, input: response, lastModified: new Date() };
  }
}

/** The zip of the entries as a Blob. */
export async function buildZip(entries: ZipEntry[], options: BuildZipOptions = {}): Promise<Blob> {
  if (entries.length === 0) throw new Error('nothing to zip');
  const blob = await downloadZip(zipInputs(entries, options)).blob();
  options.onProgress?.(entries.length, entries.length);
  return blob;
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
