// Keeps the thumbnails of the orders opened on this device (the ordered photos of a waiting order, the paid
// gallery of a paid one), so a kept order reopens offline with its pictures even when browsing has pushed them out
// of the image cache or the buyer never scrolled to them. The order page sends its thumbnails' addresses
// (KEEP_ORDER_IMAGES); the worker fetches those it does not have. Bounded by count: the orders opened least
// recently lose theirs first.
import type { CacheExpiration } from 'workbox-expiration';
import { isPublicStoredAddress, type StoragePlace } from './storage-place';

/** Room for the thumbnails of a few dozen orders. */
export const ORDER_IMAGE_LIMIT = 3000;
const PARALLEL = 4;

export interface OrderImageDeps {
  openCache: () => Promise<Pick<Cache, 'match' | 'put'>>;
  fetch: (url: string) => Promise<Response>;
  expiration: Pick<CacheExpiration, 'updateTimestamp' | 'expireEntries'>;
  origin: string;
  /** Where the public images are (storage-place.ts); a bucket on another origin is fetched in CORS mode. */
  place: StoragePlace;
}

/** Only the store's own public images are kept (never a signed private file, never another site's). */
export function keepableImageUrl(text: string, place: StoragePlace, origin: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text, origin);
  } catch {
    return undefined;
  }
  return isPublicStoredAddress(url, place) ? url.href : undefined;
}

/** Fetches and keeps the images not kept yet; marks every one as just used. Returns how many were fetched. */
export async function keepOrderImages(urls: string[], deps: OrderImageDeps): Promise<number> {
  const wanted = [
    ...new Set(urls.map((u) => keepableImageUrl(u, deps.place, deps.origin)).filter((u) => u !== undefined)),
  ];
  const cache = await deps.openCache();
  let fetched = 0;
  let next = 0;
  const worker = async () => {
    while (next < wanted.length) {
      const url = wanted[next++] as string;
      if (!(await cache.match(url))) {
        const response = await deps.fetch(url).catch(() => undefined);
        if (!response?.ok || !response.headers.get('content-type')?.startsWith('image/')) continue;
        await cache.put(url, response);
        fetched += 1;
      }
      await deps.expiration.updateTimestamp(url);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  await deps.expiration.expireEntries();
  return fetched;
}
