// A page request's answer: the app shell with the page's head (title, description, link-preview meta,
// noindex: page-head.ts) in the visitor's language, its first screen's answers and preloads (first-screen.ts), and
// a real status: 404 for an address no page has, an event, team or order the store does not have.
import { SERVED_LANGUAGE_ATTRIBUTE } from '../../core/first-screen';
import { type PageAddress, pageAddressOf } from '../page-addresses';
import { type PageLanguage, pageLanguageOf } from '../page-texts';
import {
  type FirstScreen,
  type FirstScreenContext,
  firstScreen,
  firstScreenAnswersElement,
  imagePreloadLink,
  intoHead,
  intoHeadFirst,
} from './first-screen';
import { pageHead, pageHeadMarkup, type SharedImage } from './page-head';
import { shareImageOf } from './share-image';

/** The store's own link-preview image: its app icon (public/icons). */
const STORE_IMAGE_PATH = '/icons/icon-512.png';

export interface PageRequest {
  pathname: string;
  /** The store's own address (services/own-address.ts): never a Host the client made up. */
  baseUrl: string;
  cookie: string | undefined;
  /** The request's Accept-Language and Sec-Fetch-Site: the visitor's language without a cookie (page-texts.ts). */
  acceptLanguage?: string | undefined;
  fetchSite?: string | undefined;
}

export interface PageDocument {
  html: string;
  status: 200 | 404;
  /** One buyer's page: no cache may keep it. */
  private: boolean;
  language: PageLanguage;
  /** The first screen's answers (also in the HTML), for the server's render of it. */
  answers: Record<string, unknown>;
  /**
   * What the server renders: the page asked for; the 404 page for an unknown event (its page goes there in the
   * browser too); for an address no route has, that address (the router renders its 404 page there).
   */
  renderPath: string;
}

function renderPathOf(address: PageAddress, missing: boolean, pathname: string): string {
  if (!missing) return pathname;
  if (address.page === 'event' || address.page === 'event-detail') return '/404';
  // A team, order or QR page says itself that what it names is unknown.
  return pathname;
}

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta name="description" content="[^"]*"\s*\/?>/;

/** The page `request` names, made from `shell` (the built index.html with its settings); `preloadsFor`: its chunks. */
export async function pageDocument(
  ctx: FirstScreenContext,
  shell: string,
  request: PageRequest,
  preloadsFor: (pathname: string) => string,
): Promise<PageDocument> {
  const address = pageAddressOf(request.pathname);
  // A failed lookup leaves the first screen's hints out; the page still loads them itself.
  const first: FirstScreen = await firstScreen(ctx, request.pathname, address).catch(() => ({ answers: {} }));
  const language = pageLanguageOf({
    cookie: request.cookie,
    acceptLanguage: request.acceptLanguage,
    fetchSite: request.fetchSite,
  });
  const cover = first.missing ? undefined : (first.event?.coverurl ?? first.team?.cover_url);
  const image = cover
    ? await shareImageOf(ctx.store, cover, request.baseUrl).catch(() => undefined)
    : undefined;
  const storeImage: SharedImage = { url: `${request.baseUrl}${STORE_IMAGE_PATH}`, width: 512, height: 512 };
  const head = pageHead({
    address,
    first,
    language,
    baseUrl: request.baseUrl,
    pathname: request.pathname,
    image,
    storeImage,
  });
  const markup = pageHeadMarkup(head);
  let html = shell.replace(
    /<html lang="[a-z]+"/,
    `<html lang="${language}" ${SERVED_LANGUAGE_ATTRIBUTE}="${language}"`,
  );
  html = html.replace(DESCRIPTION, '').replace(TITLE, () => markup);
  // The page's largest image first: on a phone's network it otherwise waited behind the fonts and the app's code.
  html = intoHeadFirst(html, imagePreloadLink(first.image));
  return {
    html: intoHead(html, firstScreenAnswersElement(first.answers) + preloadsFor(request.pathname)),
    status: first.missing ? 404 : 200,
    private: Boolean(first.private),
    language,
    answers: first.answers,
    renderPath: renderPathOf(address, Boolean(first.missing), request.pathname),
  };
}
