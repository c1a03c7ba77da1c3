// A process's stop (issue 38): on SIGTERM or SIGINT the store stops taking connections, tells whoever holds a
// request open (the order page's long polls) to answer now, answers what is in flight, lets its jobs end or gives
// them back to the queue, closes the database and exits, all within SHUTDOWN_SECONDS. This is the part the HTTP
// answers see: whether the process is stopping, and what is told when it begins.
import type { MiddlewareHandler } from 'hono';

export class Lifecycle {
  private stoppingAt: number | undefined;
  private readonly hooks = new Set<() => void>();

  /** True once the stop has begun. */
  get stopping(): boolean {
    return this.stoppingAt !== undefined;
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

  /**
   * While stopping, each answer closes its connection after it (a kept-alive client goes to another process); the
   * HTTP server's own close waits for the requests in flight (ops/shutdown.ts).
   */
  middleware(): MiddlewareHandler {
    return async (c, next) => {
      await next();
      if (this.stopping) c.header('Connection', 'close');
    };
  }
}
