// Business constants and limits of SPEC §9, in one place for the PWA, the service worker and the server.

/** Events grid on the home page. */
export const EVENTS_PAGE_SIZE = 36;
export const HOME_PAGER_RANGE = 3;
export const HOME_PAGER_MARGIN = 4;

/** Manual (stage) photo search. */
export const MANUAL_PAGE_SIZE = 200;
export const MANUAL_PAGER_RANGE = 3;
export const MANUAL_PAGER_MARGIN = 3;

/** Package tiers, largest first: the cart price is computed greedily in this order. */
export const PACKAGE_TIERS = [20, 10, 5, 1] as const;
/** Price per photo when an event has no package price for a tier (baht). */
export const FALLBACK_PRICE_PER_PHOTO = 60;
/** Payment fee added on top of the total (5 percent). */
export const PAYMENT_FEE_RATE = 0.05;
/** The zero-amount marker string: a final payment of this value means nothing to pay. */
export const ZERO_AMOUNT = '0.00';
/** The one currency the store takes payments in (orders' payment_currency). */
export const CURRENCY = 'THB';

export const PAYMENT_CHANNELS = ['PP', 'CC', 'AM', 'FREE'] as const;
/** An order's payment_status: INITIAL until paid. */
export const PAYMENT_STATUSES = ['INITIAL', 'PAID'] as const;

/** The red countdown note shows when this many days or fewer are left (and at least the minimum). */
export const COUNTDOWN_MIN_DAYS = 1;
export const COUNTDOWN_MAX_DAYS = 10;
/** Photos are kept this many days after the event date. */
export const PHOTO_RETENTION_DAYS = 35;
/** Orders' phones and e-mails are kept this many days by default (ORDER_CONTACT_DAYS), then erased. */
export const ORDER_CONTACT_DAYS = 730;

/** Timers (milliseconds). */
export const ADD_TOAST_MS = 1000;
export const ERROR_TOAST_MS = 7000;
export const SIZE_WARNING_MS = 5000;
export const COPY_TOAST_MS = 1000;
export const COPY_ERROR_TOAST_MS = 2000;
export const BANNER_AUTOPLAY_MS = 3000;

/** Shell. */
export const SIDEBAR_BOOKMARKS_MAX = 8;
export const MENU_SEARCH_RESULTS_MAX = 8;
export const SCROLL_TOP_AFTER_PX = 600;
export const SIDEBAR_OVERLAY_BREAKPOINT_PX = 991;
export const SIDEBAR_CLOSE_BREAKPOINT_PX = 1007;

/** Masonry gallery: columns by viewport width (first rule whose maxWidth is above the width wins). */
export const MASONRY_COLUMNS: ReadonlyArray<{ maxWidth: number; columns: number }> = [
  { maxWidth: 480, columns: 2 },
  { maxWidth: 768, columns: 3 },
  { maxWidth: 1024, columns: 4 },
  { maxWidth: 1550, columns: 5 },
  { maxWidth: Number.POSITIVE_INFINITY, columns: 6 },
];
export const MASONRY_GAP_PX = 5;
export const MASONRY_MIN_WIDTH_PX = 80;

/** QR codes. */
export const ORDER_QR_PX = 250;
export const QR_PAGE_SCREEN_PX = 300;
export const QR_PAGE_DOWNLOAD_PX = 1000;
export const QR_LOGO_WIDTH_RATIO = 0.15;
export const QR_PAGE_TEXT_PX = 30;
export const QR_PAGE_ERROR_CORRECTION = 'H';
export const ORDER_QR_ERROR_CORRECTION = 'Q';

/** Languages: Thai is the default; the Thai flag gives th, any other choice en. */
export const LANGUAGES = ['th', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
/** The cookie that tells the server the visitor's language (kept beside the stored value by src/lib/i18n.ts). */
export const LANGUAGE_COOKIE = 'currentLanguage';
export const DEFAULT_LANGUAGE = 'th';
export const LANGUAGE_FLAGS = { th: 'th', en: 'us' } as const;
/** This event's page is always shown in English. */
export const FORCED_ENGLISH_EVENT_KEY = '6thinternationalherostaekwondochampionship';

/** Selfie upload. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_CONTENT_TYPE = 'image/jpg';
/**
 * Sent with every signed upload: create the object, never replace one. An S3 store signs it into the address
 * (the bucket then refuses a second PUT of the same key, 412); the disk store takes each address once anyway.
 */
export const UPLOAD_ONCE_HEADER = { name: 'If-None-Match', value: '*' } as const;
export const UPLOAD_ACCEPTED_TYPES = ['image/jpeg', 'image/png'] as const;

/** Form limits. */
export const MOBILE_LENGTH = 10;
export const MANUAL_MOBILE_MIN = 5;
export const MANUAL_MOBILE_MAX = 15;
export const AM_ORDER_REF_MIN = 5;
export const AM_ORDER_REF_MAX = 20;
export const FIND_ORDER_MOBILE_MIN = 10;
export const FIND_ORDER_MOBILE_MAX = 15;
export const FIND_ORDER_RECEIPT_LENGTH = 4;

/** In-app and web-view browsers, where zip downloads are blocked (matched in the lower-cased user agent). */
export const IN_APP_BROWSER_MARKERS = [
  'line',
  'fban',
  'fbav',
  'instagram',
  'tiktok',
  'twitter',
  'wv',
  'webview',
] as const;

/** Theme kept in the browser. */
export const LAYOUT_VERSIONS = ['light', 'dark-only'] as const;

/** The longest an order inquiry waits for a change before answering (the order page's long poll), seconds. */
export const INQUIRY_MAX_WAIT_S = 25;

/** Previews' long side (px): well under the originals', a preview is for choosing, never for keeping. */
export const PREVIEW_LONG_SIDE = 1200;

/**
 * Nearby frames: a runner turns away from the camera in most frames of a burst, so for each face match
 * the same photographer's photos taken this many seconds before and after are offered too ("you may be in these").
 */
export const NEARBY_FRAME_SECONDS = 4;
/** At most this many nearby frames are offered, the best matches' first. */
export const NEARBY_FRAMES_MAX = 60;
/** A nearby-frames request names at most this many matched photos. */
export const NEARBY_FRAMES_OF_MAX = 500;

/**
 * Privacy: a selfie is deleted as soon as its search has answered, and one never searched with at the
 * latest this many seconds after its upload (server/services/selfie-lifetime.ts keeps to it).
 */
export const SELFIE_DELETED_WITHIN_SECONDS = 60;

/** Each event's last search results are kept on the device for this many events, the most recently searched. */
export const SAVED_RESULTS_MAX = 30;

/** The store's name: every document title ends with it, and link previews name the site with it. */
export const PRODUCT_NAME = 'RunFoto';
