// Per-client rate limits for the calls that cost the most or could be used to guess: selfie signing, face search
// and find-order, on rate-limiter-flexible. One store process keeps them in memory; API processes that share a
// PostgreSQL database (DATABASE_URL) count in its rate_limits table, so a client cannot multiply its allowance by the
// number of processes (if that database fails, each process falls back to counting in its own memory).
import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type pg from 'pg';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { ErrorAnswer } from '../../core/contract/common';

export interface RateLimitOptions {
  /** Requests allowed in a burst. */
  capacity: number;
  /** Requests given back per minute, on average. */
  perMinute: number;
}

export interface RateLimiter {
  /** Counts one request of the client; answers how many seconds to wait when it is over (0 = allowed). */
  take(client: string): Promise<number>;
  /** Whether the client was counted in the current window (a memory of what it did lately, without counting). */
  seen(client: string): Promise<boolean>;
}

/** The burst, and a window as long as the refill of the whole burst takes: the same long-run rate. */
const windowOf = (name: string, options: RateLimitOptions) => ({
  keyPrefix: name,
  points: options.capacity,
  duration: Math.max(1, Math.round((options.capacity * 60) / options.perMinute)),
});

function limiterOver(flexible: RateLimiterAbstract): RateLimiter {
  return {
    async take(client) {
      try {
        await flexible.consume(client);
        return 0;
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes) return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
        throw refusal;
      }
    },
    async seen(client) {
      const counted = await flexible.get(client);
      return counted !== null && counted.consumedPoints > 0;
    },
  };
}

/** Counts in this process's memory (one API process). */
export function memoryLimiter(name: string, options: RateLimitOptions): RateLimiter {
  return limiterOver(new RateLimiterMemory(windowOf(name, options)));
}

/** Counts in the database's rate_limits table (migration 0005), shared by every API process on it. */
export function postgresLimiter(pool: pg.Pool, name: string, options: RateLimitOptions): RateLimiter {
  return limiterOver(
    new RateLimiterPostgres({
      ...windowOf(name, options),
      storeClient: pool,
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true,
      clearExpiredByTimeout: true,
      insuranceLimiter: new RateLimiterMemory(windowOf(name, options)),
    }),
  );
}

/** TRUSTED_PROXIES' default: a proxy on this machine (server/config.ts). */
export const LOOPBACK_PROXIES: readonly string[] = ['127.0.0.0/8', '::1'];

/** Whether a connection's address is one of the store's own proxies. */
export type ProxyAddresses = (address: string) => boolean;

/**
 * An address as a BlockList takes it: brackets and an IPv6 zone dropped, an IPv4-mapped IPv6 address
 * (::ffff:127.0.0.1, how a dual-stack listener sees an IPv4 client) as the IPv4 address it is.
 */
function plainAddress(address: string): { address: string; family: 'ipv4' | 'ipv6' } | undefined {
  const bare = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  const plain = mapped ?? bare;
  const family = isIP(plain);
  return family === 0 ? undefined : { address: plain, family: family === 4 ? 'ipv4' : 'ipv6' };
}

/**
 * The proxies' addresses (TRUSTED_PROXIES: single addresses or CIDR blocks, IPv4 and IPv6; an IPv4-mapped IPv6
 * entry stands for its IPv4 address or block) as a check of a connection's address. An entry that is neither is an
 * error (server/config.ts refuses it before).
 */
export function proxyAddresses(entries: readonly string[]): ProxyAddresses {
  const list = new BlockList();
  for (const entry of entries) {
    const [given = '', bits, extra] = entry.trim().split('/');
    const family = isIP(given);
    const max = family === 4 ? 32 : 128;
    const prefix = bits === undefined ? undefined : Number(bits);
    if (
      family === 0 ||
      extra !== undefined ||
      (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= max))
    )
      throw new Error(`not an address or a CIDR block: "${entry}"`);
    const plain = plainAddress(given) as NonNullable<ReturnType<typeof plainAddress>>;
    // ::ffff:10.0.0.0/104 is 10.0.0.0/8; a block wider than the mapped range stays an IPv6 block.
    const mapped = plain.family === 'ipv4' && family === 6;
    if (mapped && prefix !== undefined && prefix < 96) list.addSubnet(given, prefix, 'ipv6');
    else if (prefix === undefined) list.addAddress(plain.address, plain.family);
    else list.addSubnet(plain.address, mapped ? prefix - 96 : prefix, plain.family);
  }
  return (address) => {
    const plain = plainAddress(address);
    return plain !== undefined && list.check(plain.address, plain.family);
  };
}

const fromLoopback = proxyAddresses(LOOPBACK_PROXIES);

/** The socket's remote address; undefined for a request made inside this process (it has no socket). */
function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return undefined;
  }
}

/**
 * The client's address, the one rule for every per-client limit. With no trusted proxy, the socket's. Behind
 * `trustedProxies` reverse proxies, each appending the address it saw to X-Forwarded-For, the entry that many
 * places from the right: what the outermost proxy saw. That header is believed only on a connection from one of
 * the proxies (`fromProxy`, TRUSTED_PROXIES): anyone who reaches the store's port directly writes it themselves,
 * so such a connection counts as its socket's address. Entries to the left of the proxies' are written by the
 * client and never believed; a header shorter than that (a request that bypassed the proxies) falls back to the
 * socket. A request made inside this process (no socket) is the store's own: its header is believed.
 */
export function clientAddress(
  c: Context,
  trustedProxies = 0,
  fromProxy: ProxyAddresses = fromLoopback,
): string {
  const socket = socketAddress(c);
  if (trustedProxies > 0 && (socket === undefined || fromProxy(socket))) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter((hop) => hop !== '');
    const seen = hops[hops.length - trustedProxies];
    if (seen) return clientOfAddress(seen);
  }
  return clientOfAddress(socket ?? 'unknown');
}

/**
 * Who an address stands for: an IPv4 address itself (also written IPv4-mapped, ::ffff:a.b.c.d); an IPv6 address by
 * its /64, the block one subscriber gets (else each address of one /64 would have its own allowance).
 */
export function clientOfAddress(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return mapped[1] as string;
  if (!bare.includes(':')) return bare;
  const [head = '', tail] = bare.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups];
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return bare;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export function rateLimit(limiter: RateLimiter, key: (c: Context) => string): MiddlewareHandler {
  return async (c, next) => {
    const wait = await limiter.take(key(c));
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      return c.json<ErrorAnswer>(
        {
          status: 'error',
          code: 'too-many-requests',
          message: `too many requests, try again in ${wait} s`,
          message_th: `ส่งคำขอถี่เกินไป กรุณาลองใหม่ใน ${wait} วินาที`,
          retry_after: wait,
        },
        429,
      );
    }
    await next();
  };
}
