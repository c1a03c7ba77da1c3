// Save to Photos on iPhone and iPad: Safari saves a zip to the Files app, never to Photos, but its share sheet
// offers "Save N Images" for image files handed to navigator.share. The photos go in batches the share sheet
// takes (a few originals at a time: it holds them all in memory), each batch shared from its own tap (share needs
// the tap; fetching first would lose it), so a batch's files are fetched before its button can be pressed.
import type { ZipEntry } from '../../../core/zip-entry';

/** Photos per share: small enough for the share sheet to hold a batch of full-size originals. */
export const SHARE_BATCH_SIZE = 10;

/** iPhone, iPod, or iPad (which says "Macintosh" since iPadOS 13 and is told apart by its touch screen). */
export function isAppleMobile(userAgent: string, maxTouchPoints: number): boolean {
  if (/\b(?:iPhone|iPad|iPod)\b/.test(userAgent)) return true;
  return /\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1;
}

/** Whether this browser's share sheet takes image files. */
export function canShareImages(nav: Pick<Navigator, 'canShare' | 'share'> | undefined = navigator): boolean {
  if (!nav || typeof nav.share !== 'function' || typeof nav.canShare !== 'function') return false;
  try {
    return nav.canShare({
      files: [new File([new Uint8Array([0xff, 0xd8])], 'test.jpg', { type: 'image/jpeg' })],
    });
  } catch {
    return false;
  }
}

/** Whether to offer Save to Photos here: an Apple phone or tablet whose share sheet takes image files. */
export const offersSaveToPhotos = (
  nav: Pick<Navigator, 'canShare' | 'share' | 'userAgent' | 'maxTouchPoints'> = navigator,
): boolean => isAppleMobile(nav.userAgent, nav.maxTouchPoints) && canShareImages(nav);

/** The entries cut into batches of `size`, in order. */
export function batchesOf<T>(items: readonly T[], size = SHARE_BATCH_SIZE): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

export class PhotoFetchError extends Error {
  override name = 'PhotoFetchError';
}

/** The batch's images as files named as in the zip (JPEG unless the server says otherwise). */
export async function fetchBatch(
  entries: readonly ZipEntry[],
  fetchImpl: typeof fetch = fetch,
): Promise<File[]> {
  const files: File[] = [];
  for (const entry of entries) {
    let response: Response;
    try {
      response = await fetchImpl(entry.url, { cache: 'no-store' });
    } catch {
      throw new PhotoFetchError(`could not fetch ${entry.url}`);
    }
    if (!response.ok) throw new PhotoFetchError(`could not fetch ${entry.url}: HTTP ${response.status}`);
    const blob = await response.blob();
    const type = blob.type.startsWith('image/') ? blob.type : 'image/jpeg';
    files.push(new File([blob], entry.name, { type }));
  }
  return files;
}
