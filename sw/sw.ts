/// <reference lib="webworker" />
// The service worker: wiring only. What is cached and how lives in caching.ts.
import type { PrecacheEntry } from 'workbox-precaching';
import { deleteOldRuntimeCaches, setupImageCache, setupPrecache } from './caching';
import { isPageToWorker, SKIP_WAITING } from './messages';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

setupPrecache(self.__WB_MANIFEST);
setupImageCache();

self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([deleteOldRuntimeCaches(), self.clients.claim()]));
});

self.addEventListener('message', (event) => {
  if (!isPageToWorker(event.data)) return;
  if (event.data.type === SKIP_WAITING) void self.skipWaiting();
});
