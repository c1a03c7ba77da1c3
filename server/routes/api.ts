// Every API area of SPEC §7, mounted under /api by app.ts, with body-size and per-client rate limits.
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ErrorAnswer } from '../../core/contract/common';
import type { AppContext } from '../context';
import type { Lifecycle } from '../ops/lifecycle';
import type { EventNameSearches } from '../services/bib-search';
import { orderWatchOf } from '../services/order-watch';
import { checkOpenPayments } from '../services/payments/check-open';
import {
  clientAddress,
  LOOPBACK_PROXIES,
  memoryLimiter,
  proxyAddresses,
  type RateLimiter,
  type RateLimitOptions,
  rateLimit,
} from '../services/rate-limit';
import { alertRoutes } from './alerts';
import { bibSearchRoutes } from './bibsearch';
import { eventsRoutes } from './events';
import { faceSearchV1Routes, faceSearchV2Routes } from './facesearch';
import { finisherCardRoutes, finisherPageRoutes } from './finisher-cards';
import { imageStageRoutes } from './imagestage';
import { logsRoutes } from './logs';
import { orderRoutes } from './order';
import { paymentCallbackRoutes } from './payment-callbacks';
import { privacyRoutes } from './privacy';
import { privacyDataRoutes } from './privacy-data';
import { sandboxRoutes } from './sandbox';
import { uploadRoutes } from './uploads';
import { utilsRoutes } from './utils';

/** JSON calls are small; the older multipart face search carries a photo under 5 MB. */
const JSON_BODY_LIMIT = 1024 * 1024;
const MULTIPART_BODY_LIMIT = 6 * 1024 * 1024;

const limitBody = (maxSize: number) =>
  bodyLimit({
    maxSize,
    onError: (c) => c.json<ErrorAnswer>({ status: 'error', message: 'request body is too large' }, 413),
  });

type LimitName =
  | 'sign'
  | 'search'
  | 'names'
  | 'uploads'
  | 'alerts'
  | 'findOrder'
  | 'logs'
  | 'share'
  | 'cards'
  | 'createOrder'
  | 'freeNotices'
  | 'callbacks'
  | 'alertEmails'
  | 'searched';

export type ApiLimits = Record<LimitName, RateLimiter> & {
  /** Whose limit a request counts against (services/rate-limit.ts clientAddress). */
  clientOf: (c: Context) => string;
  /** Each event's name searches of the day, whoever sends them (services/bib-search.ts). */
  namesOfEvent: EventNameSearches;
};

/**
 * Per client: a burst of 10 then 30 a minute for signing and searching; 20 then 10 a minute for find-order; 30
 * then 60 a minute for the usage logs (one per page an event shows); 5 then 10 a minute for photos shared to the
 * app that reach the server (a runner shares one selfie at a time); 20 orders a minute (a finish line's shared
 * address has many buyers); and the notices of 3 orders that paid nothing an hour (each one sends an SMS
 * and an e-mail to whatever the caller typed).
 */
export const LIMITS: Record<LimitName, RateLimitOptions> = {
  sign: { capacity: 10, perMinute: 30 },
  search: { capacity: 10, perMinute: 30 },
  // The start list's name search: a runner finds their bib in a try or two; a list is not walked.
  names: { capacity: 5, perMinute: 10 },
  // A photographer's upload page: two calls a photo, hundreds of photos in a go.
  uploads: { capacity: 120, perMinute: 600 },
  // Runners' alerts of new photos: made once after a search, looked at when a notification is tapped.
  alerts: { capacity: 10, perMinute: 20 },
  findOrder: { capacity: 20, perMinute: 10 },
  logs: { capacity: 30, perMinute: 60 },
  share: { capacity: 5, perMinute: 10 },
  // Finisher cards: each drawn from its original (about a second of a core). A runner makes a few in a go (the
  // address and the card count one each: a feed, a story, a link), and runners at a finish share a carrier's address.
  cards: { capacity: 20, perMinute: 40 },
  createOrder: { capacity: 20, perMinute: 20 },
  freeNotices: { capacity: 3, perMinute: 3 / 60 },
  // A gateway's servers send every payment's callbacks from a few addresses: a rush's worth, not an attack's.
  callbacks: { capacity: 120, perMinute: 300 },
  // E-mail alerts a client asks for in a day (each sends a confirmation to the address typed): a phone's few, or a
  // finish line's shared address's handful, not a list's.
  alertEmails: { capacity: 10, perMinute: 10 / (24 * 60) },
  // Not a limit but a memory: a client's searches of an event (client|event) over the last 3 hours. An e-mail alert
  // follows its asker's search of that event.
  searched: { capacity: 1_000_000, perMinute: 1_000_000 / 180 },
};

/**
 * An event's name searches over a day, counted by `make` in one counter for each allowance (an event's allowance
 * follows its start list's size, in a few steps: services/bib-search.ts eventNameSearchesPerDay).
 */
function eventNameSearches(
  make: (name: string, options: RateLimitOptions) => RateLimiter,
): EventNameSearches {
  const counters = new Map<number, RateLimiter>();
  return (eventId, dailyCap) => {
    let counter = counters.get(dailyCap);
    if (!counter) {
      counter = make(`names-event-${dailyCap}`, { capacity: dailyCap, perMinute: dailyCap / (24 * 60) });
      counters.set(dailyCap, counter);
    }
    return counter.take(String(eventId));
  };
}

/**
 * The limits counted by `make` (memoryLimiter for one process, postgresLimiter for several on one database), per
 * client address as seen through `trustedProxies` reverse proxies (TRUST_PROXY) whose addresses are
 * `trustedProxyAddresses` (TRUSTED_PROXIES; a connection from elsewhere counts as its own address).
 */
export function apiLimits(
  make: (name: string, options: RateLimitOptions) => RateLimiter = memoryLimiter,
  trustedProxies = 0,
  trustedProxyAddresses: readonly string[] = LOOPBACK_PROXIES,
): ApiLimits {
  const fromProxy = proxyAddresses(trustedProxyAddresses);
  return {
    sign: make('sign', LIMITS.sign),
    search: make('search', LIMITS.search),
    names: make('names', LIMITS.names),
    uploads: make('uploads', LIMITS.uploads),
    alerts: make('alerts', LIMITS.alerts),
    findOrder: make('find-order', LIMITS.findOrder),
    logs: make('logs', LIMITS.logs),
    share: make('share', LIMITS.share),
    cards: make('cards', LIMITS.cards),
    createOrder: make('create-order', LIMITS.createOrder),
    freeNotices: make('free-notices', LIMITS.freeNotices),
    callbacks: make('callbacks', LIMITS.callbacks),
    alertEmails: make('alert-emails', LIMITS.alertEmails),
    searched: make('searched', LIMITS.searched),
    clientOf: (c) => clientAddress(c, trustedProxies, fromProxy),
    namesOfEvent: eventNameSearches(make),
  };
}
export const defaultLimits = (): ApiLimits => apiLimits();

/** The key of a client's searches of one event in the `searched` memory. */
export const searchedKey = (client: string, eventKey: string) => `${client}|${eventKey}`;

export function apiRoutes(ctx: AppContext, limits: ApiLimits = defaultLimits(), lifecycle?: Lifecycle) {
  const api = new Hono({ strict: false });
  const multipart = limitBody(MULTIPART_BODY_LIMIT);
  const json = limitBody(JSON_BODY_LIMIT);
  const sizeLimit: MiddlewareHandler = (c, next) =>
    (c.req.path === '/api/v1/facesearch' || c.req.path === '/api/v1/privacy/removal' ? multipart : json)(
      c,
      next,
    );
  api.use(sizeLimit);
  const client = limits.clientOf;
  api.use('/v2/facesearch/sign', rateLimit(limits.sign, client));
  api.on(
    'POST',
    ['/v2/facesearch', '/v2/facesearch/similar', '/v1/facesearch', '/v1/bibsearch', '/v1/privacy/removal'],
    rateLimit(limits.search, client),
  );
  api.on('POST', ['/v1/bibsearch/runners'], rateLimit(limits.names, client));
  api.use('/v1/uploads/*', rateLimit(limits.uploads, client));
  api.use('/v1/alerts/*', rateLimit(limits.alerts, client));
  api.use('/v1/privacy/withdraw', rateLimit(limits.alerts, client));
  api.on(
    'POST',
    ['/v1/privacy/code', '/v1/privacy/verify', '/v1/privacy/data', '/v1/privacy/erase'],
    rateLimit(limits.alerts, client),
  );
  api.use('/v1/order/find-order', rateLimit(limits.findOrder, client));
  api.on('POST', ['/v1/order/create', '/v3/order/create'], rateLimit(limits.createOrder, client));
  api.use('/payments/*', rateLimit(limits.callbacks, client));
  api.use('/v1/logs/*', rateLimit(limits.logs, client));
  // The wildcard takes the base path too: a card's address and the card itself, each counted once.
  api.use('/v1/orders/card/*', rateLimit(limits.cards, client));
  api.use('/v1/finisher/remove', rateLimit(limits.cards, client));
  // A client's searches of an event that answered, remembered for its e-mail alerts (services/alerts/alerts.ts).
  api.on('POST', ['/v2/facesearch', '/v2/facesearch/similar', '/v1/bibsearch'], async (c, next) => {
    await next();
    if (c.res.status !== 200) return;
    const body = (await c.req.json().catch(() => undefined)) as { event_key?: unknown } | undefined;
    if (typeof body?.event_key === 'string')
      await limits.searched.take(searchedKey(client(c), body.event_key));
  });

  api.route('/v1/events', eventsRoutes(ctx));
  api.route('/v1/facesearch', faceSearchV1Routes(ctx));
  api.route('/v2/facesearch', faceSearchV2Routes(ctx));
  api.route('/v1/bibsearch', bibSearchRoutes(ctx, limits.namesOfEvent));
  api.route('/v1/uploads', uploadRoutes(ctx));
  api.route('/v1/alerts', alertRoutes(ctx, limits));
  api.route('/v1/privacy', privacyRoutes(ctx));
  api.route('/v1/privacy', privacyDataRoutes(ctx, limits));
  api.route('/v1/imagestage', imageStageRoutes(ctx));
  api.route('/v1/logs', logsRoutes(ctx));
  api.route('/v1/orders/card', finisherCardRoutes(ctx));
  api.route('/v1/finisher', finisherPageRoutes(ctx));
  const watch = orderWatchOf(ctx.db, {
    checkOpen: (orderId) => checkOpenPayments(ctx, ctx.payments, orderId),
  });
  // A stopping process answers the held polls at once, with the order as it is (the page asks another process).
  lifecycle?.onStop(() => watch.close());
  const orderDeps = { watch, clientOf: client, freeNotices: limits.freeNotices };
  api.route('/v1/order', orderRoutes(ctx, 'v1', orderDeps));
  api.route('/v2/order', orderRoutes(ctx, 'v2', orderDeps));
  api.route('/v3/order', orderRoutes(ctx, 'v3', orderDeps));
  const callbacks = paymentCallbackRoutes(ctx);
  api.route('/payments', callbacks);
  if (ctx.payments.name === 'SANDBOX') {
    // The sandbox's callbacks travel the route a real gateway's do (its verification, its answers), from inside this
    // process: not counted against the callers' limit of posts from outside.
    const own = new Hono({ strict: false }).route('/payments', callbacks);
    api.route(
      '/sandbox',
      sandboxRoutes(ctx, (path, init) => Promise.resolve(own.request(path, init))),
    );
  }
  api.route('/v1/utils', utilsRoutes(ctx));
  api.all('*', (c) =>
    c.json<ErrorAnswer>({ status: 'error', message: `no such call: ${c.req.method} ${c.req.path}` }, 404),
  );
  return api;
}
