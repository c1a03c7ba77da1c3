/// <reference lib="webworker" />
// The service worker: wiring only. What is cached and how lives in caching.ts and app-settings.ts.
import type { PrecacheEntry } from 'workbox-precaching';
import { appShellHandler, settingsKeeper } from './app-settings';
import { APP_SETTINGS_CACHE, deleteOldRuntimeCaches, setupImageCache, setupPrecache } from './caching';
import { isPageToWorker, SKIP_WAITING } from './messages';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const settings = settingsKeeper({
  openCache: () => caches.open(APP_SETTINGS_CACHE),
  fetch: (url, init) => fetch(url, init),
});

setupPrecache(self.__WB_MANIFEST, appShellHandler(settings));
setupImageCache();

self.addEventListener('install', (event) => {
  event.waitUntil(settings.refresh());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([deleteOldRuntimeCaches(), settings.refresh(), self.clients.claim()]));
});

self.addEventListener('message', (event) => {
  if (!isPageToWorker(event.data)) return;
  if (event.data.type === SKIP_WAITING) void self.skipWaiting();
});
