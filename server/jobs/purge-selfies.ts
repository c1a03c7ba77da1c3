// Privacy: the selfie purge, run in every API process (services/selfie-lifetime.ts says how long a selfie lives).
import type { AppContext } from '../context';
import { purgeSelfies, SELFIE_PURGE_INTERVAL_SECONDS } from '../services/selfie-lifetime';
import { runEvery } from './run-every';

/** Runs the purge every SELFIE_PURGE_INTERVAL_SECONDS in this process; returns the stop function. */
export const schedulePurge = (ctx: Pick<AppContext, 'db' | 'store' | 'now'>): (() => void) =>
  runEvery(SELFIE_PURGE_INTERVAL_SECONDS * 1000, 'selfie purge', () => purgeSelfies(ctx));
