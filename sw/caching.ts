// Caching of the service worker: the precached app shell (fonts included), page navigations served from it (offline
// too) with the kept run-time settings (app-settings.ts), event data (api-cache.ts), stored images, and the
// thumbnails of orders kept on the device.
// Every runtime cache has its own version in its name; on activate, caches of this worker's families whose name is
// not a current one are deleted (the precache cleans itself).
import type { RouteHandlerCallback } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import type { ApiCacheConfig } from './api-cache';
import { isPublicStoredAddress, type StoragePlace } from './storage-place';

/** Covers, banners and thumbnails: small, many. */
export const IMAGE_CACHE = 'images-v2';
/** The lightbox's previews (about 1200 px): large, so fewer and for less long. */
export const PREVIEW_CACHE = 'previews-v1';
/** Thumbnails of the orders kept on this device: never pushed out by browsing (sw/order-images.ts). */
export const ORDER_IMAGE_CACHE = 'order-images-v1';
/** The last /app-settings.json the server gave (sw/app-settings.ts). */
export const APP_SETTINGS_CACHE = 'app-settings-v1';
export const EVENT_DATA: ApiCacheConfig = {
  cacheName: 'event-data-v1',
  maxEntries: 300,
  maxAgeSeconds: 60 * 24 * 3600,
  freshSeconds: 5 * 60,
  networkTimeoutMs: 4000,
};
const RUNTIME_CACHES = [
  IMAGE_CACHE,
  PREVIEW_CACHE,
  ORDER_IMAGE_CACHE,
  APP_SETTINGS_CACHE,
  EVENT_DATA.cacheName,
];
const RUNTIME_CACHE_NAME = /^(images|previews|order-images|app-settings|event-data)-v\d+$/;

/** Addresses that are never the app shell: the API, stored objects, streamed zips (zip-stream.ts), and files. */
export const NAVIGATION_DENYLIST = [
  /^\/api\//,
  /^\/storage\//,
  /^\/zip-stream\//,
  /^\/share-target$/,
  /\/[^/?]+\.[^/?]+$/,
];

/** Precaches the build and answers page navigations with `appShell` (the precached index.html, settings inlined). */
export function setupPrecache(manifest: Array<PrecacheEntry | string>, appShell: RouteHandlerCallback): void {
  precacheAndRoute(manifest);
  cleanupOutdatedCaches();
  registerRoute(new NavigationRoute(appShell, { denylist: NAVIGATION_DENYLIST }));
}

/** Public stored images as pages show them; signed private files (originals, logo versions) are never kept. */
export const isPublicStoredImage = (url: URL, request: Request, place: StoragePlace) =>
  request.destination === 'image' && isPublicStoredAddress(url, place);

/**
 * The request the worker makes for a stored image on another origin: in CORS mode without credentials (the bucket
 * allows its GET), so the answer is readable and kept as itself, never as an opaque answer (which browsers count as
 * megabytes of quota each). A page's plain <img> may be answered with it.
 */
export const corsImageRequest = (request: Request): Request =>
  new Request(request.url, { mode: 'cors', credentials: 'omit' });

export const isPreview = (url: URL) => /\/preview\/[^/]+$/.test(url.pathname);

/**
 * Stored images (wherever the settings place them, storage-place.ts), cache first: an order's kept thumbnail from its own cache, previews in a small cache, the rest
 * (covers, banners, thumbnails) in a larger one; each expires by count and age.
 */
export function setupImageCaches(place: () => StoragePlace): void {
  const thumbnails = new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [
      new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  });
  const previews = new CacheFirst({
    cacheName: PREVIEW_CACHE,
    plugins: [
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  });
  registerRoute(
    ({ url, request }) => isPublicStoredImage(url, request, place()),
    async (options) => {
      const kept = await caches.open(ORDER_IMAGE_CACHE).then((cache) => cache.match(options.request));
      if (kept) return kept;
      const strategy = isPreview(options.url) ? previews : thumbnails;
      if (!place().crossOrigin) return strategy.handle(options);
      try {
        return await strategy.handle({ ...options, request: corsImageRequest(options.request) });
      } catch {
        // A bucket that refuses CORS: the page still gets its image, only it is not kept.
        return fetch(options.request);
      }
    },
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
