// The indexing pool: worker threads that detect and describe faces off the main thread. `index` takes one photo and
// answers its faces, or why it failed; a worker that dies fails its job, is replaced, and the other jobs go on.
// `describeSelfie` embeds a search selfie the same way (fits FaceIndexEngine).
// Searches first: a runner waits for a selfie, nobody waits for a photo's indexing. Photos and selfies
// have workers of their own: photo workers run at background priority (thread-priority.ts) and take selfies only
// when the pool has no selfie worker; selfie workers never take a photo. So a selfie never waits for a 12 MP photo
// (seconds) to finish, and under load the cores go to the searches first.
import { availableParallelism } from 'node:os';
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { Box } from '../bibs/ocr';
import type { BibRead } from '../bibs/read-bibs';
import { selfieQueueWait } from '../ops/metrics';
import type { DetectOptions } from './detect';
import type { SelfieDescriber } from './engine';
import { FaceImageError, type FaceImageProblem } from './image';
import type {
  BibsJob,
  PhotoJob,
  SelfieBatch,
  SelfieJob,
  WireFace,
  WorkerAnswer,
  WorkerJob,
  WorkerStart,
} from './index-worker';
import { SelfieCost } from './selfie-cost';
import { Announcements, searchCounter } from './yield-to-searches';

export interface IndexJob {
  photoId: number;
  bytes: Uint8Array;
  /** Read the bib numbers under the faces too. */
  bibs?: boolean;
  /** false: locate the faces only, for the bibs (an event whose face search is off): no descriptor is computed. */
  describe?: boolean;
}

export type IndexOutcome =
  | {
      photoId: number;
      ok: true;
      faces: WireFace[];
      ms: number;
      /** Asked for: the bibs read under `faces` (each read's `face` is an index in it). */
      bibs?: BibRead[];
      /** Asked for and failed: why (the faces stand). */
      bibsFailed?: string;
    }
  | { photoId: number; ok: false; reason: string; problem?: string };

/** The bibs under a photo's known faces: a photo indexed before bibs were read. */
export interface BibsJobInput {
  photoId: number;
  bytes: Uint8Array;
  faces: Box[];
}

export type BibsOutcome =
  | { photoId: number; ok: true; bibs: BibRead[]; ms: number }
  | { photoId: number; ok: false; reason: string };

export interface IndexPoolOptions {
  /** Worker threads for photos, at background priority (they take selfies only when there is no selfie worker). */
  workers?: number;
  /** Worker threads for selfies only, at normal priority. */
  selfieWorkers?: number;
  detect?: DetectOptions;
}

export interface IndexPool {
  index(job: IndexJob): Promise<IndexOutcome>;
  /** Reads the bibs under a photo's known faces (a photo worker's job, like a photo). */
  readBibs(job: BibsJobInput): Promise<BibsOutcome>;
  describeSelfie: SelfieDescriber;
  /** Selfies waiting for a worker (not counting those being described). */
  waitingSelfies(): number;
  /**
   * A selfie is on its way (a search signed its upload): photo workers pause for it as if it were waiting, from now
   * until a selfie arrives or `withinMs` pass, so that a rush's first requests do not share the cores and the memory
   * bus with a photo's full-size passes.
   */
  expectSelfie(withinMs?: number): void;
  /** Resolves once every worker has loaded and warmed its models (jobs given before then wait for that). */
  whenReady(): Promise<void>;
  /**
   * How long a selfie submitted now is expected to take until its answer (ms): the selfies ahead of it shared among
   * the workers not busy with a photo, at the recent time a selfie took from its start to its answer.
   */
  expectedSelfieMs(): number;
  close(): Promise<void>;
}

type JobBody =
  | { kind: 'photo'; bytes: Uint8Array; detect?: DetectOptions; bibs?: boolean; describe?: boolean }
  | { kind: 'bibs'; bytes: Uint8Array; faces: Box[] }
  | { kind: 'selfie'; bytes: Uint8Array };

/** The queue a job waits in: a photo's bibs are a photo worker's job, like the photo. */
const queueOf = (kind: JobBody['kind']): 'photo' | 'selfie' => (kind === 'selfie' ? 'selfie' : 'photo');

interface Pending {
  job: WorkerJob;
  resolve: (answer: WorkerAnswer) => void;
  /** performance.now() when it was submitted (the selfie queue's wait, in the metrics). */
  queuedAt: number;
}

/**
 * Most selfies a worker takes at once. Waiting selfies are embedded together: the landmark and recognition nets cost
 * less per face on a batch (measured per face: descriptor 44 ms alone, 40 ms in twos, 39 ms in fours; landmarks 12,
 * 9.4 and 9.1 ms). Twos take most of that gain, and the first of a batch waits for one other selfie only, not three.
 */
export const SELFIE_BATCH = 2;
/**
 * Batches a selfie worker holds while a batch's worth of selfies waits: the one it works on and the next, so that it
 * goes on at once instead of waiting for the main thread (busy with the rush's requests) to read its answer and give
 * it more. In a rush of 50 the two selfie workers used 2.6 s of CPU in a 3.1 s wave, on a saturated machine.
 */
export const SELFIES_AHEAD = 2;
/** How long an announced selfie holds the photo workers at most: its upload and search come within seconds. */
export const EXPECTED_SELFIE_WITHIN_MS = 5000;

/** Jobs given to a worker together: one photo, or a batch of selfies. */
interface Given {
  jobs: Pending[];
  /** When the worker started them (performance.now()); a batch given ahead starts when the one before it ends. */
  startedAt: number;
}

interface Slot {
  worker: Worker;
  /** A selfie worker: never takes a photo. */
  selfiesOnly: boolean;
  /** Its models are loaded and warmed: it takes jobs from then on. */
  ready: boolean;
  /**
   * What it was given and has not answered, in its order: the jobs it is working on, and for a selfie worker in a
   * rush the next batch too (SELFIES_AHEAD).
   */
  given: Given[];
}

/** The kind of the jobs a worker is working on ('photo' for a photo's bibs too), or undefined when it is free. */
const workingOn = (slot: Slot): 'photo' | 'selfie' | undefined => {
  const kind = slot.given[0]?.jobs[0]?.job.kind;
  return kind === undefined ? undefined : queueOf(kind);
};

/** Selfies a worker was given and has not answered. */
const selfiesGiven = (slot: Slot): number =>
  slot.given.reduce((n, g) => n + (g.jobs[0]?.job.kind === 'selfie' ? g.jobs.length : 0), 0);

const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(`./index-worker${FROM_SOURCE ? '.ts' : '.js'}`, import.meta.url);

/**
 * The old generation a face worker's heap starts with (MB). V8 counts ArrayBuffers toward the old generation, and a
 * batch of two selfies makes about 6 MB of them (the decoded image, the nets' inputs and outputs): with V8's small
 * starting limit that was a full mark-compact every two batches, about a fifth of a selfie's CPU (measured on the
 * bench's selfie, 40 batches of two in a worker: 32 mark-compacts and 73.9 ms of CPU a selfie; with this start, none
 * after start-up and 54.5 ms). The buffers die young, so the memory stays the same: the worker's heap was 116 MB
 * either way.
 */
export const WORKER_INITIAL_HEAP_MB = 160;
let workerHeapSet = false;

/**
 * Run from source (tsx), the worker registers tsx itself before importing the .ts entry: `--import tsx` in
 * execArgv does not reach a worker's entry module on Node 20.
 */
function startWorker(data: WorkerStart): Worker {
  // V8 reads it when an isolate is made: set once, before the first worker (the main thread's heap keeps its own).
  if (!workerHeapSet) {
    v8.setFlagsFromString(`--initial-heap-size=${WORKER_INITIAL_HEAP_MB}`);
    workerHeapSet = true;
  }
  if (!FROM_SOURCE) return new Worker(WORKER_URL, { workerData: data });
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_URL.href)}); });`;
  return new Worker(code, { eval: true, workerData: data });
}

export function createIndexPool(options: IndexPoolOptions = {}): IndexPool {
  const size = Math.max(0, options.workers ?? availableParallelism());
  const selfieSize = Math.max(0, options.selfieWorkers ?? 1);
  if (size + selfieSize === 0) throw new Error('a face index pool needs at least one worker');
  // Without selfie workers, the photo workers take selfies (first) too.
  const photosTakeSelfies = selfieSize === 0;
  const queues: Record<'photo' | 'selfie', Pending[]> = { selfie: [], photo: [] };
  const slots: Slot[] = [];
  let nextJob = 1;
  let closed = false;
  const selfieCost = new SelfieCost();
  // Selfies waiting or being embedded, shared with the photo workers: they pause between steps while it is not 0.
  const searching = searchCounter();
  const announced = new Announcements();
  let lapse: ReturnType<typeof setTimeout> | undefined;
  const readyWaiters: (() => void)[] = [];

  const spawn = (selfiesOnly: boolean): Slot => {
    const worker = startWorker({ background: !selfiesOnly, searching: searching.shared });
    const slot: Slot = { worker, selfiesOnly, ready: false, given: [] };
    worker.on('message', (message: WorkerAnswer | { answers: WorkerAnswer[] } | { ready: true }) => {
      if ('ready' in message) {
        slot.ready = true;
        if (slots.every((s) => s.ready)) for (const resolve of readyWaiters.splice(0)) resolve();
        pump();
        return;
      }
      // The worker answers what it was given in order: this is the first, and the next (if given) starts now.
      const now = performance.now();
      const finished = slot.given.shift();
      const next = slot.given[0];
      if (next) next.startedAt = now;
      const done = finished?.jobs ?? [];
      const answers = 'answers' in message ? message.answers : [message];
      if (finished && done[0]?.job.kind === 'selfie') {
        // A batch's time shared among its selfies: the time a selfie costs a worker in this rush.
        const each = (now - finished.startedAt) / done.length;
        selfieCost.note(each);
      }
      for (const pending of done) {
        const answer = answers.find((a) => a.jobId === pending.job.jobId);
        pending.resolve(
          answer ?? { jobId: pending.job.jobId, ok: false, ms: 0, reason: 'the face worker gave no answer' },
        );
      }
      pump();
    });
    const fail = (reason: string) => {
      const done = slot.given.flatMap((g) => g.jobs);
      slot.given = [];
      for (const pending of done) pending.resolve({ jobId: pending.job.jobId, ok: false, ms: 0, reason });
      const at = slots.indexOf(slot);
      if (at >= 0) slots.splice(at, 1);
      if (!closed) slots.push(spawn(selfiesOnly));
      pump();
    };
    worker.on('error', (error) => fail(`face worker crashed: ${error.message}`));
    worker.on('exit', (code) => {
      if (!closed) fail(`face worker exited with code ${code}`);
    });
    return slot;
  };

  /**
   * The next jobs for a free worker: a selfie worker takes the waiting selfies (up to SELFIE_BATCH); a photo worker
   * one photo, or the selfies first when the pool has no selfie worker.
   */
  const nextFor = (slot: Slot): Pending[] => {
    if (slot.selfiesOnly || photosTakeSelfies) {
      const selfies = queues.selfie.splice(0, SELFIE_BATCH);
      if (selfies.length > 0 || slot.selfiesOnly) return selfies;
    }
    const photo = queues.photo.shift();
    return photo ? [photo] : [];
  };

  /** Gives a worker the jobs (none: nothing). */
  const give = (slot: Slot, next: Pending[]) => {
    const first = next[0];
    if (!first) return;
    const now = performance.now();
    slot.given.push({ jobs: next, startedAt: now });
    if (first.job.kind === 'selfie') for (const p of next) selfieQueueWait.observe((now - p.queuedAt) / 1000);
    if (first.job.kind === 'photo') slot.worker.postMessage(first.job satisfies PhotoJob);
    else if (first.job.kind === 'bibs') slot.worker.postMessage(first.job satisfies BibsJob);
    else {
      const batch: SelfieBatch = { kind: 'selfies', jobs: next.map((p) => p.job as SelfieJob) };
      slot.worker.postMessage(batch);
    }
  };

  /** Gives each free worker its next jobs; then, while selfies still wait, each selfie worker its next batch. */
  const pump = () => {
    for (const slot of slots) if (slot.ready && slot.given.length === 0) give(slot, nextFor(slot));
    for (const slot of slots) {
      // A whole batch waits: a selfie arriving alone goes to the next free worker instead, with the next selfies.
      if (queues.selfie.length < SELFIE_BATCH) break;
      if (slot.ready && slot.selfiesOnly && slot.given.length > 0 && slot.given.length < SELFIES_AHEAD)
        give(slot, nextFor(slot));
    }
    countSearching();
  };

  /** Tells the photo workers how many selfies they pause for: waiting, being embedded, or announced. */
  const countSearching = () => {
    const now = performance.now();
    const embedding = slots.reduce((n, s) => n + selfiesGiven(s), 0);
    // Waiting and announced selfies count only where selfie workers will take them: photo workers that take selfies
    // themselves must finish their photos first.
    const coming = announced.active(now);
    searching.set(photosTakeSelfies ? embedding : queues.selfie.length + embedding + coming);
    clearTimeout(lapse);
    lapse = undefined;
    const next = announced.nextLapse();
    if (next !== undefined && !closed) {
      lapse = setTimeout(countSearching, Math.max(1, next - now));
      lapse.unref?.();
    }
  };

  const submit = (body: JobBody): Promise<WorkerAnswer> => {
    if (closed) return Promise.reject(new Error('the face index pool is closed'));
    // The selfie an announcement was for has come (which one does not matter: each is answered once).
    if (body.kind === 'selfie') {
      announced.arrived(performance.now());
    }
    return new Promise((resolve) => {
      queues[queueOf(body.kind)].push({
        job: { ...body, jobId: nextJob++ } as WorkerJob,
        resolve,
        queuedAt: performance.now(),
      });
      pump();
    });
  };

  // Selfie workers first: a free one is preferred for a selfie over a photo worker.
  for (let i = 0; i < selfieSize; i++) slots.push(spawn(true));
  for (let i = 0; i < size; i++) slots.push(spawn(false));

  return {
    async index({ photoId, bytes, bibs, describe }) {
      const answer = await submit({
        kind: 'photo',
        bytes,
        detect: options.detect,
        ...(bibs ? { bibs } : {}),
        ...(describe === false ? { describe } : {}),
      });
      if (!answer.ok) return { photoId, ok: false, reason: answer.reason, problem: answer.problem };
      return {
        photoId,
        ok: true,
        faces: answer.faces ?? [],
        ms: answer.ms,
        ...(answer.bibs ? { bibs: answer.bibs } : {}),
        ...(answer.bibsFailed ? { bibsFailed: answer.bibsFailed } : {}),
      };
    },
    async readBibs({ photoId, bytes, faces }) {
      const answer = await submit({ kind: 'bibs', bytes, faces });
      if (!answer.ok) return { photoId, ok: false, reason: answer.reason };
      return { photoId, ok: true, bibs: answer.bibs ?? [], ms: answer.ms };
    },
    async describeSelfie(bytes) {
      const answer = await submit({ kind: 'selfie', bytes });
      if (!answer.ok) {
        if (answer.problem) throw new FaceImageError(answer.problem as FaceImageProblem, answer.reason);
        throw new Error(answer.reason);
      }
      return answer.selfie
        ? {
            kind: 'face',
            descriptor: answer.selfie.descriptor,
            faces: answer.selfieFaces ?? 1,
            ...(answer.selfieBoxes ? { boxes: answer.selfieBoxes } : {}),
            quality: { problems: answer.selfieProblems ?? [] },
          }
        : { kind: 'no-face' };
    },
    waitingSelfies: () => queues.selfie.length,
    expectSelfie(withinMs = EXPECTED_SELFIE_WITHIN_MS) {
      // Photo workers that take selfies themselves do not pause for them.
      if (closed || photosTakeSelfies) return;
      announced.announce(performance.now(), withinMs);
      countSearching();
    },
    whenReady: () =>
      slots.every((s) => s.ready) ? Promise.resolve() : new Promise((resolve) => readyWaiters.push(resolve)),
    expectedSelfieMs() {
      // The workers that serve selfies, less those in the middle of a photo.
      const servers = slots.filter(
        (s) => (s.selfiesOnly || photosTakeSelfies) && workingOn(s) !== 'photo',
      ).length;
      const onSelfies = slots.reduce((n, s) => n + selfiesGiven(s), 0);
      return selfieCost.expectedWait(queues.selfie.length + onSelfies, servers);
    },
    async close() {
      closed = true;
      clearTimeout(lapse);
      for (const resolve of readyWaiters.splice(0)) resolve();
      const given = slots.flatMap((s) => s.given.splice(0).flatMap((g) => g.jobs));
      for (const p of [...queues.selfie.splice(0), ...queues.photo.splice(0), ...given])
        p.resolve({ jobId: p.job.jobId, ok: false, ms: 0, reason: 'pool closed' });
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
