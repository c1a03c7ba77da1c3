// What a download-all's zip holds, and how fetching one of its images fails: shapes the page (src/lib/zip) and the
// service worker (sw/zip-entries.ts, sw/zip-stream.ts) share.

export interface ZipEntry {
  /** The entry's name inside the zip (src/lib/zip/zip-names.ts). */
  name: string;
  /** Where the image is fetched from (a signed address for originals and logo versions). */
  url: string;
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
