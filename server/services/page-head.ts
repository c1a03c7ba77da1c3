// A page's head as the server sends it: its title and description in the visitor's language, and for a
// link preview (LINE, Facebook, X, search engines, none of which run the page's scripts) the Open Graph and
// Twitter card meta of an event or team: title, date and province, sale state, a 1200×630 image, the canonical
// address, the locale. A buyer's pages (orders, carts, find-order) are noindex and name nothing of the buyer.
import { PRODUCT_NAME } from '../../core/constants';
import type { EventSummary, Team } from '../../core/contract/events';
import { eventDateLabel, formatDateTime } from '../../core/format';
import { uploadAreaState } from '../../core/sale';
import type { PageAddress } from '../page-addresses';
import { type PageLanguage, pageText } from '../page-texts';
import { escapeMarkup } from './escape-markup';
import type { FirstScreen } from './first-screen';

export interface SharedImage {
  url: string;
  width: number;
  height: number;
}

export interface PageHead {
  language: PageLanguage;
  /** The document's title. */
  title: string;
  description: string;
  /** Kept out of search engines' indexes (a buyer's page, a 404). */
  noindex: boolean;
  /** The page's one address (absolute), for link previews and search engines; none on a private page. */
  canonical?: string;
  /** Its link preview's image (absolute). */
  image?: SharedImage & { alt: string };
  /** Open Graph's type: an event or team page is an article of the store's site. */
  type: 'website' | 'article';
}

const STORE_DESCRIPTION = 'ค้นหาภาพงานวิ่งของคุณด้วยเซลฟี่ ซื้อ และดาวน์โหลดได้ทันที';
const STORE_DESCRIPTION_EN = 'Find your race photos with a selfie, buy and download them at once.';

/** The title of each page with a fixed address: the one its page sets (the PWA's catalog message). */
const STATIC_TITLES: Record<string, string> = {
  '/about': 'เกี่ยวกับเรา',
  '/how-to-order': 'วิธีสั่งซื้อภาพ',
  '/how-to-use': 'วิธีดาวน์โหลดภาพ',
  '/how-face-search-works': 'การค้นหาด้วยใบหน้าทำงานอย่างไร',
  '/refund-policy': 'นโยบายการคืนเงิน',
  '/terms-of-use': 'ข้อกำหนดการใช้งาน',
  '/mansonry': 'ตัวอย่างแกลเลอรีภาพ',
  '/eventqr/': 'QR โค้ดของงาน',
  '/cart': 'รายการสั่งซื้อและชำระเงิน',
  '/cart-manual': 'รายการสั่งซื้อและชำระเงิน',
  '/cart-wholesale': 'รายการสั่งซื้อและชำระเงิน',
  '/cartopn': 'รายการสั่งซื้อและชำระเงิน',
  '/find-order': 'ค้นหาคำสั่งซื้อ',
  '/privacy': 'ประกาศความเป็นส่วนตัว',
  '/privacy/my-data': 'ข้อมูลของฉัน',
  '/privacy/remove': 'นำใบหน้าของฉันออก',
};

/** Every catalog message the head uses (a test checks each is in both catalogs). */
export const HEAD_MESSAGES = [
  ...new Set([
    ...Object.values(STATIC_TITLES),
    'ค้นหาภาพงานวิ่งของคุณ',
    'ไม่พบหน้าที่ต้องการ',
    'ชำระเงินและดาวน์โหลดภาพ',
    'อัปโหลดภาพ',
    'ไม่พบทีม',
    'เปิดขาย',
    'ปิดการขายแล้ว',
    'กลับมาใหม่ในวันที่ {start}',
  ]),
];

const fullTitle = (title: string) => (title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME);

/** What an event's link preview says: its date, province and whether its photos can be bought now. */
export function eventDescription(event: EventSummary, language: PageLanguage): string {
  const date = eventDateLabel(event, language);
  const state = uploadAreaState(event);
  const sale =
    state === 'open'
      ? language === 'en'
        ? `Photos on sale until ${formatDateTime(event.on_sale_end, language)}: find yours with a selfie.`
        : `ค้นหาภาพของคุณด้วยเซลฟี่ เปิดขายถึง ${formatDateTime(event.on_sale_end, language)}`
      : state === 'ended'
        ? pageText(language, 'ปิดการขายแล้ว')
        : pageText(language, 'กลับมาใหม่ในวันที่ {start}', { start: event.on_sale_start_txt });
  return language === 'en'
    ? `${event.title} · ${date} · ${event.province}. ${sale}`
    : `${event.title} · ${date} · จังหวัด${event.province} · ${sale}`;
}

export interface PageHeadInput {
  address: PageAddress;
  first: FirstScreen;
  language: PageLanguage;
  /** The store's own address, no trailing slash ("https://shop.example"; services/own-address.ts). */
  baseUrl: string;
  pathname: string;
  /** The event's or team's link-preview image, when it has one. */
  image?: SharedImage;
  /** The store's own image (home and pages without one). */
  storeImage: SharedImage;
}

/** The head of a page (see the module's note). */
export function pageHead(input: PageHeadInput): PageHead {
  const { address, first, language, baseUrl } = input;
  const canonical = `${baseUrl}${input.pathname}`;
  const storeImage = { ...input.storeImage, alt: PRODUCT_NAME };
  const storeDescription = language === 'en' ? STORE_DESCRIPTION_EN : STORE_DESCRIPTION;
  const base = { language, description: storeDescription, type: 'website' as const };
  if (first.missing)
    return { ...base, title: fullTitle(pageText(language, 'ไม่พบหน้าที่ต้องการ')), noindex: true };
  if (first.event) {
    const event = first.event;
    return {
      ...base,
      type: 'article',
      title: fullTitle(event.title),
      description: eventDescription(event, language),
      // An order's QR page and the stage, wholesale and video pages are the event's too; only its own page is listed.
      noindex: !(address.page === 'event' && address.subpage === ''),
      canonical,
      image: input.image ? { ...input.image, alt: event.title } : storeImage,
    };
  }
  if (first.finisher) {
    const page = first.finisher;
    const preview = page.preview_url.startsWith('/') ? `${baseUrl}${page.preview_url}` : page.preview_url;
    return {
      ...base,
      type: 'article',
      title: fullTitle(`${page.headline} · ${page.event_title}`),
      description: `${page.event_title} · ${page.event_date}`,
      // A runner's own page, shared by its link: never listed by a search engine.
      noindex: true,
      canonical,
      image: { url: preview, width: 1200, height: 630, alt: `${page.headline} · ${page.event_title}` },
    };
  }
  if (first.team) {
    const team: Team = first.team;
    return {
      ...base,
      type: 'article',
      title: fullTitle(team.team_name),
      description: team.team_description.trim().slice(0, 300) || storeDescription,
      noindex: false,
      canonical,
      image: input.image ? { ...input.image, alt: team.team_name } : storeImage,
    };
  }
  switch (address.page) {
    case 'home':
      return {
        ...base,
        title: fullTitle(pageText(language, 'ค้นหาภาพงานวิ่งของคุณ')),
        noindex: false,
        canonical: `${baseUrl}/`,
        image: storeImage,
      };
    case 'static': {
      const title = fullTitle(pageText(language, STATIC_TITLES[address.path] ?? ''));
      return address.listed
        ? { ...base, title, noindex: false, canonical, image: storeImage }
        : { ...base, title, noindex: true };
    }
    case 'order':
      return { ...base, title: fullTitle(pageText(language, 'ชำระเงินและดาวน์โหลดภาพ')), noindex: true };
    case 'upload':
      return { ...base, title: fullTitle(pageText(language, 'อัปโหลดภาพ')), noindex: true };
    default:
      return { ...base, title: fullTitle(pageText(language, 'ค้นหาคำสั่งซื้อ')), noindex: true };
  }
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeMarkup(content)}">`;

/** The head's elements, to go in place of the shell's own title and description. */
export function pageHeadMarkup(head: PageHead): string {
  const parts = [`<title>${escapeMarkup(head.title)}</title>`, meta('name', 'description', head.description)];
  if (head.noindex) parts.push(meta('name', 'robots', 'noindex, nofollow'));
  if (head.canonical) {
    parts.push(
      `<link rel="canonical" href="${escapeMarkup(head.canonical)}">`,
      meta('property', 'og:type', head.type),
      meta('property', 'og:site_name', PRODUCT_NAME),
      meta('property', 'og:title', head.title),
      meta('property', 'og:description', head.description),
      meta('property', 'og:url', head.canonical),
      meta('property', 'og:locale', head.language === 'en' ? 'en_US' : 'th_TH'),
      meta('property', 'og:locale:alternate', head.language === 'en' ? 'th_TH' : 'en_US'),
      meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
      meta('name', 'twitter:title', head.title),
      meta('name', 'twitter:description', head.description),
    );
    if (head.image)
      parts.push(
        meta('property', 'og:image', head.image.url),
        meta('property', 'og:image:width', String(head.image.width)),
        meta('property', 'og:image:height', String(head.image.height)),
        meta('property', 'og:image:alt', head.image.alt),
        meta('name', 'twitter:image', head.image.url),
      );
  }
  return parts.join('');
}
