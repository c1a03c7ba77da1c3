/// <reference lib="webworker" />
// The service worker: wiring only. What is cached and how lives in caching.ts, api-cache.ts, order-images.ts and
// app-settings.ts; the share target in share-target.ts; download-all zips are streamed by zip-stream.ts; runners'
// alerts of new photos are shown and opened by photo-alerts.ts.
import { CacheExpiration } from 'workbox-expiration';
import type { PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { isPageToWorker, KEEP_ANSWERS, KEEP_ORDER_IMAGES, SKIP_WAITING, ZIP_JOB } from '../core/sw-messages';
import { isEventDataCall, workerApiCache } from './api-cache';
import { appShellHandler, settingsKeeper } from './app-settings';
import {
  APP_SETTINGS_CACHE,
  deleteOldRuntimeCaches,
  EVENT_DATA,
  ORDER_IMAGE_CACHE,
  setupImageCaches,
  setupPrecache,
} from './caching';
import { keepOrderImages, ORDER_IMAGE_LIMIT } from './order-images';
import { alertOfPush, notificationOf, openAt, tappedUrl } from './photo-alerts';
import { receiveShare, SHARE_TARGET_PATH } from './share-target';
import { storagePlace } from './storage-place';
import { zipStreamer } from './zip-stream';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const origin = self.location.origin;
// Where the public images are: /storage here until the kept settings say (a bucket or CDN may be elsewhere).
let place = storagePlace(undefined, origin);
const settings = settingsKeeper({
  openCache: () => caches.open(APP_SETTINGS_CACHE),
  fetch: (url, init) => fetch(url, init),
  onSettings: (kept) => {
    place = storagePlace(kept.storageBase, origin);
  },
});
void settings.kept().catch(() => undefined);
const zips = zipStreamer();
const eventData = workerApiCache(EVENT_DATA, self);
const orderImageExpiration = new CacheExpiration(ORDER_IMAGE_CACHE, { maxEntries: ORDER_IMAGE_LIMIT });

// First: a zip's download address is never the app shell nor a cached file.
registerRoute(
  ({ url, request }) => zips.matches(url, request, origin),
  async ({ url }) => zips.respond(url),
);
registerRoute(
  ({ url }) => url.origin === origin && url.pathname === SHARE_TARGET_PATH,
  ({ request }) => receiveShare(request),
  'POST',
);
for (const method of ['GET', 'POST'] as const) {
  registerRoute(
    ({ url, request }) => isEventDataCall(url, request.method, origin),
    ({ request, event }) => eventData.respond(request, (work) => (event as ExtendableEvent).waitUntil(work)),
    method,
  );
}
setupPrecache(self.__WB_MANIFEST, appShellHandler(settings));
setupImageCaches(() => place);

self.addEventListener('install', (event) => {
  event.waitUntil(settings.refresh());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([deleteOldRuntimeCaches(), settings.refresh(), self.clients.claim()]));
});

// ZIP_KEEPALIVE needs no answer: receiving a message is what keeps a streaming worker from being stopped as idle.
self.addEventListener('message', (event) => {
  if (!isPageToWorker(event.data)) return;
  const message = event.data;
  if (message.type === SKIP_WAITING) void self.skipWaiting();
  else if (message.type === ZIP_JOB && event.ports[0]) zips.accept(message.job, event.ports[0]);
  else if (message.type === KEEP_ANSWERS)
    event.waitUntil(eventData.keepCarried(message.answers, origin).catch(() => undefined));
  else if (message.type === KEEP_ORDER_IMAGES)
    event.waitUntil(
      keepOrderImages(message.urls, {
        openCache: () => caches.open(ORDER_IMAGE_CACHE),
        fetch: (url) => fetch(url),
        expiration: orderImageExpiration,
        origin,
        place,
      }).catch(() => undefined),
    );
});

// A runner's alert of new photos: shown; a tap opens the event with them.
self.addEventListener('push', (event) => {
  const alert = alertOfPush(event.data);
  if (!alert) return;
  event.waitUntil(self.registration.showNotification(...notificationOf(alert)));
});
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openAt(self.clients, tappedUrl(event.notification.data, origin), origin));
});
