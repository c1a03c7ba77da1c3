// The first screen of a page address, for the app shell: the answers its route loaders ask for (home's
// lists, an event), inlined so the page renders without a round trip for them (core/first-screen.ts), and its
// largest image (the first on-sale event's cover on home, the event's cover on its page), preloaded with the HTML.
// An order's page (its address holds the order's id, which is all the inquiry asks for besides the app's public
// token) carries that order's inquiry answer, exactly as the API would give it, and is then marked private: no cache
// may keep it (FirstScreen.private). Never into /index.html: that is the copy the service worker precaches and
// answers every later navigation with, where data of install time would be stale.
import { EVENTS_PAGE_SIZE } from '../../core/constants';
import type { EventSummary, Team } from '../../core/contract/events';
import { type FinisherPage, finisherPageApiPath } from '../../core/contract/finisher-card';
import { orderBasePaths } from '../../core/contract/order';
import { FIRST_SCREEN_ELEMENT_ID, firstScreenJson, firstScreenKey } from '../../core/first-screen';
import { SHOWN_SIZES, sizedSrcSet } from '../../core/sized-images';
import type { AppContext } from '../context';
import * as events from '../db/events-repo';
import { isPrivatePage, type PageAddress, pageAddressOf } from '../page-addresses';
import { escapeMarkup } from './escape-markup';
import {
  eventDetail,
  onSaleCount,
  onSalePage,
  sliderBanners,
  teamDetail,
  teamEvents,
  toSummary,
  upcoming,
} from './events';
import { finisherPage } from './finisher-pages';
import { inquireOrder } from './order-inquiry';
import { checkOpenPayments } from './payments/check-open';

/** A page's largest image: its address, and how wide the layout shows it (for its WebP copies). */
export interface FirstImage {
  url: string;
  shown: keyof typeof SHOWN_SIZES;
}

/** The shell with `markup` (the elements below, and the route's preloads) at the end of its head. */
export const intoHead = (html: string, markup: string): string =>
  markup ? html.replace('</head>', () => `${markup}</head>`) : html;

const CONTENT_SECURITY_POLICY = /<meta http-equiv="Content-Security-Policy"[^>]*>/;

/**
 * The shell with `markup` first in its head, under its Content-Security-Policy (which applies only to what follows
 * it): the browser requests what it names before the fonts and the app's code, which a phone's slow network
 * otherwise carries first.
 */
export function intoHeadFirst(html: string, markup: string): string {
  if (!markup) return html;
  if (CONTENT_SECURITY_POLICY.test(html))
    return html.replace(CONTENT_SECURITY_POLICY, (policy) => policy + markup);
  return html.replace(/<head>/, (head) => head + markup);
}

/**
 * A high-priority preload of `image`: of the copy the page's <img> will pick, when it has copies (the same srcset
 * and sizes: src/lib/sized-image.ts); nothing without an image.
 */
export function imagePreloadLink(image: FirstImage | undefined): string {
  if (!image?.url) return '';
  const srcSet = sizedSrcSet(image.url);
  const copies = srcSet
    ? ` imagesrcset="${escapeMarkup(srcSet)}" imagesizes="${escapeMarkup(SHOWN_SIZES[image.shown])}"`
    : '';
  return `<link rel="preload" as="image" href="${escapeMarkup(image.url)}"${copies} fetchpriority="high">`;
}

export interface FirstScreen {
  /** The answers, keyed as the client asks (core/first-screen.ts), of the calls its route loaders make. */
  answers: Record<string, unknown>;
  /** Its largest image, if known. */
  image?: FirstImage;
  /** The answers are one buyer's: the page must not be kept by any cache. */
  private?: boolean;
  /** The address names an event, team or order the store does not have, or no page at all: it answers 404. */
  missing?: boolean;
  /** The event the page is about (its own page and those below it), for the page's head. */
  event?: EventSummary;
  /** The team the page is about. */
  team?: Team;
  /** The runner's public finisher page it is. */
  finisher?: FinisherPage;
}

/** An order page's first screen: the inquiry its page makes first (src/lib/api/order-inquiry.ts), answered. */
async function orderFirstScreen(ctx: FirstScreenContext, orderUuid: string): Promise<FirstScreen> {
  const request = { tk: ctx.appToken, order_uuid: orderUuid };
  // As the inquiry route does: a payment the gateway took but has not called back about is settled first.
  await checkOpenPayments(ctx, ctx.payments, orderUuid);
  const outcome = await inquireOrder(ctx, request, { withApiResponse: false });
  if (!outcome.ok) return { answers: {}, private: true, missing: outcome.httpStatus === 404 };
  return {
    answers: {
      [firstScreenKey('POST', `${orderBasePaths.v3}/inquiry`, request)]: {
        status: 'success',
        ...outcome.value,
      },
    },
    private: true,
  };
}

export type FirstScreenContext = Pick<AppContext, 'db' | 'store' | 'now' | 'appToken' | 'payments'>;

/** The first screen of `pathname`: its loaders' answers, its largest image taken from them, and what it is about. */
export async function firstScreen(
  ctx: FirstScreenContext,
  pathname: string,
  address: PageAddress = pageAddressOf(pathname),
): Promise<FirstScreen> {
  switch (address.page) {
    case 'order':
      return address.orderUuid
        ? orderFirstScreen(ctx, address.orderUuid)
        : { answers: {}, private: true, missing: true };
    case 'home':
      return homeFirstScreen(ctx);
    case 'event':
    case 'event-detail':
      return eventFirstScreen(ctx, address.eventKey);
    case 'event-qr': {
      const event = await events.findByKey(ctx.db, address.eventKey);
      return event
        ? { answers: {}, event: toSummary(event, ctx, ctx.now()) }
        : { answers: {}, missing: true };
    }
    case 'team':
      return teamFirstScreen(ctx, address.teamKey);
    case 'finisher':
      return finisherFirstScreen(ctx, address.eventKey, address.code);
    case 'not-found':
      return { answers: {}, missing: true };
    case 'find-mobile':
    case 'upload':
    case 'static':
      return { answers: {}, private: isPrivatePage(address) };
  }
}

/** A runner's public finisher page asks for what it shows (src/features/finisher/finisher-loader.ts). */
async function finisherFirstScreen(
  ctx: FirstScreenContext,
  eventKey: string,
  code: string,
): Promise<FirstScreen> {
  const page = await finisherPage(ctx, eventKey, code);
  if (!page.ok) return { answers: {}, missing: true };
  return {
    answers: { [firstScreenKey('GET', finisherPageApiPath(eventKey, code))]: page.value },
    finisher: page.value,
  };
}

/** A team's page asks for the team and its events together (src/features/team/team-loader.ts). */
async function teamFirstScreen(ctx: FirstScreenContext, teamKey: string): Promise<FirstScreen> {
  const [detail, list] = await Promise.all([teamDetail(ctx, teamKey), teamEvents(ctx, teamKey)]);
  const path = (kind: string) => `/v1/events/${kind}/${encodeURIComponent(teamKey)}`;
  // An unknown team's page says so itself ("Team not found!"), from the same empty answer.
  const answers = {
    [firstScreenKey('GET', path('team-detail'))]: { status: 'success', body: detail },
    [firstScreenKey('GET', path('team'))]: { status: 'success', body: list },
  };
  const team = detail[0];
  if (!team) return { answers, missing: true };
  return { answers, team, image: teamImage(team) };
}

const teamImage = (team: Team): FirstImage | undefined =>
  team.cover_url ? { url: team.cover_url, shown: 'wide' } : undefined;

async function homeFirstScreen(ctx: FirstScreenContext): Promise<FirstScreen> {
  const [list, count, banners, soon] = await Promise.all([
    onSalePage(ctx, 1, EVENTS_PAGE_SIZE),
    onSaleCount(ctx),
    sliderBanners(ctx),
    upcoming(ctx),
  ]);
  return {
    answers: {
      [firstScreenKey('POST', '/v1/events/pagination', {
        page: 1,
        page_size: EVENTS_PAGE_SIZE,
        page_tab: 'ON_SALE',
      })]: { status: 'success', body: list },
      [firstScreenKey('POST', '/v1/events/pagination-count', { event_status: 'ON_SALE' })]: {
        status: 'success',
        body: [{ event_count: count }],
      },
      [firstScreenKey('GET', '/v1/events/slider-banner')]: { status: 'success', body: banners },
      [firstScreenKey('GET', '/v1/events/soon')]: { status: 'success', body: soon },
    },
    image: list[0] && { url: list[0].coverurl, shown: 'card' },
  };
}

/** An event's page and those below it ask for the event first (src/features/events/event-loader.ts). */
async function eventFirstScreen(ctx: FirstScreenContext, eventKey: string): Promise<FirstScreen> {
  const event = await eventDetail(ctx, eventKey);
  if (!event.ok) return { answers: {}, missing: event.httpStatus === 404 };
  return {
    answers: {
      [firstScreenKey('GET', `/v1/events/${encodeURIComponent(eventKey)}`)]: {
        status: 'success',
        body: event.value,
      },
    },
    image: { url: event.value.coverurl, shown: 'wide' },
    event: event.value,
  };
}

/** The first screen's answers as a JSON element; nothing when there are none. */
export function firstScreenAnswersElement(answers: Record<string, unknown>): string {
  if (Object.keys(answers).length === 0) return '';
  return `<script id="${FIRST_SCREEN_ELEMENT_ID}" type="application/json">${firstScreenJson(answers)}</script>`;
}
