// Waiting for the service worker to control a page, for the journeys that go offline or read its caches.
//
// The worker claims open pages when it activates (sw/sw.ts). Its install can fail, as a browser allows: one precache
// request cut off on a loaded machine is enough, and the browser then drops that worker. A visitor's next
// navigation registers it again; here the wait does the same, without a navigation, so the journey keeps its page.
// If the page is still not controlled in the end, the failure says what the registration was doing.
import type { Page } from '@playwright/test';

const POLL_MS = 500;

/** Waits until the service worker controls `page` (at most `timeoutMs`), asking for a new install if one failed. */
export async function serviceWorkerControls(page: Page, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const seen: string[] = [];
  for (;;) {
    const state = await page.evaluate(async () => {
      const container = navigator.serviceWorker;
      if (!container) return 'no service worker support';
      if (container.controller) return 'controlled';
      const registration = await container.getRegistration();
      if (!registration) return 'not registered yet';
      const { installing, waiting, active } = registration;
      if (!installing && !waiting && !active) {
        // The last install failed: what a navigation would do, register again.
        await registration.update().catch(() => undefined);
        return 'install failed; updated';
      }
      return `installing: ${installing?.state ?? '-'}, waiting: ${waiting?.state ?? '-'}, active: ${active?.state ?? '-'}`;
    });
    if (state === 'controlled') return;
    if (seen.at(-1) !== state) seen.push(state);
    if (Date.now() > deadline)
      throw new Error(`the service worker did not control the page in ${timeoutMs} ms: ${seen.join(' → ')}`);
    await page.waitForTimeout(POLL_MS);
  }
}
