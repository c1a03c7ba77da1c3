// The buyer's screens as a runner's phone shows them (360 and 390 px, Thai and English): home, an event page, a
// selfie's results, the cart, the manual (stage) page and a paid order, each whole page photographed for the visual
// review (SCREENS_DIR, default test-results/screens/, as design-<screen>-<width>-<language>.png) and checked for what
// breaks on a narrow phone and the design system's rule: nothing wider than the screen, at most one primary button
// a view. Without JavaScript, the event page keeps its styles and says what needs it.
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { PRIVACY_NOTICE_VERSION } from '../../core/privacy';
import { demoSelfieJpeg } from '../demo-selfie';
import { seed, stagePhotos } from './cart-seed';
import { DEMO_EVENT as BANGKOK, waitForDemoIndexed } from './demo-search';

const PHUKET = 'phuket-beach-run-2026';
const PHONES = [
  [360, 'th'],
  [390, 'th'],
  [360, 'en'],
  [390, 'en'],
] as const;
type Language = (typeof PHONES)[number][1];
const screens = process.env.SCREENS_DIR ?? 'test-results/screens';

test.use({ serviceWorkers: 'block' });
let selfieFile = '';

test.beforeAll(async ({ request }) => {
  test.setTimeout(480_000);
  const selfie = await demoSelfieJpeg();
  selfieFile = path.join(await mkdtemp(path.join(os.tmpdir(), 'design-screens-')), 'selfie.jpg');
  await writeFile(selfieFile, selfie);
  await waitForDemoIndexed(request, selfie);
});

async function onPhone(page: Page, width: number, language: Language) {
  await page.setViewportSize({ width, height: 780 });
  await page.addInitScript(
    ({ events, version, language }) => {
      localStorage.setItem('currentLanguage', language);
      for (const key of events) localStorage.setItem(`consent_${key}`, 'Y');
      const consent = { version, device: 'e2e-design-0123456789ab', given_at: new Date().toISOString() };
      localStorage.setItem('face_consent', JSON.stringify(consent));
    },
    { events: [BANGKOK, PHUKET], version: PRIVACY_NOTICE_VERSION, language },
  );
  await page.context().addCookies([
    {
      name: 'currentLanguage',
      value: language,
      url: test.info().project.use.baseURL ?? 'http://localhost',
    },
  ]);
}

/** Photographs the whole page, after checking nothing on it is wider than the phone. */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${name}: wider than the phone`,
  ).toBe(page.viewportSize()?.width);
  // One primary action a view: the filled accent buttons a runner sees at once (a dialog's own is its view).
  const primaries = await page
    .locator('.button.primary:visible')
    .evaluateAll((buttons) =>
      buttons.filter((b) => !b.closest('dialog, [role="dialog"]')).map((b) => b.textContent?.trim()),
    );
  expect(primaries.length, `${name}: primary buttons ${primaries.join(', ')}`).toBeLessThanOrEqual(1);
  await page.screenshot({ path: path.join(screens, `design-${name}.png`), fullPage: true });
}

async function paidOrder(request: APIRequestContext): Promise<string> {
  const photos = await stagePhotos(request, PHUKET, 4);
  const created = await (
    await request.post('/api/v1/order/create', {
      data: {
        mobile: '0812345678',
        email: '',
        event_key: PHUKET,
        amount: ((60 * photos.length * 105) / 100).toFixed(2),
        imageList: photos.map((p) => ({ id: p.id })),
        payment_channel: 'PP',
      },
    })
  ).json();
  expect(created.status, JSON.stringify(created)).toBe('success');
  await request.post(`/api/sandbox/pay/${created.uuid}`, { form: { action: 'pay' } });
  return created.uuid as string;
}

for (const [width, language] of PHONES) {
  test(`the buyer’s screens (${width} px, ${language})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await onPhone(page, width, language);
    const th = language === 'th';
    const at = `${width}-${language}`;

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shoot(page, `home-${at}`);

    await page.goto(`/${BANGKOK}`);
    const panel = th ? 'ค้นหารูปของคุณด้วยใบหน้า' : 'Find your photos by face';
    await expect(page.getByRole('heading', { name: panel })).toBeVisible();
    await shoot(page, `event-${at}`);

    await page.getByLabel(th ? 'เลือกรูปเซลฟี่' : 'Choose a selfie').setInputFiles(selfieFile);
    const found = th ? /^พบ \d+ รูป/ : /^Found \d+ photos?/;
    await expect(page.getByRole('heading', { name: found })).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: path.join(screens, `design-results-viewport-${at}.png`) });
    await shoot(page, `results-${at}`);

    await page.goto(`/${PHUKET}/manual`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shoot(page, `manual-${at}`);

    await seed(page, 'standard', { cart: await stagePhotos(request, PHUKET, 3) });
    await page.reload();
    await expect(page.locator('.cart-photos img')).toHaveCount(3);
    await shoot(page, `cart-${at}`);

    await page.goto(`/download/${await paidOrder(request)}`);
    await expect(page.locator('.order-thumbnails.paid img')).toHaveCount(4);
    await shoot(page, `order-paid-${at}`);
  });
}

for (const [width, language] of PHONES) {
  test(`without JavaScript the event page is styled and says what needs it (${width} px, ${language})`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      serviceWorkers: 'block',
      viewport: { width, height: 780 },
    });
    await context.addCookies([{ name: 'currentLanguage', value: language, url: baseURL ?? '' }]);
    const page = await context.newPage();
    await page.goto(`/${BANGKOK}`);
    await expect(page.locator('.noscript-note')).toBeVisible();
    // The highlights do not pretend to load; they say they need JavaScript.
    await expect(
      page.getByText(language === 'th' ? 'กำลังโหลดภาพไฮไลต์…' : 'Loading the highlights…'),
    ).toBeHidden();
    // (Inside <noscript>, which Playwright's text search skips: found by its place.)
    const note = page.locator('.highlights .alert.info');
    await expect(note).toBeVisible();
    await expect(note).toHaveText(
      language === 'th'
        ? 'เปิดใช้ JavaScript เพื่อดูภาพไฮไลต์ของงาน'
        : 'Turn on JavaScript to see the event’s highlights',
    );
    // The search panel has its styles: the selfie's dashed drop box, not a bare fieldset.
    expect(await page.locator('.selfie-drop').evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe(
      'dashed',
    );
    await page.screenshot({
      path: path.join(screens, `design-event-no-script-${width}-${language}.png`),
      fullPage: true,
    });
    await context.close();
  });
}
