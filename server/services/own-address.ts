// The store's own address as its public answers write it (robots.txt, the sitemap, a page's canonical, og:url and
// og:image, the origin the server renders a page at, the addresses given to payment gateways): PUBLIC_BASE_URL when
// it is set. Without it (the demo, on the sandbox gateway) a request's origin is written only when its host is one
// ALLOWED_HOSTS lists; any other Host gets the address the store listens on. A request's Host is the client's own
// word: written into an answer a shared cache or a search engine keeps, it would send every later reader to whatever
// host that client named.
import type { AppContext } from '../context';

export interface OwnAddressSettings {
  /** ALLOWED_HOSTS, lower case: "host" allows any port of that host, "host:port" that port only. */
  allowedHosts: readonly string[];
  /** Where the store listens (HOST, PORT): its address is written for a request from any other host. */
  host: string;
  port: number;
}

const WILDCARD_HOSTS = new Set(['', '0.0.0.0', '::', '[::]']);

/** The address of a listener on `host` and `port`; a wildcard host (every address of the machine) is loopback's. */
export function listenerAddress(host: string, port: number): string {
  const name = WILDCARD_HOSTS.has(host)
    ? '127.0.0.1'
    : host.includes(':') && !host.startsWith('[')
      ? `[${host}]`
      : host;
  try {
    return new URL(`http://${name}:${port}`).origin;
  } catch {
    // A HOST no address can hold: the store could not listen on it either.
    return `http://127.0.0.1:${port}`;
  }
}

/** Whether `url`'s host is one of `allowedHosts` (an entry with a port: on that port only). */
export function isAllowedHost(allowedHosts: readonly string[], url: URL): boolean {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowedHosts.some((entry) => entry === url.hostname || entry === `${url.hostname}:${port}`);
}

/**
 * The store's own address (no trailing slash) in an answer to the request at `requestUrl`: PUBLIC_BASE_URL, else
 * the request's origin when its host is allowed, else the listener's address.
 */
export function ownAddressOf(
  ctx: Pick<AppContext, 'publicBaseUrl' | 'ownAddress'>,
  requestUrl: string,
): string {
  if (ctx.publicBaseUrl) return ctx.publicBaseUrl;
  const { allowedHosts, host, port } = ctx.ownAddress;
  let url: URL | undefined;
  try {
    url = new URL(requestUrl);
  } catch {
    url = undefined;
  }
  if (url && (url.protocol === 'http:' || url.protocol === 'https:') && isAllowedHost(allowedHosts, url))
    return url.origin;
  return listenerAddress(host, port);
}
