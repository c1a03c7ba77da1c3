// A process's stop (issue 38): on SIGTERM or SIGINT the store stops taking connections, tells whoever holds a
// request open (the order page's long polls) to answer now, answers what is in flight, lets its jobs end or gives
// them back to the queue, closes the database and exits, all within SHUTDOWN_SECONDS. This is the part the HTTP
// answers see: whether the process is stopping, and how many requests are still being answered.
import type { MiddlewareHandler } from 'hono';

export class Lifecycle {
  private stoppingAt: number | undefined;
  private inFlight = 0;
  private readonly hooks = new Set<() => void>();
  private idleWaiters: (() => void)[] = [];

  /** True once the stop has begun. */
  get stopping(): boolean {
    return this.stoppingAt !== undefined;
  }

  /** Requests being answered now. */
  get requestsInFlight(): number {
    return this.inFlight;
  }

  /** Calls `hook` when the stop begins (at once if it has); returns the unsubscribe. */
  onStop(hook: () => void): () => void {
    if (this.stopping) hook();
    else this.hooks.add(hook);
    return () => this.hooks.delete(hook);
  }

  /** Begins the stop: every hook is called once. */
  begin(): void {
    if (this.stopping) return;
    this.stoppingAt = Date.now();
    for (const hook of [...this.hooks]) {
      try {
        hook();
      } catch {
        // A hook that fails must not keep the others from running.
      }
    }
    this.hooks.clear();
  }

  /** Counts the requests in flight; while stopping, each answer closes its connection after it. */
  middleware(): MiddlewareHandler {
    return async (c, next) => {
      this.inFlight += 1;
      try {
        await next();
        if (this.stopping) c.header('Connection', 'close');
      } finally {
        this.inFlight -= 1;
        if (this.inFlight === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
      }
    };
  }

  /** Resolves true once no request is in flight, or false after `ms`. */
  drained(ms: number): Promise<boolean> {
    if (this.inFlight === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}
