// Per-client rate limits (token buckets in memory) for the calls that cost the most or could be used to guess:
// selfie signing, face search and find-order. One bucket per limit and client address.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { ErrorAnswer } from '../../core/contract/common';

export interface RateLimitOptions {
  /** Requests allowed in a burst. */
  capacity: number;
  /** Requests given back per minute. */
  perMinute: number;
  now?: () => number;
  /** At most this many clients are remembered; the least recently seen are forgotten first. */
  maxClients?: number;
}

interface Bucket {
  tokens: number;
  updated: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly now: () => number;

  constructor(private readonly options: RateLimitOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Takes one token; answers how many seconds to wait when none is left (0 = allowed). */
  take(client: string): number {
    const now = this.now();
    const ratePerMs = this.options.perMinute / 60_000;
    const bucket = this.buckets.get(client) ?? { tokens: this.options.capacity, updated: now };
    bucket.tokens = Math.min(this.options.capacity, bucket.tokens + (now - bucket.updated) * ratePerMs);
    bucket.updated = now;
    this.buckets.delete(client); // re-insert: Map order is the recency order
    this.buckets.set(client, bucket);
    this.forgetOldest();
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - bucket.tokens) / ratePerMs / 1000);
  }

  private forgetOldest(): void {
    const max = this.options.maxClients ?? 50_000;
    for (const key of this.buckets.keys()) {
      if (this.buckets.size <= max) break;
      this.buckets.delete(key);
    }
  }
}

/** The client's address: the socket's, or the first X-Forwarded-For hop when TRUST_PROXY says a proxy sets it. */
export function clientAddress(c: Context, trustProxy = process.env.TRUST_PROXY === '1'): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // requests made in-process (tests) have no socket
  }
}

export function rateLimit(
  limiter: RateLimiter,
  key: (c: Context) => string = (c) => clientAddress(c),
): MiddlewareHandler {
  return async (c, next) => {
    const wait = limiter.take(key(c));
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      return c.json<ErrorAnswer>(
        { status: 'error', message: `too many requests, try again in ${wait} s` },
        429,
      );
    }
    await next();
  };
}
