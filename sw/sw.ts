/// <reference lib="webworker" />
// The service worker: wiring only. What is cached and how lives in caching.ts and app-settings.ts; download-all
// zips are streamed by zip-stream.ts.
import type { PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { appShellHandler, settingsKeeper } from './app-settings';
import { APP_SETTINGS_CACHE, deleteOldRuntimeCaches, setupImageCache, setupPrecache } from './caching';
import { isPageToWorker, SKIP_WAITING, ZIP_JOB } from './messages';
import { zipStreamer } from './zip-stream';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const settings = settingsKeeper({
  openCache: () => caches.open(APP_SETTINGS_CACHE),
  fetch: (url, init) => fetch(url, init),
});
const zips = zipStreamer();

// First: a zip's download address is never the app shell nor a cached file.
registerRoute(
  ({ url, request }) => zips.matches(url, request, self.location.origin),
  async ({ url }) => zips.respond(url),
);
setupPrecache(self.__WB_MANIFEST, appShellHandler(settings));
setupImageCache();

self.addEventListener('install', (event) => {
  event.waitUntil(settings.refresh());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([deleteOldRuntimeCaches(), settings.refresh(), self.clients.claim()]));
});

// ZIP_KEEPALIVE needs no answer: receiving a message is what keeps a streaming worker from being stopped as idle.
self.addEventListener('message', (event) => {
  if (!isPageToWorker(event.data)) return;
  if (event.data.type === SKIP_WAITING) void self.skipWaiting();
  else if (event.data.type === ZIP_JOB && event.ports[0]) zips.accept(event.data.job, event.ports[0]);
});
