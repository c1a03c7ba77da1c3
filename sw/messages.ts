// Messages from the page (src/lib/sw-bridge) to the service worker. Both sides import these.
/** Activate a waiting new version now (workbox-window's messageSkipWaiting sends this). */
export const SKIP_WAITING = 'SKIP_WAITING' as const;

export type PageToWorker = { type: typeof SKIP_WAITING };

export const isPageToWorker = (data: unknown): data is PageToWorker =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SKIP_WAITING;
