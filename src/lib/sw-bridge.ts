// The page's side of the service worker: registration, update hand-over, messages (types in core/sw-messages.ts).
import type { Workbox } from 'workbox-window';
import {
  isWorkerToPage,
  KEEP_ANSWERS,
  KEEP_ORDER_IMAGES,
  type PageToWorker,
  type WorkerToPage,
} from '../../core/sw-messages';
import { afterFirstScreen } from './after-first-screen';
import { API_BASE } from './api/client';
import { takenFirstScreenAnswers } from './api/first-screen';

/** An installed app can stay open for days: it looks for a new version this often, and when it comes into view. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker in production builds, once the first screen has been shown (its library and the
 * worker's precaching would compete with it). `onUpdateReady` is called when a new version waits; calling the
 * function it receives activates it and reloads the page into it.
 */
export function registerServiceWorker(onUpdateReady: (apply: () => Promise<void>) => void): () => void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return () => undefined;
  let stop: (() => void) | undefined;
  let stopped = false;
  void afterFirstScreen()
    .then(() => import('workbox-window'))
    .then(({ Workbox }) => {
      if (!stopped) stop = register(new Workbox('/sw.js', { scope: '/' }), onUpdateReady);
    })
    .catch((error) => console.warn('service worker not registered', error));
  return () => {
    stopped = true;
    stop?.();
  };
}

function register(wb: Workbox, onUpdateReady: (apply: () => Promise<void>) => void): () => void {
  wb.addEventListener('waiting', () => {
    onUpdateReady(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      // Another tab may have activated it already: this page is then controlled by it, and only has to reload.
      if (!registration?.waiting) {
        window.location.reload();
        return;
      }
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting(); // posts core/sw-messages' SKIP_WAITING to the waiting worker
    });
  });
  // A browser may refuse (a private window, a blocked worker): the page works without one.
  wb.register()
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => keepCarriedAnswers(registration.active))
    .catch((error: unknown) => console.warn('service worker not registered', error));
  const check = () => {
    if (document.visibilityState === 'visible') void wb.update().catch(() => undefined);
  };
  const timer = window.setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', check);
  return () => {
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', check);
  };
}

/**
 * The event data this page's first screen came with (inlined by the server, never asked of the API), handed to the
 * worker to keep as if it had been asked: the events a runner opened reopen offline (sw/api-cache.ts).
 */
function keepCarriedAnswers(worker: ServiceWorker | null): void {
  const answers = takenFirstScreenAnswers().map(({ method, path, body, answer }) => ({
    method,
    url: `${API_BASE}${path}`,
    ...(body === undefined ? {} : { body }),
    answer,
  }));
  if (worker && answers.length > 0)
    worker.postMessage({ type: KEEP_ANSWERS, answers } satisfies PageToWorker);
}

/** Posts a message to the worker in control of this page, if any. */
function tellWorker(message: PageToWorker): boolean {
  const controller = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null;
  if (!controller) return false;
  controller.postMessage(message);
  return true;
}

/** Asks the worker to keep these thumbnails for offline reopening of an order (sw/order-images.ts). */
export const keepOrderImages = (urls: string[]): boolean =>
  urls.length > 0 && tellWorker({ type: KEEP_ORDER_IMAGES, urls });

/** Calls `listener` with each message the worker sends every page; returns the unsubscribe. */
export function onWorkerMessage(listener: (message: WorkerToPage) => void): () => void {
  const container = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  if (!container) return () => undefined;
  const handle = (event: MessageEvent) => {
    if (isWorkerToPage(event.data)) listener(event.data);
  };
  container.addEventListener('message', handle);
  // Messages wait in a queue until the page says it listens (addEventListener alone does not).
  container.startMessages();
  return () => container.removeEventListener('message', handle);
}
