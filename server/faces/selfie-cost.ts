// What a selfie costs a worker, for the "busy" answer: a running average of the measured times that forgets with
// time, so that it can never stay high once nothing is queued. An average that changed only when a selfie finished
// would stay stuck: a few selfies that took seconds each would raise it above the busy limit, every later search
// would be refused before a selfie was embedded, and it would never come down until a restart.

/** A selfie's time before any was measured (ms): a loose phone selfie takes about 90 ms on a free core. */
export const FIRST_SELFIE_MS = 150;
/** Weight of the newest selfie in the running average of their times. */
const WEIGHT = 0.2;
/**
 * The most one selfie counts for in the average (ms): a selfie whose decoding is bounded (image.ts) takes well
 * under this; one outlier (a slow moment of the machine) must not make the next runners wait.
 */
export const SELFIE_SAMPLE_MOST_MS = 2000;
/** Without a new measure, the average's distance from FIRST_SELFIE_MS halves every this many ms. */
export const SELFIE_COST_HALF_LIFE_MS = 10_000;

export class SelfieCost {
  private ms = FIRST_SELFIE_MS;
  private at: number;

  constructor(private readonly now: () => number = () => performance.now()) {
    this.at = now();
  }

  /** A selfie took `each` ms of a worker's time. */
  note(each: number): void {
    const current = this.current();
    const sample = Math.min(Math.max(0, each), SELFIE_SAMPLE_MOST_MS);
    this.ms = current + WEIGHT * (sample - current);
    this.at = this.now();
  }

  /** The expected time of one selfie now (ms), back toward FIRST_SELFIE_MS as time passes without measures. */
  current(): number {
    const idle = Math.max(0, this.now() - this.at);
    return FIRST_SELFIE_MS + (this.ms - FIRST_SELFIE_MS) * 0.5 ** (idle / SELFIE_COST_HALF_LIFE_MS);
  }

  /**
   * How long a selfie asked now waits for its descriptor (ms): the selfies queued and in the workers' hands, shared
   * among the workers that serve selfies, then its own. Nothing queued: its own time only.
   */
  expectedWait(queuedOrGiven: number, servers: number): number {
    const each = this.current();
    return (queuedOrGiven / Math.max(1, servers) + 1) * each;
  }
}
