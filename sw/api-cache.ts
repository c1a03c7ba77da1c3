// The service worker's cache of event data: the answers of the read-only calls that a page of events
// needs (home lists, the banner and upcoming list, an event, its highlights, its stages and times, a team) are kept
// so every event visited opens offline. Stale-while-revalidate within a few minutes: a recent kept answer is given
// at once and the fresh one replaces it behind; when that differs, the open pages are told (API_UPDATED) so they
// show it. An older kept answer (prices and sale dates change) waits for the network a few seconds, and is given
// only when the network fails or is slow. An event the server no longer knows (404) is forgotten. Some of these calls are POSTs (SPEC §7): the Cache API keeps only GETs, so each answer is kept under a GET key
// made from the call's path and a hash of its JSON body.
// Never kept: calls that change state or carry a buyer's data (order create, selfie sign and search, logs, conf,
// card payment, find-order), and order inquiry (the order page keeps its last answer in IndexedDB, marked offline).
import { CacheExpiration } from 'workbox-expiration';
import { sortedJson } from '../core/json';
import { API_UPDATED, type CarriedAnswer, type WorkerToPage } from '../core/sw-messages';

/** GET calls under /api whose answers are event data. */
const GET_CALLS: RegExp[] = [
  /^\/api\/v1\/events\/(soon|slider-banner)$/,
  /^\/api\/v1\/events\/(team|team-detail|event-key)\/[^/]+$/,
  /^\/api\/v1\/events\/[^/]+\/image-time$/,
  // An event by its key (one path segment; "free-photos" answers are redirects to signed files, never kept).
  /^\/api\/v1\/events\/[^/]+$/,
];

/** POST calls that only read event data. */
const POST_CALLS: ReadonlySet<string> = new Set([
  '/api/v1/events/pagination',
  '/api/v1/events/pagination-count',
  '/api/v1/facesearch/highlight',
  '/api/v1/imagestage/pagination',
  '/api/v1/imagestage/pagination-count',
]);

/** Where kept answers live in the cache: addresses no request ever goes to. */
export const KEY_PREFIX = '/__kept-answer__';

export interface ApiCacheConfig {
  cacheName: string;
  maxEntries: number;
  maxAgeSeconds: number;
  /** A kept answer younger than this is given at once (and refreshed behind); an older one only if the network fails. */
  freshSeconds: number;
  /** How long an older kept answer waits for the network before it is given instead. */
  networkTimeoutMs: number;
}

/** Whether the worker keeps this call's answer (same origin only). */
export function isEventDataCall(url: URL, method: string, origin: string): boolean {
  if (url.origin !== origin) return false;
  if (method === 'GET') return !url.search && GET_CALLS.some((re) => re.test(url.pathname));
  return method === 'POST' && !url.search && POST_CALLS.has(url.pathname);
}

/** The same JSON with its keys in one order, so two bodies that mean the same share a key. */
function canonicalJson(text: string): string {
  try {
    return sortedJson(JSON.parse(text));
  } catch {
    return text;
  }
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The GET address a call's answer is kept under: its path, and for a POST the hash of its body. */
export async function keptAnswerKey(request: Request): Promise<string> {
  const url = new URL(request.url);
  const base = `${url.origin}${KEY_PREFIX}${url.pathname}`;
  if (request.method !== 'POST') return base;
  return `${base}?body=${await sha256Hex(canonicalJson(await request.clone().text()))}`;
}

/** An answer worth keeping: 200 with the API's success status. */
async function successText(response: Response): Promise<string | undefined> {
  if (response.status !== 200) return undefined;
  const text = await response.clone().text();
  try {
    return (JSON.parse(text) as { status?: unknown }).status === 'success' ? text : undefined;
  } catch {
    return undefined;
  }
}

export interface ApiCacheDeps {
  caches: Pick<CacheStorage, 'open'>;
  fetch: (request: Request) => Promise<Response>;
  /** Tells every open page (clients.matchAll + postMessage). */
  tellPages: (message: WorkerToPage) => Promise<void>;
  /** Expiry by count and age; absent in tests that do not look at it. */
  expiration?: Pick<CacheExpiration, 'updateTimestamp' | 'expireEntries'>;
  now?: () => number;
}

export interface ApiCache {
  /**
   * The answer for a kept call: a recent kept one at once (refreshed behind it); else the network's, or the kept
   * one when the network fails or is slow; with nothing kept, the network's whatever it is.
   */
  respond(request: Request, waitUntil: (work: Promise<unknown>) => void): Promise<Response>;
  /**
   * Keeps the event data a page's first screen came with (the server inlined it: the page asked the API nothing),
   * as if the page had asked for it; anything but event data of this origin is ignored.
   */
  keepCarried(answers: readonly CarriedAnswer[], origin: string): Promise<void>;
}

const KEPT_AT = 'x-kept-at';

export function apiCache(config: ApiCacheConfig, deps: ApiCacheDeps): ApiCache {
  const now = deps.now ?? Date.now;

  /** Keeps a good answer (telling the pages when it differs from the kept one); forgets an event that is gone. */
  async function keep(response: Response, key: string, kept: string | undefined): Promise<void> {
    const text = await successText(response);
    const cache = await deps.caches.open(config.cacheName);
    const { pathname } = new URL(key);
    const path = pathname.slice(KEY_PREFIX.length);
    if (text !== undefined) {
      await cache.put(
        key,
        new Response(text, {
          headers: { 'content-type': 'application/json', [KEPT_AT]: new Date(now()).toISOString() },
        }),
      );
      await deps.expiration?.updateTimestamp(key);
      await deps.expiration?.expireEntries();
      if (kept !== undefined && kept !== text) await deps.tellPages({ type: API_UPDATED, path });
    } else if ((response.status === 404 || response.status === 410) && kept !== undefined) {
      // Deleted or renamed on the server: the kept copy must not keep it alive.
      await cache.delete(key);
      await deps.tellPages({ type: API_UPDATED, path });
    }
  }

  /** The network's answer as it comes; keeping it happens behind, so a full or broken cache never fails it. */
  async function fromNetwork(
    request: Request,
    key: string,
    kept: string | undefined,
    waitUntil: (work: Promise<unknown>) => void,
  ): Promise<Response> {
    const response = await deps.fetch(request);
    waitUntil(keep(response.clone(), key, kept).catch(() => undefined));
    return response;
  }

  return {
    async keepCarried(answers, origin) {
      for (const carried of answers) {
        const url = new URL(carried.url, origin);
        if (!isEventDataCall(url, carried.method, origin)) continue;
        const request = new Request(url, {
          method: carried.method,
          ...(carried.method === 'POST' ? { body: JSON.stringify(carried.body ?? null) } : {}),
        });
        const key = await keptAnswerKey(request);
        await keep(new Response(JSON.stringify(carried.answer), { status: 200 }), key, undefined);
      }
    },
    async respond(request, waitUntil) {
      const key = await keptAnswerKey(request);
      const cache = await deps.caches.open(config.cacheName);
      const kept = await cache.match(key).catch(() => undefined);
      if (!kept) return fromNetwork(request, key, undefined, waitUntil);
      const keptText = await kept.clone().text();
      const keptAt = Date.parse(kept.headers.get(KEPT_AT) ?? '');
      const network = fromNetwork(request, key, keptText, waitUntil);
      if (now() - keptAt < config.freshSeconds * 1000) {
        waitUntil(network.catch(() => undefined));
        return kept;
      }
      const timeout = new Promise<undefined>((resolve) => setTimeout(resolve, config.networkTimeoutMs));
      const answer = await Promise.race([network, timeout]).catch(() => undefined);
      // A server in trouble (5xx) or no answer in time: the kept copy; the refresh goes on behind.
      if (answer && answer.status < 500) return answer;
      waitUntil(network.catch(() => undefined));
      return kept;
    },
  };
}

/** The event-data cache as the worker uses it (caching.ts gives the name and limits). */
export function workerApiCache(config: ApiCacheConfig, scope: ServiceWorkerGlobalScope): ApiCache {
  return apiCache(config, {
    caches,
    fetch: (request) => fetch(request),
    tellPages: async (message) => {
      for (const client of await scope.clients.matchAll({ type: 'window' })) client.postMessage(message);
    },
    expiration: new CacheExpiration(config.cacheName, {
      maxEntries: config.maxEntries,
      maxAgeSeconds: config.maxAgeSeconds,
    }),
  });
}
