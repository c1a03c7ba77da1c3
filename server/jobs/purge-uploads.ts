// Storage: photographers' uploads never said done are removed from the object store (disk or S3) half an hour after
// their last byte arrived: a signed address someone filled and left, a file whose "done" never came, a temporary file
// of an upload cut off, the parts of an S3 upload in parts never joined. An upload whose import is queued or running
// is kept: its job removes it. Run in every API process (as the selfie purge is); removing twice is harmless.
import type { AppContext } from '../context';
import { jobsWithPayload } from '../db/jobs-repo';
import { log } from '../ops/log';
import { UPLOADS_PREFIX } from '../services/live-uploads';
import { runEvery } from './run-every';

/** How long an upload not said done is kept after its last byte arrived. */
export const UNFINISHED_UPLOAD_MINUTES = 30;
/** How often the purge runs: an unfinished upload is gone at most this much after its half hour. */
export const UPLOAD_PURGE_INTERVAL_SECONDS = 5 * 60;

export interface UploadPurgeResult {
  /** Objects (and temporary files) removed. */
  removed: number;
  /** Old enough, but their import is queued or running. */
  importing: number;
  /** Uploads in parts given up (S3). */
  abandonedParts: number;
}

/** Whether an import-upload job of this key waits or runs. */
async function importQueued(db: AppContext['db'], key: string): Promise<boolean> {
  const jobs = await jobsWithPayload(db, 'import-upload', { key });
  return jobs.some((job) => job.state === 'queued' || job.state === 'running');
}

/** Removes the uploads under private/uploads/ last written more than UNFINISHED_UPLOAD_MINUTES ago, never done. */
export async function purgeUnfinishedUploads(
  ctx: Pick<AppContext, 'db' | 'store' | 'now'>,
): Promise<UploadPurgeResult> {
  const before = new Date(ctx.now().getTime() - UNFINISHED_UPLOAD_MINUTES * 60_000);
  const old: string[] = [];
  for await (const object of ctx.store.list(UPLOADS_PREFIX))
    if (object.modifiedAt < before) old.push(object.key);
  // The jobs are read after the listing: an upload said done before it was listed has its job seen here.
  const result: UploadPurgeResult = { removed: 0, importing: 0, abandonedParts: 0 };
  for (const key of old) {
    if (await importQueued(ctx.db, key)) {
      result.importing += 1;
      continue;
    }
    await ctx.store.delete(key);
    result.removed += 1;
  }
  if (ctx.store.multipart)
    result.abandonedParts = await ctx.store.multipart.abandonBefore(UPLOADS_PREFIX, before);
  return result;
}

/** Runs the purge every UPLOAD_PURGE_INTERVAL_SECONDS in this process; returns the stop function. */
export const scheduleUploadPurge = (ctx: Pick<AppContext, 'db' | 'store' | 'now'>): (() => void) =>
  runEvery(UPLOAD_PURGE_INTERVAL_SECONDS * 1000, 'upload purge', async () => {
    const result = await purgeUnfinishedUploads(ctx);
    if (result.removed > 0 || result.abandonedParts > 0)
      log.info('unfinished uploads removed', { removed: result.removed, parts: result.abandonedParts });
  });
