// Withdrawing the face consent, as easy as giving it (PDPA section 19, DESIGN §6): the store withdraws this device's
// consents and deletes the alerts made under them; this device then deletes what it kept of its face searches (every
// event's kept results and the latest results buy-all takes), its kept alerts and the stored consent. It needs the
// store: offline, nothing changes, so the runner is never told their consent is gone while the store still has it.
import { stopAlert } from '../../lib/api/alerts';
import { ApiError } from '../../lib/api/client';
import { withdrawFaceConsent } from '../../lib/api/privacy';
import { forgetAllAlerts } from '../alerts/kept-alert';
import { forgetFaceConsent, storedFaceConsent } from './face-consent';

export type WithdrawOutcome =
  | {
      ok: true;
      /** Consents the store withdrew. */
      consents: number;
      /** Alerts deleted: by the store under the consents, or stopped from this device. */
      alerts: number;
      /** Events whose kept search results were deleted from this device. */
      results: number;
    }
  | { ok: false; reason: 'offline' | 'failed' };

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export async function withdrawFaceConsentHere(): Promise<WithdrawOutcome> {
  if (!isOnline()) return { ok: false, reason: 'offline' };
  const device = storedFaceConsent()?.device;
  let told = { consents: 0, alerts_deleted: 0 };
  if (device) {
    try {
      told = await withdrawFaceConsent(device);
    } catch (error) {
      const offline = error instanceof ApiError && error.kind === 'network';
      return { ok: false, reason: offline ? 'offline' : 'failed' };
    }
  }
  // Alerts kept here that the store still has (made before consents were recorded) are stopped one by one; those it
  // already deleted answer 404, which is as good.
  const tokens = forgetAllAlerts();
  const stopped = await Promise.allSettled(tokens.map((token) => stopAlert(token)));
  const stoppedHere = stopped.filter((s) => s.status === 'fulfilled').length;
  let results = 0;
  try {
    // The device's database is opened only now: its code (Dexie) stays off the event page's first screen.
    const { appDb } = await import('../../lib/db/app-db');
    results = await appDb.transaction('rw', appDb.search_results, appDb.cart_latest, async () => {
      const count = await appDb.search_results.count();
      await appDb.search_results.clear();
      await appDb.cart_latest.clear();
      return count;
    });
  } catch {
    // IndexedDB unavailable (private mode): nothing was kept there
  }
  forgetFaceConsent();
  return {
    ok: true,
    consents: told.consents,
    alerts: told.alerts_deleted + stoppedHere,
    results,
  };
}
