// Puts the face engine together for the running server: the engine over the faces table, the worker pool that
// embeds selfies and indexes photos, and the job loops that drain the index-photo queue.
//
// Resume after a crash: a job a dead process was running stays 'running' with its locked_at. When indexing starts,
// and every minute after, running jobs locked more than STALE_JOB_MINUTES ago are queued again. Not "every running
// job at start": on PostgreSQL several processes may share the queue, and a live one's jobs must stay its own. One
// photo takes seconds, so a job locked that long has lost its worker; indexing again is harmless (saveFacesOfPhoto
// replaces the photo's faces in one transaction).
import type { Db } from '../db/database';
import { facesOfEvent } from '../db/faces-repo';
import { requeueStaleJobs } from '../db/jobs-repo';
import { indexPhoto } from '../jobs/index-photo';
import { runJobs } from '../jobs/queue';
import type { ObjectStore } from '../storage/object-store';
import { FaceIndexEngine } from './engine';
import { createIndexPool, type IndexPool } from './index-pool';

/** A running job locked longer than this lost its process (see above). */
export const STALE_JOB_MINUTES = 10;
const STALE_SWEEP_MS = 60_000;

/** Queues again the jobs a dead process left running (locked before now − STALE_JOB_MINUTES); returns how many. */
export function requeueJobsOfDeadWorkers(db: Db, now: Date): Promise<number> {
  return requeueStaleJobs(db, new Date(now.getTime() - STALE_JOB_MINUTES * 60_000));
}

export interface FaceService {
  engine: FaceIndexEngine;
  /** Starts the indexing loops (one per worker); they run until close. */
  startIndexing(): void;
  close(): Promise<void>;
}

export function openFaceService(deps: { db: Db; store: ObjectStore }, workers: number): FaceService {
  const pool: IndexPool | undefined = workers > 0 ? createIndexPool({ workers }) : undefined;
  const engine = new FaceIndexEngine({
    loadFaces: (eventId, afterId) => facesOfEvent(deps.db, eventId, afterId),
    ...(pool ? { describeSelfie: pool.describeSelfie } : {}),
  });
  const stop = new AbortController();
  const loops: Promise<unknown>[] = [];
  return {
    engine,
    startIndexing() {
      if (!pool) return;
      const sweep = () =>
        requeueJobsOfDeadWorkers(deps.db, new Date())
          .then((n) => {
            if (n > 0) console.warn(`indexing: queued again ${n} jobs left running by a stopped process`);
          })
          .catch((error) => console.error('indexing: requeue of stale jobs failed:', error));
      // The first sweep runs before the loops claim anything; later ones catch other processes' crashes.
      const first = sweep();
      const timer = setInterval(sweep, STALE_SWEEP_MS);
      timer.unref();
      stop.signal.addEventListener('abort', () => clearInterval(timer), { once: true });
      loops.push(first);
      const handlers = {
        'index-photo': (payload: unknown) =>
          indexPhoto({ ...deps, pool, engine }, (payload as { photo_id: number }).photo_id),
      };
      for (let i = 0; i < workers; i++) {
        loops.push(
          first
            .then(() => runJobs(deps, handlers, { until: stop.signal }))
            .catch((error) => console.error('indexing stopped:', error)),
        );
      }
    },
    async close() {
      stop.abort();
      await Promise.all(loops);
      await pool?.close();
    },
  };
}
