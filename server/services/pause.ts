// Waiting that a stop cuts short: job loops, watches and hot folders wait between rounds with it.

/** Resolves after `ms`, or at once when `signal` aborts (never rejects). */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    if (signal?.aborted) done();
    else signal?.addEventListener('abort', done, { once: true });
  });
}
