// What a page address is, as the PWA's router sees it (src/routes, src/routeTree.gen.ts), for the server's answer to
// a page request: its status (a known page 200, an unknown event, team, order or address 404), its head (title,
// link-preview meta, noindex) and its first screen. One segment is a static page when one has that name, else an
// event's key. tests: page-addresses.test.ts keeps this list equal to the router's.
import * as v from 'valibot';
import { eventKeySchema } from '../core/contract/common';
import { finisherPageCodeSchema } from '../core/contract/finisher-card';

/** The pages with a fixed address, and whether a search engine may list them. */
export const STATIC_PAGES = {
  '/about': 'public',
  '/how-to-order': 'public',
  '/how-to-use': 'public',
  '/how-face-search-works': 'public',
  '/refund-policy': 'public',
  '/terms-of-use': 'public',
  '/privacy': 'public',
  '/mansonry': 'public',
  '/eventqr/': 'public',
  // A buyer's own pages: nothing in them is for an index.
  '/cart': 'private',
  '/cart-manual': 'private',
  '/cart-wholesale': 'private',
  '/cartopn': 'private',
  '/find-order': 'private',
  '/privacy/my-data': 'private',
  '/privacy/remove': 'private',
} as const;

export type StaticPage = keyof typeof STATIC_PAGES;

/** An event's pages: its own (''), and those below it. */
export const EVENT_SUBPAGES = ['', 'wholesale', 'manual', 'qr', 'vdo'] as const;
export type EventSubpage = (typeof EVENT_SUBPAGES)[number];

/** The order page's address and its older aliases (SPEC §2): /{prefix}/{order uuid}. */
export const ORDER_PAGE_PREFIXES = ['download', 'd', 'dcc', 'dd', 'dp', 'dz'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PageAddress =
  | { page: 'home' }
  | { page: 'static'; path: StaticPage; listed: boolean }
  | { page: 'event'; eventKey: string; subpage: EventSubpage }
  /** /event/{key}: the event's race detail. */
  | { page: 'event-detail'; eventKey: string }
  | { page: 'event-qr'; eventKey: string }
  | { page: 'team'; teamKey: string }
  /** `orderUuid` undefined: the address names no order id at all. */
  | { page: 'order'; orderUuid: string | undefined }
  | { page: 'find-mobile' }
  /** /upload/{secret}: a photographer's upload page; the secret is never in its head. */
  | { page: 'upload' }
  /** /{event}/finisher/{code}: a runner's public finisher page. */
  | { page: 'finisher'; eventKey: string; code: string }
  /** The 404 page itself, or an address no page has. */
  | { page: 'not-found' };

const decoded = (segment: string): string | undefined => {
  try {
    const text = decodeURIComponent(segment);
    return text.length > 0 ? text : undefined;
  } catch {
    return undefined;
  }
};

/** The page `pathname` names (a trailing slash is the same page, except /eventqr/ which has one). */
export function pageAddressOf(pathname: string): PageAddress {
  if (pathname === '/' || pathname === '') return { page: 'home' };
  if (pathname in STATIC_PAGES) {
    const path = pathname as StaticPage;
    return { page: 'static', path, listed: STATIC_PAGES[path] === 'public' };
  }
  const trimmed = pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  if (trimmed === '/eventqr') return { page: 'static', path: '/eventqr/', listed: true };
  if (trimmed !== pathname && trimmed in STATIC_PAGES) return pageAddressOf(trimmed);
  const segments = trimmed.split('/').slice(1).map(decoded);
  if (segments.some((s) => s === undefined)) return { page: 'not-found' };
  const [first, second, ...rest] = segments as string[];
  if (second === 'finisher' && rest.length === 1 && first !== undefined) {
    const [code = ''] = rest;
    return v.is(eventKeySchema, first) && v.is(finisherPageCodeSchema, code)
      ? { page: 'finisher', eventKey: first, code }
      : { page: 'not-found' };
  }
  if (rest.length > 0 || first === undefined) return { page: 'not-found' };
  if (second === undefined) return first === '404' ? { page: 'not-found' } : eventPage(first, '');
  if ((ORDER_PAGE_PREFIXES as readonly string[]).includes(first))
    return { page: 'order', orderUuid: UUID.test(second) ? second.toLowerCase() : undefined };
  switch (first) {
    case 'event':
      return { page: 'event-detail', eventKey: second };
    case 'eventqr':
      return { page: 'event-qr', eventKey: second };
    case 'team':
      return { page: 'team', teamKey: second };
    case 'find-mobile':
      return { page: 'find-mobile' };
    case 'upload':
      return { page: 'upload' };
  }
  const subpage = EVENT_SUBPAGES.find((name) => name !== '' && name === second);
  return subpage ? eventPage(first, subpage) : { page: 'not-found' };
}

const eventPage = (eventKey: string, subpage: EventSubpage): PageAddress =>
  // No event has a key of other characters (a file's name, say): no need to ask the database.
  v.is(eventKeySchema, eventKey) ? { page: 'event', eventKey, subpage } : { page: 'not-found' };

/** A page whose content is one buyer's (or theirs to fill in): no search engine indexes it, no cache keeps it. */
export const isPrivatePage = (address: PageAddress): boolean =>
  address.page === 'order' ||
  address.page === 'find-mobile' ||
  address.page === 'upload' ||
  (address.page === 'static' && !address.listed);
