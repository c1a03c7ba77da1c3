// Reading a request's body as it streams in, never more than a bound (routes/storage.ts, the share target).

/**
 * The body of a request, read as it streams in and given up as soon as it passes `limit` bytes (a chunked upload
 * declares no length: it is never held whole beyond the limit).
 */
export async function readAtMost(request: Request, limit: number): Promise<Uint8Array | 'too large'> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not cancelled: that would close the connection under a client still sending, which then never sees the
      // answer. The store's server reads the rest and drops it (http-server.ts).
      reader.releaseLock();
      return 'too large';
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/**
 * Reads a request's body and drops it as it comes (nothing is kept): 'done' when it ended within `limit` bytes,
 * 'too large' beyond them, 'stalled' when no byte came for `idleMs`. Beyond the limit the rest is left to the
 * store's server (http-server.ts reads and drops it, or closes the connection); a stalled body is cancelled.
 */
export async function dropAtMost(
  request: Request,
  limit: number,
  idleMs: number,
): Promise<'done' | 'too large' | 'stalled'> {
  if (!request.body) return 'done';
  const reader = request.body.getReader();
  let size = 0;
  for (;;) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const idle = new Promise<'stalled'>((resolve) => {
      timer = setTimeout(() => resolve('stalled'), idleMs);
    });
    const next = await Promise.race([reader.read(), idle]);
    clearTimeout(timer);
    if (next === 'stalled') {
      await reader.cancel().catch(() => undefined);
      return 'stalled';
    }
    if (next.done) return 'done';
    size += next.value.byteLength;
    if (size > limit) {
      reader.releaseLock();
      return 'too large';
    }
  }
}
