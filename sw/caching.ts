// Caching of the service worker: the precached app shell, page navigations served from it (offline too) with
// the kept run-time settings (app-settings.ts), and a runtime cache of stored images (covers, thumbnails).
// Runtime caches are versioned; old ones are deleted on activate.
import type { RouteHandlerCallback } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

export const CACHE_VERSION = 'v1';
export const IMAGE_CACHE = `images-${CACHE_VERSION}`;
/** The last /app-settings.json the server gave (sw/app-settings.ts). */
export const APP_SETTINGS_CACHE = `app-settings-${CACHE_VERSION}`;
const RUNTIME_CACHES = [IMAGE_CACHE, APP_SETTINGS_CACHE];
const RUNTIME_CACHE_NAME = /^(images|app-settings)-/;

/** Addresses that are never the app shell: the API, stored objects, streamed zips (zip-stream.ts), and files. */
export const NAVIGATION_DENYLIST = [/^\/api\//, /^\/storage\//, /^\/zip-stream\//, /\/[^/?]+\.[^/?]+$/];

/** Precaches the build and answers page navigations with `appShell` (the precached index.html, settings inlined). */
export function setupPrecache(manifest: Array<PrecacheEntry | string>, appShell: RouteHandlerCallback): void {
  precacheAndRoute(manifest);
  cleanupOutdatedCaches();
  registerRoute(new NavigationRoute(appShell, { denylist: NAVIGATION_DENYLIST }));
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
      .filter((name) => RUNTIME_CACHE_NAME.test(name) && !RUNTIME_CACHES.includes(name))
      .map((name) => caches.delete(name)),
  );
}
