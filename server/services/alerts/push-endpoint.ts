// Which push endpoints the store sends to. A runner's browser gives its subscription's endpoint, so the address is
// the client's word: the store sends only to the push services it knows (PUSH_SERVICES; by default the browsers'
// own), over https, to a host whose every address is public, looked up again at each connection (a name may change
// its answer between the check and the send), and never follows a redirect. An origin the operator names whole in
// PUSH_SERVICES (a test's local push service) is exempt from the https and address rules: the operator chose it.
import dns from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** The browsers' push services: Chrome, Edge, Opera and Samsung (FCM), Firefox, Safari, and Edge's own (WNS). */
export const DEFAULT_PUSH_SERVICES = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  'web.push.apple.com',
  '*.push.apple.com',
  '*.notify.windows.com',
] as const;

export type EndpointVerdict = { ok: true; checkAddresses: boolean } | { ok: false; reason: string };

/** Where no push service is: this machine, private networks, link-local (cloud metadata), CGNAT, reserved ranges. */
const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv6');

/** An address a push service can have: none of the blocks above, IPv4-mapped IPv6 judged as its IPv4 address. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const hostMatches = (host: string, entry: string) =>
  entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry;

/** What the endpoint's address alone says (no lookup): a known push service over https, or an origin named whole. */
export function judgeEndpoint(endpoint: string, services: readonly string[]): EndpointVerdict {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, reason: 'not an address' };
  }
  if (services.includes(url.origin)) return { ok: true, checkAddresses: false };
  if (url.protocol !== 'https:') return { ok: false, reason: 'not https' };
  if (url.username || url.password) return { ok: false, reason: 'carries a user name' };
  if (url.port !== '') return { ok: false, reason: 'names a port' };
  const host = url.hostname.toLowerCase();
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0)
    return { ok: false, reason: 'an IP address, not a push service' };
  if (!services.some((entry) => !entry.includes('://') && hostMatches(host, entry)))
    return { ok: false, reason: `${host} is not a push service this store sends to` };
  return { ok: true, checkAddresses: true };
}

type LookupAll = (host: string) => Promise<{ address: string; family: number }[]>;
const lookupAll: LookupAll = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/** The endpoint judged, and its host looked up: every address it has must be public. */
export async function checkPushEndpoint(
  endpoint: string,
  services: readonly string[],
  lookup: LookupAll = lookupAll,
): Promise<EndpointVerdict> {
  const verdict = judgeEndpoint(endpoint, services);
  if (!verdict.ok || !verdict.checkAddresses) return verdict;
  const host = new URL(endpoint).hostname;
  const addresses = await lookup(host).catch(() => []);
  if (addresses.length === 0) return { ok: false, reason: `${host} has no address` };
  const inside = addresses.find((a) => !isPublicAddress(a.address));
  if (inside) return { ok: false, reason: `${host} is at ${inside.address}, not a public address` };
  return verdict;
}

/**
 * A lookup for the connection itself (http's `lookup` option): the addresses the socket may connect to are checked
 * as it connects, so a name that answered public addresses at the check cannot answer a private one at the send.
 */
export const publicOnlyLookup: typeof dns.lookup = ((
  host: string,
  options: dns.LookupOptions,
  callback: (
    error: NodeJS.ErrnoException | null,
    address: string | dns.LookupAddress[],
    family?: number,
  ) => void,
) => {
  dns.lookup(host, { ...options, all: true, verbatim: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const inside = addresses.find((a) => !isPublicAddress(a.address));
    if (inside || addresses.length === 0)
      return callback(
        Object.assign(new Error(`${host} is at ${inside?.address ?? 'no address'}, not a public address`), {
          code: 'EPUSHADDRESS',
        }),
        '',
      );
    if (options.all) return callback(null, addresses);
    const first = addresses[0] as dns.LookupAddress;
    callback(null, first.address, first.family);
  });
}) as typeof dns.lookup;
