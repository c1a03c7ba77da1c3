// Privacy: every uploaded selfie is deleted within 10 minutes of its signing (SPEC, face engine issue).
import type { AppContext } from '../context';
import { deleteSearches, expiredSearches } from '../db/searches-repo';

/** Deletes the selfies whose time is up and forgets their searches; returns how many. */
export async function purgeExpiredSelfies(
  ctx: Pick<AppContext, 'db' | 'store' | 'now'>,
): Promise<{ deleted: number }> {
  let deleted = 0;
  for (;;) {
    const batch = await expiredSearches(ctx.db, ctx.now());
    if (batch.length === 0) return { deleted };
    for (const search of batch) await ctx.store.delete(search.file_location);
    await deleteSearches(
      ctx.db,
      batch.map((s) => s.search_id),
    );
    deleted += batch.length;
  }
}

/** Runs the purge every minute in this process; returns the stop function. */
export function schedulePurge(
  ctx: Pick<AppContext, 'db' | 'store' | 'now'>,
  log = console.error,
): () => void {
  const timer = setInterval(() => {
    purgeExpiredSelfies(ctx).catch((error) => log('selfie purge failed:', error));
  }, 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
