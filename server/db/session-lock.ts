// Owns the one session of the embedded PGlite database: whoever runs SQL on it (the store's own queries and
// transactions, and each client connected through the local socket) holds this lock first, first come first served.
// A transaction keeps it until it ends, so nobody's statements ever land inside another's transaction.

export type Release = () => void;

export class SessionLock {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;

  /** Waits for the session and returns the function that hands it on (call it exactly once). */
  async acquire(): Promise<Release> {
    const previous = this.tail;
    let release!: Release;
    this.tail = new Promise<void>((resolve) => {
      let released = false;
      release = () => {
        if (released) return;
        released = true;
        resolve();
      };
    });
    this.waiting += 1;
    try {
      await previous;
    } finally {
      this.waiting -= 1;
    }
    return release;
  }

  /** Holders waiting for the session now (not counting the one that has it). */
  get queued(): number {
    return this.waiting;
  }

  /** Resolves once everyone who asked before this call has released the session. */
  async idle(): Promise<void> {
    await this.tail;
  }
}
