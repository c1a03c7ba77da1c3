// Pages rendered on the server and hydrated in the browser: every page's first screen comes as HTML
// (its text there before any script runs), in the visitor's language; the browser hydrates it with no mismatch
// (any hydration warning or error fails), on a phone and a desktop, in Thai and English; a link-preview crawler
// (no JavaScript) reads the event's title, date and sale state and its Open Graph meta; unknown pages answer 404;
// nothing moves on a slow phone when the app's code and fonts arrive late.
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  test,
} from '@playwright/test';
import { serviceWorkerControls } from './service-worker';

const EVENT = 'bangkok-city-marathon-2026';
const TEAM = 'bangkok-runners-club';

const PAGES = [
  '/',
  '/?page=1',
  `/${EVENT}`,
  `/${EVENT}/wholesale`,
  `/${EVENT}/manual`,
  `/${EVENT}/qr`,
  `/${EVENT}/vdo`,
  `/event/${EVENT}`,
  `/eventqr/${EVENT}`,
  `/team/${TEAM}`,
  '/about',
  '/how-to-order',
  '/how-to-use',
  '/how-face-search-works',
  '/refund-policy',
  '/terms-of-use',
  '/find-order',
  '/find-mobile/0812345678',
  '/cart',
  '/cart-manual',
  '/cart-wholesale',
  '/cartopn',
  '/mansonry',
  '/no-such-event',
  '/no/such/page',
  /** A photographer's upload link the store does not know (a real one is in photographer-upload.spec.ts). */
  '/upload/abcdefghijklmnopqrstuvwxyz012345',
];

const STAGE = 'phuket-beach-run-2026';

/** An order of two stage photos through the API, paid on the sandbox when `paid`: its page's address. */
async function orderPage(request: APIRequestContext, paid: boolean): Promise<string> {
  const event = (await (await request.get(`/api/v1/events/${STAGE}`)).json()).body as { event_id: number };
  const photos = (
    await (
      await request.post('/api/v1/imagestage/pagination', {
        data: { event_id: event.event_id, event_key: STAGE, page: 1, page_size: 2 },
      })
    ).json()
  ).body as { id: number }[];
  const created = await request.post('/api/v1/order/create', {
    data: {
      mobile: '0812345678',
      event_key: STAGE,
      amount: '126.00',
      imageList: photos.map((p) => ({ id: p.id })),
      payment_channel: 'PP',
    },
  });
  const { uuid } = (await created.json()) as { uuid: string };
  if (paid) await request.post(`/api/sandbox/pay/${uuid}`, { form: { action: 'pay' } });
  return `/download/${uuid}`;
}

/** What React says when the server's HTML and the browser's first render differ (minified in the build). */
const HYDRATION_TROUBLE = /hydrat|Minified React error #(418|419|421|422|423|425)\b/i;

async function inLanguage(context: BrowserContext, language: 'th' | 'en', baseURL: string) {
  await context.addCookies([{ name: 'currentLanguage', value: language, url: baseURL }]);
  await context.addInitScript((chosen) => {
    try {
      localStorage.setItem('currentLanguage', chosen);
    } catch {}
  }, language);
}

/** Every console error or warning and page error while `path` loads and settles. */
async function troubleOn(page: Page, path: string): Promise<string[]> {
  const found: string[] = [];
  page.on('console', (message) => {
    if (
      (message.type() === 'error' || message.type() === 'warning') &&
      HYDRATION_TROUBLE.test(message.text())
    )
      found.push(`${path}: ${message.text().slice(0, 300)}`);
  });
  page.on('pageerror', (error) => found.push(`${path}: ${String(error).slice(0, 300)}`));
  // 'load', not network idle: an order waiting for payment holds its long poll open.
  await page.goto(path, { waitUntil: 'load' });
  // Hydration is done once the app's first effects ran: the sidebar's state comes from the device then.
  await expect(page.locator('.app')).not.toHaveAttribute('data-sidebar', 'auto');
  await page.waitForTimeout(300);
  found.push(...(await danglingReferences(page)).map((reference) => `${path}: ${reference}`));
  return found;
}

/**
 * References by id (labels, aria-labelledby, aria-describedby, aria-controls) whose target is not in the page: a
 * server's tree shaped differently from the browser's gives React's useId other ids after hydration, and the
 * attributes hydration kept then point at nothing (no error is logged for it). Closed dialogs and hidden panels
 * render no content.
 */
async function danglingReferences(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const dangling: string[] = [];
    const attributes = ['aria-labelledby', 'aria-describedby', 'aria-controls', 'for'];
    for (const element of Array.from(document.querySelectorAll(attributes.map((a) => `[${a}]`).join(',')))) {
      if (element.closest('dialog:not([open]), [hidden]')) continue;
      for (const attribute of attributes)
        for (const id of (element.getAttribute(attribute) ?? '').split(/\s+/).filter(Boolean))
          if (!document.getElementById(id))
            dangling.push(`${element.tagName.toLowerCase()}[${attribute}=${id}]`);
    }
    return dangling;
  });
}

for (const [label, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  for (const language of ['th', 'en'] as const) {
    test(`every page hydrates the server's HTML with no mismatch: ${label}, ${language}`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
      await inLanguage(context, language, baseURL ?? '');
      const page = await context.newPage();
      const trouble: string[] = [];
      const orders = [await orderPage(context.request, false), await orderPage(context.request, true)];
      for (const path of [...PAGES, ...orders]) trouble.push(...(await troubleOn(page, path)));
      expect(trouble).toEqual([]);
      await context.close();
    });
  }
}

/** The layout shifts while `path` loads on a slow phone, with the elements that moved (summed as CLS counts them). */
async function shiftsOn(page: Page, path: string): Promise<{ cls: number; moved: string[] }> {
  await page.goto(path, { waitUntil: 'load' });
  await expect(page.locator('.app')).not.toHaveAttribute('data-sidebar', 'auto');
  await page.waitForTimeout(500);
  return page.evaluate(
    () =>
      new Promise<{ cls: number; moved: string[] }>((resolve) => {
        new PerformanceObserver((list) => {
          const shifts = list.getEntries() as unknown as {
            value: number;
            hadRecentInput: boolean;
            sources: { node?: Node }[];
          }[];
          const counted = shifts.filter((shift) => !shift.hadRecentInput);
          resolve({
            cls: counted.reduce((sum, shift) => sum + shift.value, 0),
            moved: counted.flatMap((shift) =>
              shift.sources.map((source) =>
                source.node instanceof Element
                  ? `${source.node.tagName.toLowerCase()}.${source.node.className} (${shift.value.toFixed(3)})`
                  : `text (${shift.value.toFixed(3)})`,
              ),
            ),
          });
        }).observe({ type: 'layout-shift', buffered: true });
        // No entry at all: nothing moved.
        setTimeout(() => resolve({ cls: 0, moved: [] }), 200);
      }),
  );
}

test('nothing moves while a slow phone loads a page: its styles come with it and its fonts are never swapped in late', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  // The app's code and the fonts arrive well after the server's page has been painted, as on a crowded network.
  await context.route(/\/assets\/.+\.(js|woff2?)$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await route.continue();
  });
  const page = await context.newPage();
  const orders = [await orderPage(context.request, false), await orderPage(context.request, true)];
  const moved: string[] = [];
  for (const path of ['/', `/${EVENT}`, `/${EVENT}/manual`, '/find-order', '/cart', ...orders]) {
    const shifts = await shiftsOn(page, path);
    if (shifts.cls > 0.02) moved.push(`${path}: CLS ${shifts.cls.toFixed(3)}: ${shifts.moved.join(', ')}`);
  }
  expect(moved).toEqual([]);
  await context.close();
});

/**
 * A visitor's device: its viewport, the languages its browser asks for (Accept-Language and navigator.languages)
 * and the language stored on it (none: a new visitor), with no language cookie.
 */
async function device(
  browser: Browser,
  width: number,
  options: { locale: string; stored?: 'th' | 'en'; serviceWorkers?: 'allow' | 'block' },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width, height: 800 },
    isMobile: true,
    hasTouch: true,
    locale: options.locale,
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  if (options.stored)
    await context.addInitScript((chosen) => {
      try {
        localStorage.setItem('currentLanguage', chosen);
      } catch {}
    }, options.stored);
  return { context, page: await context.newPage() };
}

/** The documents the page loaded (a reload before paint counts one more). */
function documentsOf(page: Page): string[] {
  const documents: string[] = [];
  page.on('response', (response) => {
    if (response.request().isNavigationRequest() && response.request().frame() === page.mainFrame())
      documents.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return documents;
}

/** What a page of `language` shows: its lang, the language the server rendered it in, a text of it. */
async function expectPageIn(page: Page, path: string, language: 'th' | 'en') {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  // Rendered by the server in that language, not switched after hydrating (no flash of the other one).
  await expect(page.locator('#root')).toHaveAttribute('data-rendered', language);
  const text =
    path === '/'
      ? { th: 'งานวิ่งที่เปิดขายภาพ', en: 'Events with photos on sale' }
      : { th: 'ค้นหารูปของคุณด้วยใบหน้า', en: 'Find your photos by face' };
  await expect(page.getByRole('heading', { name: text[language] }).first()).toBeVisible();
}

const languageCookieOf = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === 'currentLanguage')?.value;

for (const width of [360, 390]) {
  test(`English stored without a cookie: the page comes in English and hydrates with no mismatch (${width} px)`, async ({
    browser,
  }) => {
    // A Thai browser with English chosen on the device before the cookie existed (or Safari dropped it).
    const { context, page } = await device(browser, width, { locale: 'th-TH', stored: 'en' });
    const documents = documentsOf(page);
    expect(await troubleOn(page, '/')).toEqual([]);
    await expectPageIn(page, '/', 'en');
    // The server's Thai page was asked again once, with the choice in the cookie, before anything was painted.
    expect(documents).toEqual(['200 /', '200 /']);
    expect(await languageCookieOf(context)).toBe('en');
    // The next page comes in English at once.
    expect(await troubleOn(page, `/${EVENT}`)).toEqual([]);
    await expectPageIn(page, `/${EVENT}`, 'en');
    expect(documents).toHaveLength(3);
    // The cookie lost again (Safari's 7 days), on an event page this time.
    await context.clearCookies();
    expect(await troubleOn(page, `/${EVENT}`)).toEqual([]);
    await expectPageIn(page, `/${EVENT}`, 'en');
    await context.close();
  });

  test(`Thai stored, a browser asking for English, no cookie: the page comes in Thai (${width} px)`, async ({
    browser,
  }) => {
    const { context, page } = await device(browser, width, { locale: 'en-US', stored: 'th' });
    expect(await troubleOn(page, `/${EVENT}`)).toEqual([]);
    await expectPageIn(page, `/${EVENT}`, 'th');
    expect(await languageCookieOf(context)).toBe('th');
    await context.close();
  });

  test(`a new visitor whose browser asks for English and not Thai gets English; Thai for a Thai browser (${width} px)`, async ({
    browser,
  }) => {
    const english = await device(browser, width, { locale: 'en-US' });
    const documents = documentsOf(english.page);
    for (const path of ['/', `/${EVENT}`]) {
      expect(await troubleOn(english.page, path)).toEqual([]);
      await expectPageIn(english.page, path, 'en');
    }
    // No reload, and no choice made up for the visitor: the browser's languages decide again next time.
    expect(documents).toEqual(['200 /', `200 /${EVENT}`]);
    expect(await languageCookieOf(english.context)).toBeUndefined();
    expect(await english.page.evaluate(() => localStorage.getItem('currentLanguage'))).toBeNull();
    await english.context.close();

    const thai = await device(browser, width, { locale: 'th-TH' });
    for (const path of ['/', `/${EVENT}`]) {
      expect(await troubleOn(thai.page, path)).toEqual([]);
      await expectPageIn(thai.page, path, 'th');
    }
    await thai.context.close();
  });

  test(`the Thai wholesale cart hydrates with no mismatch, chosen or not (${width} px)`, async ({
    browser,
  }) => {
    for (const stored of ['th', undefined] as const) {
      const { context, page } = await device(browser, width, { locale: 'th-TH', stored });
      expect(await troubleOn(page, '/cart-wholesale')).toEqual([]);
      await expect(page.locator('html')).toHaveAttribute('lang', 'th');
      await context.close();
    }
  });
}

test('the installed app’s navigations carry the choice: through the service worker, English stored, cookie lost', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context, page } = await device(browser, 390, {
    locale: 'th-TH',
    stored: 'en',
    serviceWorkers: 'allow',
  });
  await page.goto('/');
  await serviceWorkerControls(page);
  await context.clearCookies();
  const documents = documentsOf(page);
  expect(await troubleOn(page, `/${EVENT}`)).toEqual([]);
  await expectPageIn(page, `/${EVENT}`, 'en');
  expect(documents).toHaveLength(2);
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  expect(await languageCookieOf(context)).toBe('en');
  await context.close();
});

test('the first screen is in the HTML, in the visitor’s language, before any script runs', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    serviceWorkers: 'block',
    locale: 'th-TH',
  });
  const page = await context.newPage();
  await page.goto(`/${EVENT}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('บางกอก ซิตี้ มาราธอน 2026');
  await expect(page.getByRole('heading', { name: 'ค้นหารูปของคุณด้วยใบหน้า' })).toBeVisible();
  await page.goto('/about');
  await expect(page.getByRole('heading', { name: 'เกี่ยวกับเรา', level: 1 })).toBeVisible();
  await context.addCookies([{ name: 'currentLanguage', value: 'en', url: baseURL ?? '' }]);
  await page.goto('/about');
  await expect(page.getByRole('heading', { name: 'About us', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await context.close();
});

test('a link-preview crawler reads the event: title, date, sale state and its Open Graph card', async ({
  request,
}) => {
  const answer = await request.get(`/${EVENT}`, { headers: { 'user-agent': 'facebookexternalhit/1.1' } });
  expect(answer.status()).toBe(200);
  const html = await answer.text();
  const event = (await (await request.get(`/api/v1/events/${EVENT}`)).json()).body as {
    title: string;
    event_date_text: string;
    province: string;
  };
  const meta = (key: string) =>
    new RegExp(`<meta (?:property|name)="${key.replace(':', '\\:')}" content="([^"]*)"`).exec(html)?.[1];
  expect(meta('og:title')).toBe(`${event.title} | RunFoto`);
  expect(meta('og:image')).toMatch(/\.share-1200x630\.jpg$/);
  expect(meta('og:locale')).toBe('th_TH');
  expect(meta('twitter:card')).toBe('summary_large_image');
  // In the page itself too, as the runner sees it: the title, the date, and that its photos are on sale.
  const body = html.slice(html.indexOf('<div id="root"'));
  expect(body).toContain(event.title);
  expect(body).toContain(event.event_date_text);
  expect(body).toContain('ค้นหารูปของคุณด้วยใบหน้า');
  const image = await request.get(meta('og:image') ?? '');
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/jpeg');

  const unknown = await request.get('/no-such-event');
  expect(unknown.status()).toBe(404);
  expect(await unknown.text()).toContain('ไม่พบหน้าที่ต้องการ');
  const order = await request.get('/download/0b6f1f5e-2a34-4c1e-9d41-6a3c1b2d3e4f');
  expect(order.status()).toBe(404);
  expect(await order.text()).toContain('<meta name="robots" content="noindex, nofollow">');
});
