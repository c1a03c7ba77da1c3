// Owns the one session of the embedded PGlite database: whoever runs SQL on it (the store's own queries and
// transactions, and each client connected through the local socket) holds this lock first. A transaction keeps it
// until it ends, so nobody's statements ever land inside another's transaction. The store's own requests go first:
// when the session is handed on, a waiting store query takes it before a waiting socket client, so a
// busy command line or worker cannot make the buyers wait behind it.

export type Release = () => void;

/** Store grants in a row after which a waiting socket client gets the session. */
export const STORE_GRANTS_BEFORE_CLIENT = 16;

/** Who asks: the store's own queries, or a client of the database socket (the command line, a worker). */
export type Holder = 'store' | 'client';

interface Waiter {
  grant: () => void;
}

export class SessionLock {
  private held = false;
  /** Store grants in a row while a client waited. */
  private storeStreak = 0;
  private readonly waiting: Record<Holder, Waiter[]> = { store: [], client: [] };
  private readonly idleWaiters: (() => void)[] = [];
  private readonly waitListeners = new Set<() => void>();

  /** Waits for the session and returns the function that hands it on (call it exactly once). */
  acquire(holder: Holder = 'store'): Promise<Release> {
    return new Promise<Release>((resolve) => {
      const grant = () => {
        this.held = true;
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          this.handOn();
        });
      };
      if (!this.held) {
        grant();
        return;
      }
      this.waiting[holder].push({ grant });
      for (const listener of this.waitListeners) listener();
    });
  }

  private handOn(): void {
    // The store first, but a waiting client is not starved: after STORE_GRANTS_BEFORE_CLIENT store grants in a row
    // the next grant is a waiting client's.
    const clientTurn = this.waiting.client.length > 0 && this.storeStreak >= STORE_GRANTS_BEFORE_CLIENT;
    const fromStore = !clientTurn && this.waiting.store.length > 0;
    const next = fromStore ? this.waiting.store.shift() : this.waiting.client.shift();
    this.storeStreak = fromStore ? this.storeStreak + 1 : 0;
    if (next) {
      next.grant();
      return;
    }
    this.held = false;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /** Holders waiting for the session now (not counting the one that has it). */
  get queued(): number {
    return this.waiting.store.length + this.waiting.client.length;
  }

  /** Calls `listener` whenever someone starts waiting for the session; returns the unsubscribe. */
  onWait(listener: () => void): () => void {
    this.waitListeners.add(listener);
    return () => this.waitListeners.delete(listener);
  }

  /** Resolves once the session is free and nobody waits for it. */
  async idle(): Promise<void> {
    if (!this.held && this.queued === 0) return;
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }
}
