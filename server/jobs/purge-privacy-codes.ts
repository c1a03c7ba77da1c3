// Privacy: one-time codes (only their hashes and keyed hashes of where they went) are forgotten a day after they
// were asked for, once they no longer count toward the day's limits; every hour in each API process.
import type { AppContext } from '../context';
import { deleteCodesBefore } from '../db/privacy-codes-repo';
import { runEvery } from './run-every';

const DAY_MS = 86_400_000;
const EVERY_MS = 3_600_000;

export const purgePrivacyCodes = (ctx: Pick<AppContext, 'db' | 'now'>): Promise<number> =>
  deleteCodesBefore(ctx.db, new Date(ctx.now().getTime() - DAY_MS));

/** Runs the purge every hour in this process; returns the stop function. */
export const schedulePrivacyCodePurge = (ctx: Pick<AppContext, 'db' | 'now'>): (() => void) =>
  runEvery(EVERY_MS, 'privacy code purge', () => purgePrivacyCodes(ctx));
