// A process's stop: on SIGTERM or SIGINT the store tells whoever holds a request open (the order page's
// long polls) to answer now, answers what still arrives for DRAIN_SECONDS, stops taking connections, answers what is
// in flight, lets its jobs end or gives them back to the queue, closes the database and exits, all within
// SHUTDOWN_SECONDS (ops/shutdown.ts). This is the part the HTTP answers see: whether the process is stopping, and
// what is told when it begins.
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
   * While stopping (the drain, then the requests in flight: ops/shutdown.ts), each answer closes its connection after
   * it, so a kept-alive client opens its next one, on another process once the load balancer has seen /readyz's 503;
   * the server never closes a connection its client may be sending on.
   */
  middleware(): MiddlewareHandler {
    return async (c, next) => {
      await next();
      if (this.stopping) c.header('Connection', 'close');
    };
  }
}
