// Searches first, beyond the CPU: a photo worker runs at background priority, but the full-size passes of
// a 12 MP photo also fill the memory bus, which priority does not share out, and that slows the selfies and the
// requests of a rush. So while selfies are waiting or being embedded, a photo's indexing pauses between its steps
// (each detector tile, each batch of faces) until they are done. The pool counts the selfies in a shared word; a
// photo worker reads it. A selfie counts from its search's signature on (announced): a rush's first requests, the
// signatures and uploads, then do not share the cores and the memory bus with a photo's full-size passes either.

/**
 * How long a photo step waits for the searches at most, and a whole photo: a rush that never ends (or a client that
 * keeps signing uploads it never sends) still lets indexing go on, a photo at least every minute or so per worker.
 */
export const MOST_PAUSE_MS = 10_000;
export const MOST_PHOTO_PAUSE_MS = 60_000;
const POLL_MS = 15;

let searching: Int32Array | undefined;
let inPhoto = false;
/** What the photo job under way may still wait, in all its steps. */
let photoPauseLeft = 0;

/** This worker indexes photos: it will pause for the searches counted in `shared` (the pool's). */
export function watchSearches(shared: SharedArrayBuffer): void {
  searching = new Int32Array(shared);
}

/** Runs a photo's indexing, which pauses for searches at its steps (yieldToSearches), `mostPauseMs` in all. */
export async function asPhotoJob<T>(work: () => Promise<T>, mostPauseMs = MOST_PHOTO_PAUSE_MS): Promise<T> {
  inPhoto = true;
  photoPauseLeft = mostPauseMs;
  try {
    return await work();
  } finally {
    inPhoto = false;
  }
}

/**
 * Within a photo job of a watching worker: waits while any selfie is counted (waiting, being embedded, announced), at
 * most `mostMs` here and what is left of the photo's own bound.
 */
export async function yieldToSearches(mostMs = MOST_PAUSE_MS): Promise<void> {
  const word = searching;
  if (!inPhoto || !word || photoPauseLeft <= 0 || Atomics.load(word, 0) === 0) return;
  const started = performance.now();
  const until = started + Math.min(mostMs, photoPauseLeft);
  while (Atomics.load(word, 0) > 0 && performance.now() < until)
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  photoPauseLeft -= performance.now() - started;
}

/** The pool's side: a shared word counting the selfies waiting or being embedded. */
export function searchCounter(): { shared: SharedArrayBuffer; set(selfies: number): void } {
  const shared = new SharedArrayBuffer(4);
  const word = new Int32Array(shared);
  return { shared, set: (selfies) => Atomics.store(word, 0, selfies) };
}

/**
 * Selfies announced (a search signed its upload) and not arrived yet, each for `withinMs` at most: the pool's count
 * includes them. An arriving selfie takes the announcement that lapses first (which one does not matter).
 */
export class Announcements {
  private readonly lapses: number[] = [];

  constructor(private readonly most = 1000) {}

  announce(now: number, withinMs: number): void {
    const at = now + withinMs;
    let i = this.lapses.length;
    while (i > 0 && (this.lapses[i - 1] as number) > at) i--;
    this.lapses.splice(i, 0, at);
    // A flood of signatures without uploads keeps only the newest: it holds indexing no longer for its size.
    if (this.lapses.length > this.most) this.lapses.splice(0, this.lapses.length - this.most);
  }

  /** A selfie arrived: it uses up the oldest live announcement (the lapsed ones are forgotten first). */
  arrived(now: number): void {
    this.active(now);
    this.lapses.shift();
  }

  /** Those not lapsed at `now` (the lapsed ones are forgotten). */
  active(now: number): number {
    while (this.lapses.length > 0 && (this.lapses[0] as number) <= now) this.lapses.shift();
    return this.lapses.length;
  }

  /** When the next one lapses, if any. */
  nextLapse(): number | undefined {
    return this.lapses[0];
  }
}
