// The page's side of the service worker: registration, update hand-over, messages (types in sw/messages.ts).
import { Workbox } from 'workbox-window';

let workbox: Workbox | undefined;

/**
 * Registers the service worker in production builds. `onUpdateReady` is called when a new version waits;
 * calling the function it receives activates it and reloads the page.
 */
export function registerServiceWorker(onUpdateReady: (apply: () => void) => void): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    onUpdateReady(() => {
      workbox?.addEventListener('controlling', () => window.location.reload());
      workbox?.messageSkipWaiting(); // posts sw/messages' SKIP_WAITING to the waiting worker
    });
  });
  void workbox.register();
}
