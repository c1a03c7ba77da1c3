// Privacy: how long an uploaded selfie lives. It is deleted as soon as its search has answered; one never
// searched with is deleted by the purge at the latest a minute after its upload. The signed upload address expires
// with it, and the search's row stays a little longer, so that an upload begun just before the address expired is
// deleted too when it lands.

import { SELFIE_DELETED_WITHIN_SECONDS } from '../../core/constants';
import type { AppContext } from '../context';
import { deleteSearches, markSelfiesDeleted, searchesDue } from '../db/searches-repo';
import { log } from '../ops/log';

/** The purge runs this often. */
export const SELFIE_PURGE_INTERVAL_SECONDS = 10;
/**
 * A selfie is due for deletion this long after its upload was signed, searched with or not: with the purge's
 * interval, it is gone within SELFIE_DELETED_WITHIN_SECONDS of its signing, so of its upload too.
 */
export const SELFIE_KEEP_SECONDS = SELFIE_DELETED_WITHIN_SECONDS - SELFIE_PURGE_INTERVAL_SECONDS;
/** The signed upload address expires when the selfie is due for deletion. */
export const SIGNED_UPLOAD_SECONDS = SELFIE_KEEP_SECONDS;
/** A search's row is forgotten this long after its selfie was due (an upload in flight has landed by then). */
export const SEARCH_FORGET_AFTER_SECONDS = 120;

export const selfieDueAt = (signedAt: Date): Date =>
  new Date(signedAt.getTime() + SELFIE_KEEP_SECONDS * 1000);

type PurgeContext = Pick<AppContext, 'db' | 'store' | 'now'>;

/**
 * Deletes the selfie of an answered search now. A failure is left to the purge (the search is already due), so the
 * runner's answer never waits on it twice nor fails for it.
 */
export async function deleteAnsweredSelfie(
  ctx: PurgeContext,
  search: { search_id: string; file_location: string },
  say: (message: string, error: unknown) => void = (message, error) => log.warn(message, { err: error }),
): Promise<void> {
  try {
    await ctx.store.delete(search.file_location);
    await markSelfiesDeleted(ctx.db, [search.search_id], ctx.now());
  } catch (error) {
    say('selfie deletion failed (the purge will retry)', error);
  }
}

/** Deletes every selfie whose time is up, then forgets the searches deleted long enough ago; says how many of each. */
export async function purgeSelfies(ctx: PurgeContext): Promise<{ deleted: number; forgotten: number }> {
  let deleted = 0;
  let forgotten = 0;
  for (;;) {
    const batch = await searchesDue(ctx.db, ctx.now(), false);
    if (batch.length === 0) break;
    for (const search of batch) await ctx.store.delete(search.file_location);
    await markSelfiesDeleted(
      ctx.db,
      batch.map((s) => s.search_id),
      ctx.now(),
    );
    deleted += batch.length;
  }
  const before = new Date(ctx.now().getTime() - SEARCH_FORGET_AFTER_SECONDS * 1000);
  for (;;) {
    const batch = await searchesDue(ctx.db, before, true);
    if (batch.length === 0) break;
    // Once more: an upload that began just before its address expired may have landed after the first deletion.
    for (const search of batch) await ctx.store.delete(search.file_location);
    await deleteSearches(
      ctx.db,
      batch.map((s) => s.search_id),
    );
    forgotten += batch.length;
  }
  return { deleted, forgotten };
}
