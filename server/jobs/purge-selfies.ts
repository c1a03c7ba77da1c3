// Privacy: the selfie purge, run in every API process (services/selfie-lifetime.ts says how long a selfie lives).
import type { AppContext } from '../context';
import { log } from '../ops/log';
import { purgeSelfies, SELFIE_PURGE_INTERVAL_SECONDS } from '../services/selfie-lifetime';

/** Runs the purge every SELFIE_PURGE_INTERVAL_SECONDS in this process; returns the stop function. */
export function schedulePurge(
  ctx: Pick<AppContext, 'db' | 'store' | 'now'>,
  say: (message: string, error: unknown) => void = (message, error) => log.error(message, { err: error }),
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    purgeSelfies(ctx)
      .catch((error) => say('selfie purge failed', error))
      .finally(() => {
        running = false;
      });
  }, SELFIE_PURGE_INTERVAL_SECONDS * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
