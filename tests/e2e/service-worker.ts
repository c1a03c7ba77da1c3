// Waiting for the service worker to control a page, for the journeys that go offline or read its caches.
//
// The worker claims open pages when it activates (sw/sw.ts). Its install can fail, as a browser allows: one precache
// request cut off on a loaded machine is enough, and the browser then drops that registration. A visitor's next
// navigation registers it again; here the wait does the same, without a navigation, so the journey keeps its page.
// If the page is still not controlled in the end, the failure says what the registration was doing.
import type { Page } from '@playwright/test';

const POLL_MS = 500;
/** The page registers the worker once its first screen is shown (at most 3 s after loading): then it is late. */
const REGISTERED_WITHIN_MS = 8_000;

/** Waits until the service worker controls `page` (at most `timeoutMs`), registering it again if an install failed. */
export async function serviceWorkerControls(page: Page, timeoutMs = 45_000): Promise<void> {
  const started = Date.now();
  const seen: string[] = [];
  for (;;) {
    const late = Date.now() - started > REGISTERED_WITHIN_MS;
    const state = await page.evaluate(async (registerAgain) => {
      const container = navigator.serviceWorker;
      if (!container) return 'no service worker support';
      if (container.controller) return 'controlled';
      const registration = await container.getRegistration();
      const working =
        registration && (registration.installing || registration.waiting || registration.active);
      if (working) {
        const { installing, waiting, active } = registration;
        return `installing: ${installing?.state ?? '-'}, waiting: ${waiting?.state ?? '-'}, active: ${active?.state ?? '-'}`;
      }
      // No registration (a failed first install removes it) or one left with no worker: what the page's next
      // navigation would do, once the page's own registration is late.
      if (!registerAgain) return registration ? 'registration without a worker' : 'not registered yet';
      await container.register('/sw.js', { scope: '/' }).catch(() => undefined);
      return 'registered again';
    }, late);
    if (state === 'controlled') return;
    if (seen.at(-1) !== state) seen.push(state);
    if (Date.now() - started > timeoutMs)
      throw new Error(`the service worker did not control the page in ${timeoutMs} ms: ${seen.join(' → ')}`);
    await page.waitForTimeout(POLL_MS);
  }
}
