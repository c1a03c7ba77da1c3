// Caching of the service worker: the precached app shell, page navigations served from it (offline too),
// and a runtime cache of stored images (covers, thumbnails). Runtime caches are versioned; old ones are
// deleted on activate.
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

export const CACHE_VERSION = 'v1';
export const IMAGE_CACHE = `images-${CACHE_VERSION}`;
const RUNTIME_CACHES = [IMAGE_CACHE];

/** Addresses that are never the app shell: the API, stored objects, and files. */
export const NAVIGATION_DENYLIST = [/^\/api\//, /^\/storage\//, /\/[^/?]+\.[^/?]+$/];

export function setupPrecache(manifest: Array<PrecacheEntry | string>): void {
  precacheAndRoute(manifest);
  cleanupOutdatedCaches();
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }),
  );
}

export function setupImageCache(): void {
  registerRoute(
    ({ request, url }) => request.destination === 'image' && url.pathname.startsWith('/storage/'),
    new CacheFirst({
      cacheName: IMAGE_CACHE,
      plugins: [
        new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
      ],
    }),
  );
}

/** Deletes runtime caches of earlier versions (the precache cleans itself). */
export async function deleteOldRuntimeCaches(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => /^images-/.test(name) && !RUNTIME_CACHES.includes(name))
      .map((name) => caches.delete(name)),
  );
}
