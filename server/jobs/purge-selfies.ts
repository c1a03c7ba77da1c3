// Privacy: the selfie purge, run in every API process (services/selfie-lifetime.ts says how long a selfie lives). A
// run that deleted something is written to the audit trail, once for the run (not once per selfie).
import type { AppContext } from '../context';
import { jobActor, writeAudit } from '../db/audit-repo';
import { purgeSelfies, SELFIE_PURGE_INTERVAL_SECONDS } from '../services/selfie-lifetime';
import { runEvery } from './run-every';

type PurgeContext = Pick<AppContext, 'db' | 'store' | 'now'>;

/** One purge, with its audit entry when it deleted selfies or forgot searches. */
export async function purgeSelfiesAudited(
  ctx: PurgeContext,
): Promise<{ deleted: number; forgotten: number }> {
  const done = await purgeSelfies(ctx);
  if (done.deleted + done.forgotten > 0)
    await writeAudit(ctx.db, {
      actor: jobActor('selfie-purge'),
      action: 'selfies deleted, searches forgotten',
      subject: `${done.deleted} selfies, ${done.forgotten} searches`,
      records: done.deleted + done.forgotten,
    });
  return done;
}

/** Runs the purge every SELFIE_PURGE_INTERVAL_SECONDS in this process; returns the stop function. */
export const schedulePurge = (ctx: PurgeContext): (() => void) =>
  runEvery(SELFIE_PURGE_INTERVAL_SECONDS * 1000, 'selfie purge', () => purgeSelfiesAudited(ctx));
