// Every request's id, access log line and metrics. The id is the proxy's X-Request-Id when it sends a
// sane one, else a new one; it is on every log line written while the request is answered (ops/log.ts) and in the
// answer's X-Request-Id header, so a buyer's "it failed" can be found in the log. The access line names the route's
// pattern and the address with its secrets cut (an order's, an upload link's, an alert's) and no query string (a
// mobile number, a token); health and metrics scrapes are logged at debug only.
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { log, withRequestId } from './log';
import { httpDuration, httpRequests, statusClass } from './metrics';

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;
/** Paths probed often by machines: their lines are debug. */
const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * The path as logged: a segment that looks like a secret or an id a buyer's address carries (16 or more letters,
 * digits, "-" or "_") keeps its first 4 characters; mobile numbers and e-mails are masked by the log itself.
 */
export function loggedPath(path: string): string {
  return path
    .slice(0, 300)
    .split('/')
    .map((segment) => (/^[A-Za-z0-9_-]{16,}$/.test(segment) ? `${segment.slice(0, 4)}…` : segment))
    .join('/');
}

/** The route a request matched (its pattern), or "unmatched" for an address no route knows. */
function routeOf(c: Parameters<MiddlewareHandler>[0]): string {
  try {
    const route = routePath(c);
    return route && route !== '*' && route !== '/*' ? route : 'other';
  } catch {
    return 'other';
  }
}

export function requestLog(): MiddlewareHandler {
  return async (c, next) => {
    const given = c.req.header('x-request-id');
    const reqId = given && SANE_REQUEST_ID.test(given) ? given : randomUUID();
    const started = performance.now();
    await withRequestId(reqId, async () => {
      await next();
      const status = c.res.status;
      const route = routeOf(c);
      const seconds = (performance.now() - started) / 1000;
      c.res.headers.set('X-Request-Id', reqId);
      httpRequests.inc({ method: c.req.method, route, status: String(status) });
      httpDuration.observe({ method: c.req.method, route, status_class: statusClass(status) }, seconds);
      const line = {
        method: c.req.method,
        path: loggedPath(c.req.path),
        route,
        status,
        ms: Math.round(seconds * 1000),
      };
      if (QUIET_PATHS.has(c.req.path)) log.debug('request', line);
      else if (status >= 500) log.error('request', line);
      else log.info('request', line);
    });
  };
}
