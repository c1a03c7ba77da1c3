// A face indexing worker thread: loads the models once, then answers jobs from the pool one at a time.
//   { jobId, kind: 'photo', bytes, detect? } -> { jobId, ok: true, faces, ms } | { jobId, ok: false, reason }
//   { kind: 'selfies', jobs: [{ jobId, kind: 'selfie', bytes }] }
//       -> { answers: [{ jobId, ok: true, selfie, ms } | { jobId, ok: false, reason }, one per job] }
// Selfies come in batches (those waiting together in a rush): the nets describe their faces together.
// A bad image fails only its own job (the reason says why); the worker goes on with the next. A photo worker
// (workerData.background) runs at background priority: the searches' threads go first.
import { parentPort, workerData } from 'node:worker_threads';
import { type DetectOptions, detectFacesInBytes, selfieDescriptors, warmUp } from './detect';
import { FaceImageError } from './image';
import { loadFaceModels } from './models';
import { lowerThisThread } from './thread-priority';
import { asPhotoJob, watchSearches } from './yield-to-searches';

/** What the pool tells a worker when it starts it. */
export interface WorkerStart {
  /** A photo worker: background priority, and its photos pause for the searches counted in `searching`. */
  background: boolean;
  searching?: SharedArrayBuffer;
}

export type PhotoJob = { jobId: number; kind: 'photo'; bytes: Uint8Array; detect?: DetectOptions };
export type SelfieJob = { jobId: number; kind: 'selfie'; bytes: Uint8Array };
export type WorkerJob = PhotoJob | SelfieJob;
/** Selfies given together: embedded in one batch, answered each in its place. */
export interface SelfieBatch {
  kind: 'selfies';
  jobs: SelfieJob[];
}

export interface WireFace {
  box: { x: number; y: number; width: number; height: number };
  score: number;
  descriptor: Float32Array;
}

export type WorkerAnswer =
  | {
      jobId: number;
      ok: true;
      ms: number;
      faces?: WireFace[];
      selfie?: WireFace | null;
      /** How many faces the selfie's photo has (the largest is `selfie`). */
      selfieFaces?: number;
    }
  | { jobId: number; ok: false; ms: number; reason: string; problem?: string };

async function indexPhoto(job: PhotoJob): Promise<WorkerAnswer> {
  const started = performance.now();
  try {
    const faces = await asPhotoJob(() => detectFacesInBytes(job.bytes, job.detect));
    return { jobId: job.jobId, ok: true, ms: performance.now() - started, faces };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const problem = error instanceof FaceImageError ? error.problem : undefined;
    return { jobId: job.jobId, ok: false, ms: performance.now() - started, reason, problem };
  }
}

/** Each selfie's answer; the batch's time is shared among them. */
async function runBatch(batch: SelfieBatch): Promise<{ answers: WorkerAnswer[] }> {
  const started = performance.now();
  try {
    const outcomes = await selfieDescriptors(batch.jobs.map((j) => j.bytes));
    const ms = (performance.now() - started) / Math.max(1, batch.jobs.length);
    return {
      answers: batch.jobs.map((job, i): WorkerAnswer => {
        const outcome = outcomes[i];
        if (outcome instanceof FaceImageError)
          return { jobId: job.jobId, ok: false, ms, reason: outcome.message, problem: outcome.problem };
        return outcome?.kind === 'face'
          ? { jobId: job.jobId, ok: true, ms, selfie: outcome.face, selfieFaces: outcome.faces }
          : { jobId: job.jobId, ok: true, ms, selfie: null };
      }),
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { answers: batch.jobs.map((job) => ({ jobId: job.jobId, ok: false, ms: 0, reason })) };
  }
}

const port = parentPort;
if (port) {
  const start = workerData as WorkerStart | undefined;
  if (start?.background) {
    lowerThisThread();
    if (start.searching) watchSearches(start.searching);
  }
  // Ready once the models are loaded and have run once: the pool gives a worker no job before that.
  let chain = loadFaceModels()
    .then(() => warmUp().catch(() => undefined)) // a failed warm-up only leaves the first job slower
    .then(() => port.postMessage({ ready: true }));
  port.on('message', (job: PhotoJob | SelfieBatch) => {
    chain = chain.then(async () =>
      port.postMessage(job.kind === 'selfies' ? await runBatch(job) : await indexPhoto(job)),
    );
  });
}
