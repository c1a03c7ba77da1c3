// The stage (manual) page, the order payment and download page with every address alias, and the event's video
// and race-detail pages, on the demo data. Orders are created through the API as the checkout does; a FREE order is
// PAID at once, and a PromptPay order is paid on the sandbox gateway's own payment page (the journeys through the
// UI alone are in payment-journeys.spec.ts).
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { serviceWorkerControls } from './service-worker';
import { unzipEntries } from './zip-files';

const demo = {
  stage: 'phuket-beach-run-2026',
  normal: 'bangkok-city-marathon-2026',
  free: 'khonkaen-fun-run-2026',
};
const APP_TOKEN = 'demo-app-token';
const MOBILE = '0812345678';

/** axe-core on the page's own content (the shell is checked by its own journeys). */
async function expectNoSeriousA11yFindings(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('#main').analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

async function screenshots(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

interface ApiPhoto {
  id: number;
  event_id: number;
}

async function stagePhotos(request: APIRequestContext, count: number): Promise<ApiPhoto[]> {
  const event = await (await request.get(`/api/v1/events/${demo.stage}`)).json();
  const page = await request.post('/api/v1/imagestage/pagination', {
    data: { event_id: event.body.event_id, event_key: demo.stage, page: 1, page_size: count },
  });
  return (await page.json()).body;
}

async function createOrder(request: APIRequestContext, body: Record<string, unknown>): Promise<string> {
  const response = await request.post('/api/v1/order/create', {
    data: { mobile: MOBILE, email: '', ...body },
  });
  const answer = await response.json();
  expect(answer.status, JSON.stringify(answer)).toBe('success');
  return answer.uuid;
}

/** A PromptPay order of two stage photos: 2 × 60.00 + 5% = 126.00. */
async function promptPayOrder(request: APIRequestContext) {
  const photos = await stagePhotos(request, 2);
  return createOrder(request, {
    event_key: demo.stage,
    amount: '126.00',
    imageList: photos.map((p) => ({ id: p.id, event_id: p.event_id })),
    payment_channel: 'PP',
  });
}

/** A FREE order of the free event's first three highlight photos: PAID at once. */
async function freeOrder(request: APIRequestContext) {
  const highlights = await request.post('/api/v1/facesearch/highlight', { data: { event_key: demo.free } });
  const photos: { id: number }[] = (await highlights.json()).body.slice(0, 3);
  return createOrder(request, {
    event_key: demo.free,
    amount: '0.00',
    imageList: photos.map((p) => ({ id: p.id })),
    payment_channel: 'FREE',
  });
}

async function inquire(request: APIRequestContext, uuid: string) {
  return (await request.post('/api/v3/order/inquiry', { data: { tk: APP_TOKEN, order_uuid: uuid } })).json();
}

/** The inquiry answer with its second paid image's address broken: its signature no longer holds (as an expired
 * address's would). */
function withSecondImageBroken(answer: { images_paid?: string | null }) {
  if (answer.images_paid) {
    const paid = JSON.parse(answer.images_paid);
    paid[1].image = `${paid[1].image}0`;
    answer.images_paid = JSON.stringify(paid);
  }
  return answer;
}

/** The order's second image cannot be fetched: in the answer that comes with the page, and in every later one. */
async function breakSecondImage(page: Page) {
  await page.route('**/api/v3/order/inquiry', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: withSecondImageBroken(await response.json()) });
  });
  const carried = /(<script id="first-screen-answers" type="application\/json">)(.*?)(<\/script>)/s;
  await page.route('**/download/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text()).replace(carried, (_, open: string, json: string, close: string) => {
      const answers: Record<string, { images_paid?: string | null }> = JSON.parse(json);
      for (const answer of Object.values(answers)) withSecondImageBroken(answer);
      return `${open}${JSON.stringify(answers).replace(/</g, '\\u003c')}${close}`;
    });
    await route.fulfill({ response, body: html });
  });
}

/** Download all, confirmed, ends in "Download Error"; the button comes back for another try. */
async function expectDownloadError(page: Page) {
  const button = page.getByRole('button', { name: 'ดาวน์โหลดภาพต้นฉบับทั้งหมด (3 ภาพ)' });
  await button.click();
  await page.getByRole('dialog').getByRole('button', { name: 'ดาวน์โหลด' }).click();
  const failed = page.getByRole('dialog', { name: 'ดาวน์โหลดผิดพลาด' });
  await expect(failed).toBeVisible();
  await expect(failed).toContainText('ดาวน์โหลดไม่สำเร็จ กรุณาลองใหม่อีกครั้ง');
  await failed.getByRole('button', { name: 'ตกลง' }).click();
  await expect(failed).toBeHidden();
  await expect(button).toBeVisible();
}

test.describe('stage (manual) page', () => {
  test('searches a stage, adds and removes a photo of the manual cart', async ({ page }) => {
    await page.goto(`/${demo.stage}/manual`);
    await expect(page.getByRole('heading', { level: 1, name: 'เลือกภาพตามจุดถ่ายภาพ' })).toBeVisible();
    await expect(page).toHaveTitle('เลือกภาพตามจุดถ่ายภาพ - ภูเก็ต บีชรัน 2026 | RunFoto');
    await expect(page.getByRole('heading', { name: 'ซื้อแพ็กเกจเหมาแล้ว ต้องการภาพเพิ่ม?' })).toBeVisible();
    await expect(page.getByLabel('ช่วงเวลา', { exact: true }).locator('option')).not.toHaveCount(1);

    await page.getByRole('button', { name: 'ค้นหา' }).click();
    const total = page.getByText(/^พบ \d+ ภาพ/);
    await expect(total).toBeVisible();
    const all = Number((await total.textContent())?.match(/\d+/)?.[0]);
    expect(all).toBeGreaterThan(0);
    await expect(page.locator('.stage-grid li')).toHaveCount(Math.min(all, 200));

    await page.getByLabel('จุดถ่ายภาพ', { exact: true }).selectOption({ label: 'เส้นชัย' });
    await page.getByRole('button', { name: 'ค้นหา' }).click();
    await expect(total).toBeVisible();
    const finish = Number((await total.textContent())?.match(/\d+/)?.[0]);
    expect(finish).toBeLessThan(all);
    await expect(page.locator('.stage-grid li')).toHaveCount(finish);
    // Fewer than 200 photos: one page, so no pager.
    await expect(page.getByRole('navigation', { name: 'เลือกหน้า' })).toHaveCount(0);
    await expect(page.locator('.stage-grid img').first()).toHaveJSProperty('complete', true);

    const cart = page.getByRole('link', { name: /^ตะกร้า \(/ });
    await expect(cart).toHaveText('ตะกร้า (0 ภาพ)');
    await page
      .getByRole('button', { name: /^เพิ่มลงตะกร้า/ })
      .first()
      .click();
    await expect(cart).toHaveText('ตะกร้า (1 ภาพ)');
    await expect(page.getByRole('button', { name: /^นำออก/ })).toHaveCount(1);
    await expectNoSeriousA11yFindings(page);
    await screenshots(page, 'stage-th');

    await page.getByRole('button', { name: /^นำออก/ }).click();
    await expect(cart).toHaveText('ตะกร้า (0 ภาพ)');
    await page.getByRole('button', { name: 'ยกเลิก' }).click();
    await expect(page.locator('.stage-grid')).toHaveCount(0);
    await expect(page.getByLabel('จุดถ่ายภาพ', { exact: true })).toHaveValue('');
  });

  test('a time range narrows the search, in English', async ({ page }) => {
    await page.goto(`/${demo.stage}/manual`);
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pick photos by photo point' })).toBeVisible();
    await page.getByLabel('Photo point', { exact: true }).selectOption({ label: 'Start' });
    const times = page.getByLabel('Time', { exact: true }).locator('option');
    await expect(times).not.toHaveCount(1);
    await page.getByLabel('Time', { exact: true }).selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText(/photos? found|No photos at this point/)).toBeVisible();
    await screenshots(page, 'stage-en');
  });

  test('an event without stages says so and links back to the event', async ({ page }) => {
    await page.goto(`/${demo.normal}/manual`);
    await expect(page.getByText(/งานนี้ไม่มีการเลือกภาพตามจุดถ่ายภาพ/)).toBeVisible();
    await page.getByRole('link', { name: 'กลับไปหน้างาน' }).click();
    await expect(page).toHaveURL(new RegExp(`/${demo.normal}$`));
  });
});

test.describe('order payment and download page', () => {
  test('every address alias shows the waiting order with its PromptPay QR', async ({ page, request }) => {
    const uuid = await promptPayOrder(request);
    const { qrcode_url } = await inquire(request, uuid);
    for (const alias of ['download', 'd', 'dz', 'dcc', 'dd', 'dp']) {
      await page.goto(`/${alias}/${uuid}`);
      await expect(page.getByRole('heading', { level: 1, name: 'ชำระเงินและดาวน์โหลดภาพ' })).toBeVisible();
      await expect(page.getByText(uuid)).toBeVisible();
      await expect(page.getByText('สถานะ: รอการชำระเงิน')).toHaveCSS('color', 'rgb(198, 40, 40)');
      await expect(page.locator('[data-qr-payload]')).toHaveAttribute('data-qr-payload', qrcode_url);
    }
    await expect(page).toHaveTitle('ชำระเงินและดาวน์โหลดภาพ | RunFoto');
    await expect(page.getByText('126.00')).toBeVisible();
    const qr = page.getByRole('img', { name: 'QR Code พร้อมเพย์ สำหรับชำระ ฿126.00' });
    await expect(qr).toBeVisible();
    expect((await qr.boundingBox())?.width).toBe(250);
    await expect(page.getByRole('heading', { name: 'ภาพที่สั่งซื้อ 2 ภาพ' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'รีเฟรช' })).toBeVisible();
    await page.getByRole('button', { name: 'รีเฟรช' }).click();
    await expect(page.getByText('สถานะ: รอการชำระเงิน')).toBeVisible();
    await expectNoSeriousA11yFindings(page);
    await screenshots(page, 'order-waiting-th');

    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pay and download images' })).toBeVisible();
    await expect(page.getByText('Click Refresh when payment is complete')).toBeVisible();
    await screenshots(page, 'order-waiting-en');
  });

  test('a card order shows PAY NOW, which opens the sandbox card form on the demo store', async ({
    page,
    request,
  }) => {
    const photos = await stagePhotos(request, 1);
    const uuid = await createOrder(request, {
      event_key: demo.stage,
      amount: '63.00',
      imageList: photos.map((p) => ({ id: p.id, event_id: p.event_id })),
      payment_channel: 'CC',
    });
    await page.goto(`/dcc/${uuid}`);
    await expect(page.getByText('สถานะ: รอการชำระเงิน')).toBeVisible();
    await expect(page.locator('[data-qr-payload]')).toHaveCount(0);
    await page.getByRole('button', { name: 'ชำระเงินทันที (PAY NOW)' }).click();
    const dialog = page.getByRole('dialog', { name: 'ชำระด้วยบัตร (ระบบทดสอบ)' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/บัตรทดสอบ: 4242 4242 4242 4242/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'ชำระ ฿63.00' })).toBeVisible();
    await expectNoSeriousA11yFindings(page);
    await screenshots(page, 'order-sandbox-card-th');
    await dialog.getByRole('button', { name: 'ยกเลิก' }).click();
    await expect(dialog).toBeHidden();
  });

  test('an AM order waits for approval with a request to copy', async ({ page, request, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const photos = await stagePhotos(request, 1);
    const uuid = await createOrder(request, {
      event_key: demo.stage,
      amount: '63.00',
      imageList: photos.map((p) => ({ id: p.id, event_id: p.event_id })),
      payment_channel: 'AM',
      am_order_ref: 'ORDER-12345',
      cart: 'manual',
    });
    await page.goto(`/download/${uuid}`);
    await expect(page.getByText('สถานะ: รอแอดมินอนุมัติ')).toBeVisible();
    await expect(page.locator('.order-amount s')).toHaveText('฿63.00');
    const text = page.getByRole('textbox', { name: 'ข้อความขออนุมัติ' });
    await expect(text).toHaveValue(new RegExp(`/download/${uuid}`));
    await expect(text).toHaveValue(/อ้างอิงคำสั่งซื้อก่อนหน้า: ORDER-12345/);
    await expect(text).toHaveValue(new RegExp(`/find-mobile/${MOBILE}`));
    await page.getByRole('button', { name: 'คัดลอกข้อความ' }).click();
    await expect(page.getByText('คัดลอกแล้ว!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`/download/${uuid}`);
    await expectNoSeriousA11yFindings(page);
    await screenshots(page, 'order-approval-th');
  });

  test('a FREE order: completed, three steps, zip of the originals streamed by the service worker, lightbox', async ({
    page,
    request,
  }) => {
    const uuid = await freeOrder(request);
    await page.goto(`/d/${uuid}`);
    await expect(page.getByRole('heading', { name: 'สร้างคำสั่งซื้อเรียบร้อย' })).toBeVisible();
    await serviceWorkerControls(page);
    await expect(page.getByRole('list', { name: 'ขั้นตอนของคำสั่งซื้อ' }).getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'ภาพโลโก้', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /ดาวน์โหลดภาพโลโก้/ })).toHaveCount(0);

    await page.getByRole('button', { name: 'ดาวน์โหลดภาพต้นฉบับทั้งหมด (3 ภาพ)' }).click();
    const confirm = page.getByRole('dialog', { name: 'ดาวน์โหลดภาพทั้งหมด' });
    await expect(confirm).toContainText('ต้องการดาวน์โหลดภาพทั้งหมด 3 ภาพเป็นไฟล์ zip หรือไม่?');
    const downloading = page.waitForEvent('download');
    await confirm.getByRole('button', { name: 'ดาวน์โหลด' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${uuid}.zip`);
    // Saved from the service worker's stream (sw/zip-stream.ts), not from a zip built whole in the page.
    expect(download.url()).toMatch(new RegExp(`/zip-stream/[\\w-]+/${uuid}\\.zip$`));
    const { images_paid } = await inquire(request, uuid);
    const paid: { photographer_id: number; original_file_name: string; image: string }[] =
      JSON.parse(images_paid);
    expect(await unzipEntries(await download.path())).toEqual(
      paid.map((p) => `${p.photographer_id}_${p.original_file_name}`),
    );

    await page
      .getByRole('button', { name: /^ดูภาพ / })
      .last()
      .click();
    const slide = page.locator('.yarl__slide_current img');
    await expect(slide).toBeVisible();
    await expect(slide).toHaveAttribute('src', /\/original\//);
    await page.getByRole('button', { name: 'ภาพถัดไป' }).click();
    // The last image's next is the first: the lightbox loops.
    const first = new URL(paid[0]?.image ?? '', page.url()).pathname;
    await expect(page.locator('.yarl__slide_current img')).toHaveAttribute('src', new RegExp(`^${first}\\?`));
    await expect(page.getByRole('button', { name: 'ขยาย' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expectNoSeriousA11yFindings(page);
    await screenshots(page, 'order-free-th');
  });

  test('a paid order: four steps, original/logo toggle and the logo zip', async ({ page, request }) => {
    const uuid = await promptPayOrder(request);
    const paid = await request.post(`/api/sandbox/pay/${uuid}`, { form: { action: 'pay' } });
    expect(await paid.text()).toContain('Paid 126.00 THB');
    // The logo versions are made by a job after the payment.
    await expect
      .poll(async () => (await inquire(request, uuid)).is_logo_image_created, { timeout: 30_000 })
      .toBe('Y');
    await page.goto(`/dp/${uuid}`);
    const status = page.getByRole('heading', { name: 'ชำระเงินเรียบร้อย' });
    await expect(status).toBeVisible();
    await expect(status).toHaveCSS('color', 'rgb(27, 122, 52)');
    await expect(page.getByRole('list', { name: 'ขั้นตอนของคำสั่งซื้อ' }).getByRole('listitem')).toHaveCount(4);
    await page.getByRole('button', { name: 'ภาพโลโก้', exact: true }).click();
    await expect(page.getByRole('button', { name: /^ดูภาพ\+โลโก้ / })).toHaveCount(2);
    await page.getByRole('button', { name: 'ดาวน์โหลดภาพโลโก้ทั้งหมด (2 ภาพ)' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('dialog').getByRole('button', { name: 'ดาวน์โหลด' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${uuid}-logo.zip`);
    const names = await unzipEntries(await download.path());
    expect(names).toHaveLength(2);
    for (const name of names) expect(name).toMatch(/^logo_\d+_.+\.(jpe?g|JPE?G|png)$/);
    await expectNoSeriousA11yFindings(page);
    await screenshots(page, 'order-paid-th');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Payment completed' })).toBeVisible();
    await screenshots(page, 'order-paid-en');
  });

  test('an image that cannot be fetched fails the streamed zip with the Download Error dialog', async ({
    page,
    request,
  }) => {
    const uuid = await freeOrder(request);
    await breakSecondImage(page);
    await page.goto(`/download/${uuid}`);
    await serviceWorkerControls(page);
    await expectDownloadError(page);
    await screenshots(page, 'order-zip-error-th');
  });

  test('an unknown order opens the error dialog', async ({ page }) => {
    await page.goto('/download/00000000-0000-4000-8000-000000000000');
    const dialog = page.getByRole('dialog', { name: 'พบข้อผิดพลาด' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'ฝ่ายลูกค้าสัมพันธ์' })).toBeVisible();
    await screenshots(page, 'order-error-th');
    await dialog.getByRole('button', { name: 'ตกลง' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('ไม่สามารถแสดงคำสั่งซื้อนี้ได้')).toBeVisible();
    await page.goto('/dz/not-an-order');
    await expect(page.getByRole('dialog', { name: 'พบข้อผิดพลาด' })).toBeVisible();
  });
});

test.describe('where no service worker controls the page', () => {
  test.use({ serviceWorkers: 'block' });

  test('download all builds the zip in the page, with the same names', async ({ page, request }) => {
    const uuid = await freeOrder(request);
    await page.goto(`/download/${uuid}`);
    await page.getByRole('button', { name: 'ดาวน์โหลดภาพต้นฉบับทั้งหมด (3 ภาพ)' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('dialog').getByRole('button', { name: 'ดาวน์โหลด' }).click();
    const download = await downloading;
    expect(download.url()).toMatch(/^blob:/);
    expect(download.suggestedFilename()).toBe(`${uuid}.zip`);
    const paid: { photographer_id: number; original_file_name: string }[] = JSON.parse(
      (await inquire(request, uuid)).images_paid,
    );
    expect(await unzipEntries(await download.path())).toEqual(
      paid.map((p) => `${p.photographer_id}_${p.original_file_name}`),
    );
  });

  test('an image that cannot be fetched opens the Download Error dialog', async ({ page, request }) => {
    const uuid = await freeOrder(request);
    await breakSecondImage(page);
    await page.goto(`/download/${uuid}`);
    await expectDownloadError(page);
  });
});

test.describe('on an iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  });

  test('Save to Photos says why and hands each batch to the share sheet as image files', async ({
    page,
    request,
  }) => {
    // The share sheet is the phone's own: this one records what it is given.
    await page.addInitScript(() => {
      const shared: { name: string; type: string; size: number }[][] = [];
      Object.assign(window, { __shared: shared });
      Object.assign(navigator, {
        canShare: (data?: ShareData) => (data?.files?.length ?? 0) > 0,
        share: async (data: ShareData) => {
          shared.push((data.files ?? []).map((f) => ({ name: f.name, type: f.type, size: f.size })));
        },
      });
    });
    const uuid = await freeOrder(request);
    await page.goto(`/download/${uuid}`);
    await page.getByRole('button', { name: 'บันทึกภาพต้นฉบับลงแอปรูปภาพ' }).click();
    await expect(page.getByText(/ไฟล์ zip จะถูกบันทึกไว้ในแอปไฟล์ ไม่ใช่แอปรูปภาพ/)).toBeVisible();
    await page.getByRole('button', { name: 'บันทึกภาพที่ 1–3' }).click();
    await expect(page.getByRole('button', { name: 'บันทึกภาพที่ 1–3 แล้ว' })).toBeVisible();

    const paid: { photographer_id: number; original_file_name: string; image: string }[] = JSON.parse(
      (await inquire(request, uuid)).images_paid,
    );
    const shared = await page.evaluate(() => (window as unknown as { __shared: unknown }).__shared);
    const sizes = await Promise.all(
      paid.map(async (p) => (await (await request.get(p.image)).body()).length),
    );
    expect(shared).toEqual([
      paid.map((p, i) => ({
        name: `${p.photographer_id}_${p.original_file_name}`,
        type: 'image/jpeg',
        size: sizes[i],
      })),
    ]);
    await screenshots(page, 'order-save-to-photos-th');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByText(/a zip file is saved to the Files app, not to Photos/)).toBeVisible();
    await screenshots(page, 'order-save-to-photos-en');
  });
});

test.describe('in an in-app browser', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0 Mobile Safari/537.36 Line/14.9.0',
  });

  test('download all asks to open Chrome or Safari and copies the link', async ({
    page,
    request,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const uuid = await freeOrder(request);
    await page.goto(`/download/${uuid}`);
    await page.getByRole('button', { name: /ดาวน์โหลดภาพต้นฉบับทั้งหมด/ }).click();
    const dialog = page.getByRole('dialog', { name: 'กรุณาเปิดใน Chrome หรือ Safari' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'คัดลอกลิงก์' }).click();
    await expect(page.getByText('คัดลอกแล้ว!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    await expect(page.getByText('คัดลอกแล้ว!')).toBeHidden({ timeout: 3000 });
    await screenshots(page, 'order-in-app-th');
  });
});

test.describe('event videos and race detail', () => {
  test('the video page says there are no videos yet and links to the photos', async ({ page }) => {
    await page.goto(`/${demo.stage}/vdo`);
    await expect(page.getByRole('heading', { level: 1, name: 'ภูเก็ต บีชรัน 2026' })).toBeVisible();
    await expect(page.getByText('ยังไม่มีวิดีโอสำหรับงานนี้')).toBeVisible();
    await expect(page.getByRole('link', { name: 'ค้นหาภาพของงานนี้' })).toHaveAttribute(
      'href',
      `/${demo.stage}`,
    );
    await expectNoSeriousA11yFindings(page);
    await screenshots(page, 'vdo-th');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByText('No videos for this event yet')).toBeVisible();
    await screenshots(page, 'vdo-en');
  });

  test('the race detail page shows the sale, packages and links', async ({ page }) => {
    await page.goto(`/event/${demo.stage}`);
    await expect(page.getByRole('heading', { level: 1, name: 'ภูเก็ต บีชรัน 2026' })).toBeVisible();
    await expect(page.getByText('เปิดขายอยู่ตอนนี้')).toBeVisible();
    await expect(page.getByRole('rowheader', { name: '20 ภาพ' })).toBeVisible();
    await expect(page.getByRole('cell', { name: '800.00' })).toBeVisible();
    await expectNoSeriousA11yFindings(page);
    await screenshots(page, 'event-detail-th');
    await page.getByRole('link', { name: 'เลือกภาพเองตามจุดถ่ายภาพ' }).click();
    await expect(page).toHaveURL(new RegExp(`/${demo.stage}/manual$`));
    await page.goto(`/event/${demo.stage}`);
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Photo sales' })).toBeVisible();
    await screenshots(page, 'event-detail-en');
  });

  test('an unknown event goes to the 404 page', async ({ page }) => {
    await page.goto('/event/no-such-event');
    await expect(page).toHaveURL(/\/404$/);
    await page.goto('/no-such-event/vdo');
    await expect(page).toHaveURL(/\/404$/);
  });
});
