// Puts the face engine together for the running server: the engine over the faces table, the worker pool (photo
// workers that index, selfie workers that embed the searches' selfies), and the job loops that drain the
// index-photo queue (one per photo worker).
//
// A job whose process died is queued again when its lease runs out (jobs/queue.ts, swept by jobs/runner.ts in every
// process that runs jobs); indexing again is harmless (saveFacesOfPhoto replaces the photo's faces at once).
// An event whose face search is turned off is forgotten by the engine and the grouping within seconds
// (face-search-off.ts).
import type { Db } from '../db/database';
import {
  countUngroupedFaces,
  faceBlockOfEvent,
  facesForGrouping,
  peopleOfOtherEvents,
} from '../db/faces-repo';
import { groupFaces, indexPhoto } from '../jobs/index-photo';
import type { LaneHandlers } from '../jobs/kinds';
import { runJobs } from '../jobs/queue';
import { readEventBibs } from '../jobs/read-bibs';
import { log } from '../ops/log';
import type { ObjectStore } from '../storage/object-store';
import { FaceIndexEngine } from './engine';
import { watchFaceSearchOff } from './face-search-off';
import { FaceGrouping } from './grouping';
import { createIndexPool, type IndexPool } from './index-pool';
import { descriptorFromBytes } from './matrix';

export interface FaceService {
  engine: FaceIndexEngine;
  /** Whether the face models are loaded (every worker thread warmed; no threads: loaded on first use). */
  ready(): boolean;
  /** Starts the indexing loops (one per worker); they run until close. */
  startIndexing(): void;
  /** Stops taking photos to index; resolves once the photos being indexed are done (or given back). */
  stopIndexing(): Promise<void>;
  /**
   * Stops indexing and the workers. `abandon`: the photos being indexed are not waited for (their jobs were given
   * back, a stopping process out of time): the workers end at once.
   */
  close(abandon?: boolean): Promise<void>;
}

export function openFaceService(
  deps: { db: Db; store: ObjectStore },
  threads: { photos: number; selfies: number },
  leaseMs?: number,
): FaceService {
  const workers = threads.photos;
  const pool: IndexPool | undefined =
    workers + threads.selfies > 0 ? createIndexPool({ workers, selfieWorkers: threads.selfies }) : undefined;
  const faceSearchOff = watchFaceSearchOff(deps.db, (eventId) => {
    engine.forget(eventId);
    grouping.forget(eventId);
  });
  const engine = new FaceIndexEngine({
    loadFaces: (eventId, afterId) => {
      faceSearchOff.loaded(eventId);
      return faceBlockOfEvent(deps.db, eventId, afterId);
    },
    countUngrouped: (eventId) => countUngroupedFaces(deps.db, eventId),
    loadBorrowedPeople: async (eventId, most) =>
      (await peopleOfOtherEvents(deps.db, eventId, most)).map(descriptorFromBytes),
    ...(pool
      ? {
          describeSelfie: pool.describeSelfie,
          expectedSelfieMs: pool.expectedSelfieMs,
          expectSelfie: () => pool.expectSelfie(),
        }
      : {}),
  });
  let loaded = !pool;
  void pool?.whenReady().then(() => {
    loaded = true;
  });
  const grouping = new FaceGrouping((eventId, afterId) => {
    faceSearchOff.loaded(eventId);
    return facesForGrouping(deps.db, eventId, afterId);
  });
  const stop = new AbortController();
  const loops: Promise<unknown>[] = [];
  return {
    engine,
    ready: () => loaded,
    startIndexing() {
      if (!pool || workers === 0) return;
      const handlers: LaneHandlers<'faces'> = {
        'index-photo': (payload) => indexPhoto({ ...deps, pool, engine, grouping }, payload.photo_id),
        'group-faces': (payload) => groupFaces({ ...deps, engine, grouping }, payload.event_id),
        'read-bibs': (payload) => readEventBibs({ ...deps, pool }, payload.event_id, payload.after_id ?? 0),
      };
      for (let i = 0; i < workers; i++) {
        loops.push(
          runJobs(deps, handlers, { until: stop.signal, ...(leaseMs ? { leaseMs } : {}) }).catch((error) =>
            log.error('indexing stopped', { err: error }),
          ),
        );
      }
    },
    async stopIndexing() {
      stop.abort();
      await Promise.all(loops);
    },
    async close(abandon = false) {
      faceSearchOff.stop();
      if (abandon) {
        stop.abort();
        await pool?.close();
      }
      await this.stopIndexing();
      await pool?.close();
    },
  };
}
