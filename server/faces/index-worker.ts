// A face indexing worker thread: loads the models once, then answers jobs from the pool one at a time.
//   { jobId, kind: 'photo', bytes, detect?, bibs? } -> { jobId, ok: true, faces, bibs?, ms } | { jobId, ok: false, reason }
//   { jobId, kind: 'bibs', bytes, faces } -> { jobId, ok: true, bibs, ms } (a photo indexed before bibs were read)
//   { kind: 'selfies', jobs: [{ jobId, kind: 'selfie', bytes }] }
//       -> { answers: [{ jobId, ok: true, selfie, ms } | { jobId, ok: false, reason }, one per job] }
// Selfies come in batches (those waiting together in a rush): the nets describe their faces together.
// A bad image fails only its own job (the reason says why); the worker goes on with the next. A photo worker
// (workerData.background) runs at background priority: the searches' threads go first.

import { parentPort, workerData } from 'node:worker_threads';
import type { FaceBox, SelfieProblem } from '../../core/contract/facesearch';
import { type Box, ocrModels } from '../bibs/ocr';
import { BIB_READING, type BibRead, readBibs, STORED_BIB_RULE } from '../bibs/read-bibs';
import { log } from '../ops/log';
import { type DetectOptions, detectFaces, locateFaces, selfieDescriptors, warmUp } from './detect';
import { decodeRgb, FaceImageError, type RgbImage } from './image';
import { loadFaceModels } from './models';
import { lowerThisThread } from './thread-priority';
import { asPhotoJob, watchSearches, yieldToSearches } from './yield-to-searches';

/** What the pool tells a worker when it starts it. */
export interface WorkerStart {
  /** A photo worker: background priority, and its photos pause for the searches counted in `searching`. */
  background: boolean;
  searching?: SharedArrayBuffer;
}

/** A photo to index: its faces, and with `bibs` the bib numbers under them. */
export type PhotoJob = {
  jobId: number;
  kind: 'photo';
  bytes: Uint8Array;
  detect?: DetectOptions;
  bibs?: boolean;
  /** false: the faces are only located (for the bibs), never described. */
  describe?: boolean;
};
/** The bibs under a photo's known faces (a photo indexed before bibs were read). */
export type BibsJob = { jobId: number; kind: 'bibs'; bytes: Uint8Array; faces: Box[] };
export type SelfieJob = { jobId: number; kind: 'selfie'; bytes: Uint8Array };
export type WorkerJob = PhotoJob | BibsJob | SelfieJob;
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
      /** The bib numbers read under the faces (their `face` is the index in `faces`, or in the faces given). */
      bibs?: BibRead[];
      /** Why the bibs of a photo whose faces were found could not be read. */
      bibsFailed?: string;
      selfie?: WireFace | null;
      /** How many faces the selfie's photo has (the largest is `selfie`). */
      selfieFaces?: number;
      /** Where the selfie's faces are when it has several (fractions of the upright selfie, the searched first). */
      selfieBoxes?: FaceBox[];
      /** What makes the selfie's face a poor one to search with (none: fine). */
      selfieProblems?: SelfieProblem[];
    }
  | { jobId: number; ok: false; ms: number; reason: string; problem?: string };

/** The bibs under these faces, pausing for the searches between reads. */
const bibsUnder = (image: RgbImage, faces: readonly Box[]) =>
  readBibs(image, faces, STORED_BIB_RULE, { ...BIB_READING, between: () => yieldToSearches() });

/** A photo job's work, its failure answered with the reason (a bad image fails only this photo). */
async function photoWork(
  jobId: number,
  work: () => Promise<Pick<WorkerAnswer & { ok: true }, 'faces' | 'bibs' | 'bibsFailed'>>,
): Promise<WorkerAnswer> {
  const started = performance.now();
  try {
    const done = await asPhotoJob(work);
    return { jobId, ok: true, ms: performance.now() - started, ...done };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const problem = error instanceof FaceImageError ? error.problem : undefined;
    return { jobId, ok: false, ms: performance.now() - started, reason, problem };
  }
}

/** A photo's faces, and its bibs when asked: read from the same decoded pixels. */
const indexPhoto = (job: PhotoJob) =>
  photoWork(job.jobId, async () => {
    // A photo about to start waits for the searches first: its decoding runs on threads that are not background ones.
    await yieldToSearches();
    const image = await decodeRgb(job.bytes);
    const faces = await (job.describe === false ? locateFaces : detectFaces)(image, job.detect);
    if (!job.bibs) return { faces };
    try {
      return {
        faces,
        bibs: await bibsUnder(
          image,
          faces.map((f) => f.box),
        ),
      };
    } catch (error) {
      // The faces are not lost for it: the photo is searchable by face, and its bibs are read again later.
      return { faces, bibsFailed: error instanceof Error ? error.message : String(error) };
    }
  });

const readPhotoBibs = (job: BibsJob) =>
  photoWork(job.jobId, async () => {
    await yieldToSearches();
    return { bibs: await bibsUnder(await decodeRgb(job.bytes), job.faces) };
  });

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
          ? {
              jobId: job.jobId,
              ok: true,
              ms,
              selfie: outcome.face,
              selfieFaces: outcome.faces,
              ...(outcome.boxes ? { selfieBoxes: outcome.boxes } : {}),
              selfieProblems: outcome.quality.problems,
            }
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
    // A photo worker reads bibs too: its text models are loaded before its first photo.
    .then(() =>
      start?.background
        ? ocrModels().then(
            () => undefined,
            (error: Error) => log.error('bib reading unavailable in this worker', { err: error }),
          )
        : undefined,
    )
    .then(() => port.postMessage({ ready: true }));
  port.on('message', (job: PhotoJob | BibsJob | SelfieBatch) => {
    chain = chain.then(async () =>
      port.postMessage(
        job.kind === 'selfies'
          ? await runBatch(job)
          : job.kind === 'bibs'
            ? await readPhotoBibs(job)
            : await indexPhoto(job),
      ),
    );
  });
}
