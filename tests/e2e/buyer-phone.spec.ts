// A buyer's phone, journey by journey: what a runner at a finish line sees at 360 and 390 px, in Thai and
// English. The card form fits the phone; the offline pill leaves the language switch on screen; price tables add up
// and say their rule, and a bundle dearer than the photos one by one says so with the cheaper way; a cart of two
// events labels its photos and is untangled in one tap; a paid order shows the buyer's own unmarked thumbnails; the
// contact links lead to channels; a Thai phone stays Thai on the manual cart; find-order's words stay whole and its
// answer comes into view. Screenshots of each screen at 360 px go to test-results/screens/.
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { type CartItem, highlightPhotos, type Kind, seed, stagePhotos } from './cart-seed';
import { serviceWorkerControls } from './service-worker';

const PHUKET = 'phuket-beach-run-2026'; // hybrid (wholesale 590) + stage
const BANGKOK = 'bangkok-city-marathon-2026';
const MOBILE = '0812345678';
const WIDTHS = [360, 390] as const;
const LANGUAGES = ['th', 'en'] as const;
type Language = (typeof LANGUAGES)[number];

async function onPhone(page: Page, width: number, language: Language) {
  await page.setViewportSize({ width, height: 780 });
  await page.addInitScript((lang: string) => localStorage.setItem('currentLanguage', lang), language);
  await page.context().addCookies([
    {
      name: 'currentLanguage',
      value: language,
      url: test.info().project.use.baseURL ?? 'http://localhost',
    },
  ]);
}

async function screenshot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: `test-results/screens/buyer-phone-${name}.png`, fullPage });
}

/** The element's box lies within the viewport's width (nothing pushed off the right edge). */
async function expectWithinWidth(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, what).not.toBeNull();
  expect(box?.x ?? -1, `${what} left`).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0), `${what} right`).toBeLessThanOrEqual(width + 0.5);
}

/** An order of stage photos through the API (as the checkout makes it): its uuid. */
async function stageOrder(request: APIRequestContext, channel: 'CC' | 'PP', count = 2): Promise<string> {
  const photos = await stagePhotos(request, PHUKET, count);
  const amount = ((60 * count * 105) / 100).toFixed(2);
  const created = await request.post('/api/v1/order/create', {
    data: {
      mobile: MOBILE,
      email: '',
      event_key: PHUKET,
      amount,
      imageList: photos.map((p) => ({ id: p.id })),
      payment_channel: channel,
    },
  });
  const answer = await created.json();
  expect(answer.status, JSON.stringify(answer)).toBe('success');
  return answer.uuid as string;
}

for (const width of WIDTHS) {
  for (const language of LANGUAGES) {
    test(`the card form fits a ${width} px phone, with a card's keypads and autocomplete (${language})`, async ({
      page,
      request,
    }) => {
      await onPhone(page, width, language);
      const uuid = await stageOrder(request, 'CC');
      await page.goto(`/dcc/${uuid}`);
      await page.getByRole('button', { name: /PAY NOW/ }).click();
      const dialog = page.getByRole('dialog', {
        name: language === 'th' ? 'ชำระด้วยบัตร (ระบบทดสอบ)' : 'Pay by card (sandbox)',
      });
      await expect(dialog).toBeVisible();
      const inputs = dialog.locator('input');
      await expect(inputs).toHaveCount(4);
      const autocomplete = await inputs.evaluateAll((all) => all.map((i) => i.getAttribute('autocomplete')));
      expect(autocomplete).toEqual(['cc-name', 'cc-number', 'cc-exp', 'cc-csc']);
      const dialogBox = await dialog.boundingBox();
      for (let i = 0; i < 4; i++) {
        const box = await inputs.nth(i).boundingBox();
        expect(box?.x ?? -1).toBeGreaterThanOrEqual(dialogBox?.x ?? 0);
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(
          (dialogBox?.x ?? 0) + (dialogBox?.width ?? 0),
        );
      }
      await expectWithinWidth(page, dialog, 'the card dialog');
      // Focusing the last field slides nothing out of view (the dialog never scrolls sideways).
      await inputs.nth(3).focus();
      const overflow = await dialog.evaluate((d) => ({
        scrolled: Math.max(d.scrollLeft, ...Array.from(d.querySelectorAll('*'), (e) => e.scrollLeft)),
        wider: d.scrollWidth - d.clientWidth,
      }));
      expect(overflow).toEqual({ scrolled: 0, wider: 0 });
      await expect(inputs.nth(0)).toBeInViewport();
      if (width === 360) await screenshot(page, `card-form-${language}`, false);
    });

    test(`offline, the header keeps the language switch on a ${width} px screen (${language})`, async ({
      page,
      context,
    }) => {
      await onPhone(page, width, language);
      await page.goto('/about');
      await expect(page.locator('.app-header .language-switch')).toBeVisible();
      // Offline once the worker has the app (a chunk asked for offline before it is installed cannot load).
      await serviceWorkerControls(page);
      await context.setOffline(true);
      await expect(page.locator('.offline-indicator')).toBeVisible();
      const header = page.locator('.app-header');
      for (const control of await header.locator('button, a').all())
        if (await control.isVisible()) await expectWithinWidth(page, control, 'a header control');
      for (const flag of await header.locator('.language-switch button').all())
        await expect(flag).toBeInViewport({ ratio: 1 });
      await expect(page.locator('.offline-indicator')).toBeInViewport({ ratio: 1 });
      expect(await header.evaluate((h) => h.scrollWidth - h.clientWidth)).toBeLessThanOrEqual(0);
      if (width === 360) await screenshot(page, `offline-header-${language}`, false);
      await context.setOffline(false);
    });
  }
}

/** The price table's rows as numbers, by their order: full, discount, total, fee, final (some may be absent). */
async function priceRows(page: Page): Promise<Map<string, number>> {
  const rows = await page
    .locator('.price-table tr[data-row]')
    .evaluateAll((all) =>
      all.map((row) => [
        row.getAttribute('data-row') ?? '',
        Number((row.querySelector('td')?.textContent ?? '').replace(/[^\d.]/g, '')),
      ]),
    );
  return new Map(rows as [string, number][]);
}

async function expectAddsUp(page: Page) {
  const rows = await priceRows(page);
  const cents = (key: string) => Math.round((rows.get(key) ?? Number.NaN) * 100);
  if (rows.has('full'))
    expect(cents('full') - cents('discount'), 'full − discount = total').toBe(cents('total'));
  else expect(rows.has('discount')).toBe(false);
  expect(cents('total') + cents('fee'), 'total + fee = final').toBe(cents('final'));
}

test('the wholesale cart adds up, says its rule and offers the tier prices when the bundle costs more (360 px)', async ({
  page,
  request,
}) => {
  await onPhone(page, 360, 'th');
  const photos = await stagePhotos(request, PHUKET, 8);
  await seed(page, 'wholesale', { cart: photos, latest: photos, flag: 'YES' });
  await page.goto('/cart-wholesale');
  await expect(page.locator('.price-rule')).toHaveText('ราคาที่ใช้: แพ็กเกจเหมาทุกภาพ ฿590.00');
  // Above the full price (8 × 60 = 480): no "discount 0.00" under a larger total.
  expect([...(await priceRows(page)).keys()]).toEqual(['total', 'fee', 'final', 'average']);
  await expectAddsUp(page);
  const compare = page.locator('.price-summary .bundle-compare');
  await expect(compare).toContainText('ราคาปกติของ 8 ภาพนี้ ฿430.00 ถูกกว่าแพ็กเกจเหมา ฿590.00');
  await screenshot(page, 'wholesale-bundle-dearer-th');
  await compare.getByRole('button', { name: 'ซื้อภาพเหล่านี้ในราคาปกติแทน' }).click();
  await expect(page.locator('.price-rule')).toHaveText(
    'ราคาที่ใช้: แพ็กเกจ 5 ภาพ ฿250.00 × 1 + ภาพละ ฿60.00 × 3',
  );
  expect(await priceRows(page)).toEqual(
    new Map([
      ['full', 480],
      ['discount', 50],
      ['total', 430],
      ['fee', 21.5],
      ['final', 451.5],
      ['average', 53.75],
    ]),
  );
  await expectAddsUp(page);
  await screenshot(page, 'wholesale-tier-prices-th');
});

test('a cart of two events labels each photo by its event and keeps one event in one tap (390 px, English)', async ({
  page,
  request,
}) => {
  await onPhone(page, 390, 'en');
  const phuket = await stagePhotos(request, PHUKET, 2);
  const [bangkok] = await highlightPhotos(request, BANGKOK, 1);
  await seed(page, 'standard', { cart: [...phuket, bangkok as CartItem] });
  await page.reload();
  const phuketTitle = (await (await request.get(`/api/v1/events/${PHUKET}`)).json()).body.title as string;
  const groups = page.locator('.cart-event-group');
  await expect(groups).toHaveCount(2);
  await expect(groups.nth(0).getByRole('heading', { level: 3 })).toHaveText(phuketTitle);
  await expect(groups.nth(0).getByRole('img').first()).toHaveAttribute('alt', `Photo 1 of ${phuketTitle}`);
  await screenshot(page, 'mixed-cart-en');
  await groups
    .nth(0)
    .getByRole('button', { name: "Keep only this event's photos (removes 1 other photo)" })
    .click();
  await expect(groups).toHaveCount(0);
  await expect(page.locator('.cart-photos img')).toHaveCount(2);
  await expect(page.locator('.price-table')).toBeVisible();
  await expectAddsUp(page);
});

test('remove all asks first (360 px)', async ({ page, request }) => {
  await onPhone(page, 360, 'th');
  await seed(page, 'standard', { cart: await stagePhotos(request, PHUKET, 2) });
  await page.reload();
  await page.getByRole('button', { name: 'ลบทั้งหมด' }).click();
  const ask = page.getByRole('dialog', { name: 'ลบรูปทั้งหมดออกจากตะกร้า?' });
  await expect(ask).toContainText('รูปในตะกร้า 2 รูปจะถูกนำออก');
  await screenshot(page, 'remove-all-th');
  await ask.getByRole('button', { name: 'เก็บไว้' }).click();
  await expect(page.locator('.cart-photos img')).toHaveCount(2);
});

async function openPaid(page: Page, request: APIRequestContext): Promise<string> {
  const uuid = await stageOrder(request, 'PP');
  await request.post(`/api/sandbox/pay/${uuid}`, { form: { action: 'pay' } });
  await page.goto(`/download/${uuid}`);
  return uuid;
}

test('a paid order shows the buyer’s own unmarked thumbnails, in both views (360 px)', async ({
  page,
  request,
}) => {
  await onPhone(page, 360, 'th');
  const uuid = await openPaid(page, request);
  const thumbnails = page.locator('.order-thumbnails.paid img');
  await expect(thumbnails).toHaveCount(2);
  for (const img of await thumbnails.all()) {
    await expect(img).toHaveAttribute('src', new RegExp(`/api/v1/order/${uuid}/thumbnail/\\d+$`));
    await expect
      .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth))
      .toBeGreaterThan(0);
  }
  await screenshot(page, 'paid-thumbnails-th');
  const logos = page.getByRole('button', { name: 'ภาพโลโก้', exact: true });
  if (await logos.isVisible()) {
    await logos.click();
    await expect(thumbnails.first()).toHaveAttribute('src', /\/thumbnail\//);
  }
  // Never for anyone without the order, nor before it is paid.
  const unpaid = await stageOrder(request, 'PP');
  const photoId = (await thumbnails.first().getAttribute('src'))?.split('/').pop();
  expect((await request.get(`/api/v1/order/${unpaid}/thumbnail/${photoId}`)).status()).toBe(404);
});

test('the contact links of the demo store lead to channels that exist (390 px)', async ({
  page,
  request,
}) => {
  await onPhone(page, 390, 'th');
  const uuid = await stageOrder(request, 'PP');
  await page.goto(`/download/${uuid}`);
  const contact = page.getByRole('link', { name: 'ติดต่อทีมงาน' });
  await expect(contact).toHaveAttribute('href', '/about#contact');
  await contact.click();
  const section = page.getByRole('region', { name: 'ติดต่อเรา' });
  await expect(section.locator('.support-channels li').first()).toBeVisible();
  await expect(section.getByRole('link', { name: '@runfoto-demo' })).toHaveAttribute('href', /line\.me/);
});

async function manualCart(page: Page, request: APIRequestContext, kind: Kind = 'manual') {
  await seed(page, kind, { cart: await stagePhotos(request, PHUKET, 1) });
  await page.goto('/cart-manual');
}

test.describe('a Thai phone', () => {
  test.use({ locale: 'th-TH' });
  test('stays Thai on the manual cart it never chose a language for (360 px)', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await manualCart(page, request);
    await expect(page.getByRole('heading', { level: 1, name: 'รายการสั่งซื้อและชำระเงิน' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    await screenshot(page, 'manual-cart-thai-phone');
  });
});

test.describe('an English phone', () => {
  test.use({ locale: 'en-US' });
  test('gets the manual cart in English, its fee called a payment fee (390 px)', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 780 });
    await manualCart(page, request);
    await expect(page.getByRole('heading', { level: 1, name: 'Order list and payment' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'Payment fee 5%' })).toBeVisible();
    await expect(page.getByText('Free fee')).toHaveCount(0);
  });
});

test('find-order keeps its words whole and brings the orders found into view (360 px)', async ({
  page,
  request,
}) => {
  await onPhone(page, 360, 'th');
  await stageOrder(request, 'PP', 1);
  await page.goto('/find-order');
  await page.getByRole('textbox', { name: 'เบอร์มือถือ' }).fill(MOBILE);
  await page.getByRole('button', { name: 'ค้นหา', exact: true }).click();
  const table = page.locator('.find-order-result');
  await expect(table).toBeVisible();
  await expect(table).toBeInViewport();
  // Each order's words on one line each (Thai has no spaces: a narrow column cut "แกลเลอรี" and the title mid-word).
  const first = table.locator('tbody tr').first();
  for (const cell of ['.found-link a', '.found-title', '.status']) {
    const words = first.locator(cell);
    const lineHeight = await words.evaluate((e) => Number.parseFloat(getComputedStyle(e).lineHeight) || 24);
    expect((await words.boundingBox())?.height ?? 99, cell).toBeLessThan(lineHeight * 1.5);
  }
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await screenshot(page, 'find-order-th');
});

test('the results lightbox hides the page behind it', async ({ page }) => {
  await onPhone(page, 390, 'th');
  await page.addInitScript((key: string) => localStorage.setItem(`consent_${key}`, 'Y'), BANGKOK);
  await page.goto(`/${BANGKOK}`);
  await expect(page.getByLabel('เลือกรูปเซลฟี่')).toBeAttached();
  // The overlay's colour is opaque, so the page does not show through.
  const opaque = await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.className = 'result-lightbox';
    document.body.append(probe);
    const colour = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return colour;
  });
  expect(opaque).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
});

/** Money as every page writes it (one formatter): "฿1,234.00". */
const MONEY = /^฿\d{1,3}(,\d{3})*\.\d\d$/;
/** Money written any other way ("60.00 บาท", "590.00 THB", "60.00 baht", "THB 60"). */
const OTHER_MONEY = /\d\.\d\d\s*(THB|บาท|baht)|\b(THB|บาท)\s*\d/i;

/** Nothing on the page writes money another way than "฿1,234.00". */
async function expectOneMoneyFormat(page: Page, where: string) {
  expect(
    (await page.locator('#main').textContent()) ?? '',
    `${where}: money written another way`,
  ).not.toMatch(OTHER_MONEY);
}

/** Every amount of the price table is written "฿1,234.00", and its fee row is named for what it is. */
async function expectPriceTable(page: Page, fee: string) {
  await expect(page.locator('.price-table')).toBeVisible();
  for (const cell of await page.locator('.price-table td').allTextContents())
    expect(cell.trim()).toMatch(MONEY);
  await expect(page.locator('.price-table tr[data-row="fee"] th')).toHaveText(fee);
  await expectAddsUp(page);
}

const MONEY_WORDS = {
  th: {
    fee: 'ค่าธรรมเนียมการชำระเงิน 5%',
    bundleRule: 'ราคาที่ใช้: แพ็กเกจเหมาทุกภาพ ฿590.00',
    amount: 'ยอดชำระ ฿126.00',
    qr: 'QR Code พร้อมเพย์ สำหรับชำระ ฿126.00',
    cardForm: 'ชำระด้วยบัตร (ระบบทดสอบ)',
    pay: 'ชำระ ฿126.00',
    declined: 'บัตรถูกปฏิเสธ',
    instead: 'ชำระด้วยพร้อมเพย์ (QR) แทน',
    paid: 'ชำระเงินเรียบร้อย',
  },
  en: {
    fee: 'Payment fee 5%',
    bundleRule: 'Price applied: unlimited package ฿590.00',
    amount: 'Amount ฿126.00',
    qr: 'PromptPay QR code to pay ฿126.00',
    cardForm: 'Pay by card (sandbox)',
    pay: 'Pay ฿126.00',
    declined: 'Your card was declined',
    instead: 'Pay by PromptPay (QR) instead',
    paid: 'Payment completed',
  },
} as const;

for (const width of WIDTHS) {
  for (const language of LANGUAGES) {
    const words = MONEY_WORDS[language];

    test(`money is written one way (฿1,234.00) on the event page, the carts and the order page (${width} px, ${language})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      await onPhone(page, width, language);
      await page.goto(`/${BANGKOK}`);
      const badges = page.locator('.event-header .badges .badge, .badges .badge');
      await expect(badges.first()).toBeVisible();
      for (const badge of await badges.allTextContents())
        expect(badge).toMatch(/ · ฿\d{1,3}(,\d{3})*\.\d\d$/);
      await expectOneMoneyFormat(page, 'event page');

      await seed(page, 'standard', { cart: await highlightPhotos(request, BANGKOK, 3) });
      await page.goto('/cart');
      await expectPriceTable(page, words.fee);
      await expectOneMoneyFormat(page, 'cart');
      if (width === 360) await screenshot(page, `money-cart-${language}`);

      const stage = await stagePhotos(request, PHUKET, 8);
      await seed(page, 'wholesale', { cart: stage, latest: stage, flag: 'YES' });
      await page.goto('/cart-wholesale');
      await expect(page.locator('.price-rule')).toHaveText(words.bundleRule);
      await expectPriceTable(page, words.fee);
      await expectOneMoneyFormat(page, 'wholesale cart');
      if (width === 360) await screenshot(page, `money-wholesale-cart-${language}`);

      // The manual cart's fee row is named as the others' are.
      await seed(page, 'manual', { cart: stage.slice(0, 2) });
      await page.goto('/cart-manual');
      await expectPriceTable(page, words.fee);
      await expectOneMoneyFormat(page, 'manual cart');

      await page.goto(`/download/${await stageOrder(request, 'PP')}`);
      await expect(page.locator('.order-amount')).toHaveText(words.amount);
      await expect(page.getByRole('img', { name: words.qr })).toBeVisible();
      await expectOneMoneyFormat(page, 'order page');
      if (width === 360) await screenshot(page, `money-order-${language}`, false);
    });

    test(`a declined card turns into PromptPay on the same order, its QR on screen (${width} px, ${language})`, async ({
      page,
      request,
    }) => {
      await onPhone(page, width, language);
      const uuid = await stageOrder(request, 'CC');
      await page.goto(`/download/${uuid}`);
      await page.getByRole('button', { name: /PAY NOW/ }).click();
      const form = page.getByRole('dialog', { name: words.cardForm });
      const inputs = form.locator('input');
      await inputs.nth(0).fill('Somchai Runner');
      await inputs.nth(1).fill('4000 0000 0000 0002');
      await inputs.nth(2).fill(`12/${(new Date().getFullYear() + 2) % 100}`);
      await inputs.nth(3).fill('123');
      await form.getByRole('button', { name: words.pay }).click();

      const declined = page.getByRole('dialog', { name: words.declined });
      const instead = declined.getByRole('button', { name: words.instead });
      await expect(instead).toBeVisible();
      await expectWithinWidth(page, declined, 'the declined dialog');
      await expectWithinWidth(page, instead, 'pay by PromptPay instead');
      await expect(instead).toBeInViewport({ ratio: 1 });
      if (width === 360) await screenshot(page, `declined-card-${language}`, false);

      await instead.click();
      await expect(declined).toHaveCount(0);
      const qr = page.getByRole('img', { name: words.qr });
      await expect(qr).toBeVisible();
      await expectWithinWidth(page, qr, 'the PromptPay QR');
      await expect(page.locator('.order-amount')).toHaveText(words.amount);
      await expect(page.getByRole('button', { name: /PAY NOW/ })).toHaveCount(0);
      expect(new URL(page.url()).pathname).toBe(`/download/${uuid}`);
      if (width === 360) await screenshot(page, `promptpay-instead-${language}`, false);

      // Paid by that QR: the same order turns PAID on its own page.
      await request.post(`/api/sandbox/pay/${uuid}`, { form: { action: 'pay' } });
      await expect(page.getByRole('heading', { name: words.paid })).toBeVisible({ timeout: 35_000 });
    });
  }
}
