// A face indexing worker thread: loads the models once, then answers jobs from the pool one at a time.
//   { jobId, kind: 'photo', bytes, detect? } -> { jobId, ok: true, faces, ms } | { jobId, ok: false, reason }
//   { jobId, kind: 'selfie', bytes }         -> { jobId, ok: true, selfie, ms } | { jobId, ok: false, reason }
// A bad image fails only its own job (the reason says why); the worker goes on with the next. A photo worker
// (workerData.background) runs at background priority: the searches' threads go first.
import { parentPort, workerData } from 'node:worker_threads';
import { type DetectOptions, detectFacesInBytes, selfieDescriptor, warmUp } from './detect';
import { FaceImageError } from './image';
import { loadFaceModels } from './models';
import { lowerThisThread } from './thread-priority';

/** What the pool tells a worker when it starts it. */
export interface WorkerStart {
  /** A photo worker: background priority. */
  background: boolean;
}

export type WorkerJob =
  | { jobId: number; kind: 'photo'; bytes: Uint8Array; detect?: DetectOptions }
  | { jobId: number; kind: 'selfie'; bytes: Uint8Array };

export interface WireFace {
  box: { x: number; y: number; width: number; height: number };
  score: number;
  descriptor: Float32Array;
}

export type WorkerAnswer =
  | { jobId: number; ok: true; ms: number; faces?: WireFace[]; selfie?: WireFace | null }
  | { jobId: number; ok: false; ms: number; reason: string; problem?: string };

async function run(job: WorkerJob): Promise<WorkerAnswer> {
  const started = performance.now();
  try {
    if (job.kind === 'photo') {
      const faces = await detectFacesInBytes(job.bytes, job.detect);
      return { jobId: job.jobId, ok: true, ms: performance.now() - started, faces };
    }
    const outcome = await selfieDescriptor(job.bytes);
    const selfie = outcome.kind === 'face' ? outcome.face : null;
    return { jobId: job.jobId, ok: true, ms: performance.now() - started, selfie };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const problem = error instanceof FaceImageError ? error.problem : undefined;
    return { jobId: job.jobId, ok: false, ms: performance.now() - started, reason, problem };
  }
}

const port = parentPort;
if (port) {
  if ((workerData as WorkerStart | undefined)?.background) lowerThisThread();
  // Ready once the models are loaded and have run once: the pool gives a worker no job before that.
  let chain = loadFaceModels()
    .then(() => warmUp().catch(() => undefined)) // a failed warm-up only leaves the first job slower
    .then(() => port.postMessage({ ready: true }));
  port.on('message', (job: WorkerJob) => {
    chain = chain.then(async () => port.postMessage(await run(job)));
  });
}
