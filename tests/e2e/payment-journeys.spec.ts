// Paying for real on the demo store, through the UI alone, with the sandbox gateway: the order page turns PAID by
// itself (no reload) after the sandbox payment page is paid in another tab; a card pays through the sandbox card
// form and its 3-D Secure page; failed payments leave the order waiting with the spec's messages. The journeys
// print how long the open page took to show PAID after the payment.
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  addTwoStagePhotos,
  createOrder,
  openCartFromHeader,
  openSearchPage,
  searchBySelfie,
  waitForIndexing,
} from './journey-steps';
import { unzipEntries } from './zip-files';

const NORMAL = 'bangkok-city-marathon-2026';
const STAGE = 'phuket-beach-run-2026';
const APP_TOKEN = 'demo-app-token';
const PAID_HEADING = 'ชำระเงินเรียบร้อย';
const WAITING = 'สถานะ: รอการชำระเงิน';

async function inquire(request: APIRequestContext, uuid: string) {
  return (await request.post('/api/v3/order/inquiry', { data: { tk: APP_TOKEN, order_uuid: uuid } })).json();
}

/** Marks the document, so a reload (which drops the mark) would show. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { __noReload: true }));
const stillSameDocument = (page: Page) =>
  page.evaluate(() => (window as { __noReload?: boolean }).__noReload === true);

/** Two stage photos in the manual cart, through the stage page. */
async function twoStagePhotosInCart(page: Page) {
  const cart = await addTwoStagePhotos(page, `/${STAGE}/manual`);
  await cart.click();
  await expect(page).toHaveURL(/\/cart-manual$/);
}

/** A card order of two stage photos (126.00), created in the manual cart (Thai on a Thai phone). */
async function cardOrder(page: Page): Promise<string> {
  await twoStagePhotosInCart(page);
  await page.getByLabel('เบอร์มือถือ/เลขอ้างอิง').fill('0812345678');
  await page.getByRole('radio', { name: 'บัตรเครดิต/เดบิต (3D Secure)' }).check();
  const uuid = await createOrder(page);
  await expect(page.getByText(WAITING)).toBeVisible();
  return uuid;
}

/** PAY NOW, the sandbox card form with a test card, its Pay button. */
async function payWithSandboxCard(page: Page, number: string) {
  await page.getByRole('button', { name: 'ชำระเงินทันที (PAY NOW)' }).click();
  const form = page.getByRole('dialog', { name: 'ชำระด้วยบัตร (ระบบทดสอบ)' });
  await expect(form).toBeVisible();
  await form.getByLabel('ชื่อบนบัตร').fill('Somchai Runner');
  await form.getByLabel('หมายเลขบัตร').fill(number);
  await form.getByLabel('วันหมดอายุ (MM/YY)').fill(`12/${(new Date().getFullYear() + 2) % 100}`);
  await form.getByLabel('CVV').fill('123');
  await form.getByRole('button', { name: 'ชำระ ฿126.00' }).click();
}

/** Opens the sandbox payment page from the order page, in a new tab as its link does. */
async function openSandboxPage(page: Page, context: BrowserContext): Promise<Page> {
  const opened = context.waitForEvent('page');
  await page.getByRole('link', { name: 'ระบบทดสอบ: ชำระเงินในหน้าทดสอบ (Sandbox)' }).click();
  const sandbox = await opened;
  await sandbox.waitForLoadState();
  return sandbox;
}

const paidTimes: number[] = [];

test.afterAll(() => {
  if (paidTimes.length === 0) return;
  const sorted = [...paidTimes].sort((a, b) => a - b);
  const p50 = sorted[Math.floor((sorted.length - 1) / 2)];
  console.log(JSON.stringify({ payment_to_paid_shown_ms: { runs: sorted, p50, max: sorted.at(-1) } }));
});

test('card in the sandbox: card form, 3-D Secure passed, back on the order page PAID', async ({ page }) => {
  const uuid = await cardOrder(page);
  await payWithSandboxCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/api\/sandbox\/3ds\/sbx_cc_/);
  await expect(page.getByRole('heading', { name: '3-D Secure check' })).toBeVisible();
  await expect(page.getByText('126.00 THB')).toBeVisible();
  await page.getByRole('button', { name: /^Pass 3-D Secure/ }).click();
  await expect(page).toHaveURL(new RegExp(`/download/${uuid}$`));
  await expect(page.getByRole('heading', { name: PAID_HEADING })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'พบข้อผิดพลาด' })).toHaveCount(0);
});

test('card in the sandbox: 3-D Secure failed (the error dialog), then a declined card (told so): the order stays waiting', async ({
  page,
  request,
}) => {
  const uuid = await cardOrder(page);
  await payWithSandboxCard(page, '4242424242424242');
  await page.getByRole('button', { name: /^Fail 3-D Secure/ }).click();
  await expect(page).toHaveURL(new RegExp(`/download/${uuid}$`));
  const error = page.getByRole('dialog', { name: 'พบข้อผิดพลาด' });
  await expect(error).toBeVisible();
  await error.getByRole('button', { name: 'ตกลง' }).click();
  await expect(page.getByText(WAITING)).toBeVisible();
  await expect(page.getByText('การชำระเงินครั้งล่าสุดไม่สำเร็จ กรุณาลองใหม่อีกครั้ง')).toBeVisible();

  // A declined card: the page says so (no money taken, another card or PromptPay), not "an error occurred"; it
  // stays, PAY NOW comes back.
  await payWithSandboxCard(page, '4000 0000 0000 0002');
  const declined = page.getByRole('dialog', { name: 'บัตรถูกปฏิเสธ' });
  await expect(declined).toContainText('ไม่มีการตัดเงินจากบัตรของคุณ');
  await expect(declined).toContainText('พร้อมเพย์');
  await expect(error).toHaveCount(0);
  await declined.getByRole('button', { name: 'ลองบัตรอื่น' }).click();
  await expect(page.getByRole('button', { name: 'ชำระเงินทันที (PAY NOW)' })).toBeVisible();
  expect((await inquire(request, uuid)).payment_status).toBe('INITIAL');

  // A card number the form refuses never reaches the payment call.
  await page.getByRole('button', { name: 'ชำระเงินทันที (PAY NOW)' }).click();
  const form = page.getByRole('dialog', { name: 'ชำระด้วยบัตร (ระบบทดสอบ)' });
  await form.getByLabel('ชื่อบนบัตร').fill('Somchai Runner');
  await form.getByLabel('หมายเลขบัตร').fill('4242 4242 4242 4241');
  await form.getByLabel('วันหมดอายุ (MM/YY)').fill('12/40');
  await form.getByLabel('CVV').fill('123');
  await form.getByRole('button', { name: 'ชำระ ฿126.00' }).click();
  await expect(form.getByRole('alert')).toHaveText('หมายเลขบัตรไม่ถูกต้อง');
});

test('a declined card, then PromptPay instead: the same order shows its QR for the same amount and is paid by it', async ({
  page,
  context,
  request,
}) => {
  const uuid = await cardOrder(page);
  await markDocument(page);
  await payWithSandboxCard(page, '4000 0000 0000 0002');
  const declined = page.getByRole('dialog', { name: 'บัตรถูกปฏิเสธ' });
  await expect(declined).toContainText('คำสั่งซื้อเดิม ยอดเงินเท่าเดิม');
  await declined.getByRole('button', { name: 'ชำระด้วยพร้อมเพย์ (QR) แทน' }).click();
  await expect(declined).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'QR Code พร้อมเพย์ สำหรับชำระ ฿126.00' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'ชำระเงินทันที (PAY NOW)' })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/download/${uuid}$`));
  expect(await stillSameDocument(page)).toBe(true);
  expect(await inquire(request, uuid)).toMatchObject({
    payment_channel: 'PP',
    payment_status: 'INITIAL',
    amount: '126.00',
  });

  const sandbox = await openSandboxPage(page, context);
  await expect(sandbox.getByText(uuid)).toBeVisible();
  await sandbox.getByRole('button', { name: /^Pay 126\.00 THB in the sandbox/ }).click();
  await page.bringToFront();
  await expect(page.getByRole('heading', { name: PAID_HEADING })).toBeVisible({ timeout: 35_000 });
  expect(await stillSameDocument(page)).toBe(true);
});

test('PromptPay in the sandbox, failed: the order stays waiting and says the payment did not go through', async ({
  page,
  context,
  request,
}) => {
  await twoStagePhotosInCart(page);
  await page.getByLabel('เบอร์มือถือ/เลขอ้างอิง').fill('0812345678');
  await page.getByRole('radio', { name: 'พร้อมเพย์ (สแกน QR)' }).check();
  const uuid = await createOrder(page);
  await markDocument(page);
  const sandbox = await openSandboxPage(page, context);
  await sandbox.getByRole('button', { name: /^Fail the payment/ }).click();
  await expect(sandbox.getByRole('heading', { name: 'The payment failed' })).toBeVisible();
  await page.bringToFront();
  await expect(page.getByText('การชำระเงินครั้งล่าสุดไม่สำเร็จ กรุณาลองใหม่อีกครั้ง')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(WAITING)).toBeVisible();
  await expect(page.getByText('เมื่อชำระเงินเรียบร้อยแล้ว กดปุ่ม "รีเฟรช"')).toBeVisible();
  await expect(page.getByRole('img', { name: /QR Code พร้อมเพย์/ })).toBeVisible();
  expect(await stillSameDocument(page)).toBe(true);
  expect((await inquire(request, uuid)).payment_status).toBe('INITIAL');
});

test('selfie → cart → PromptPay → the sandbox link → pay: the open order page shows PAID by itself; download all gives the originals', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  await waitForIndexing(request, NORMAL);
  await openSearchPage(page, `/${NORMAL}`);
  await searchBySelfie(page);
  await page.getByRole('button', { name: 'เพิ่มลงตะกร้า รูปที่ 1', exact: true }).click();
  await page.getByRole('button', { name: 'เพิ่มลงตะกร้า รูปที่ 2', exact: true }).click();
  await openCartFromHeader(page);
  await page.getByLabel('เบอร์มือถือ', { exact: true }).fill('0812345678');
  await page.getByLabel('อีเมล (ไม่บังคับ)').fill('runner@example.com');
  await page.getByRole('radio', { name: 'พร้อมเพย์ (สแกน QR)' }).check();
  const uuid = await createOrder(page);
  await expect(page.getByText(WAITING)).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR Code พร้อมเพย์ สำหรับชำระ ฿126.00' })).toBeVisible();
  await markDocument(page);

  const sandbox = await openSandboxPage(page, context);
  await expect(sandbox.getByText(uuid)).toBeVisible();
  const pay = sandbox.getByRole('button', { name: /^Pay 126\.00 THB in the sandbox/ });
  await expect(pay).toBeVisible();
  const paidAt = Date.now();
  await pay.click();
  await expect(sandbox.getByRole('heading', { name: 'Paid 126.00 THB' })).toBeVisible();

  // The buyer comes back to the order's tab: it has turned PAID by itself.
  await page.bringToFront();
  await expect(page.getByRole('heading', { name: PAID_HEADING })).toBeVisible({ timeout: 35_000 });
  paidTimes.push(Date.now() - paidAt);
  expect(await stillSameDocument(page)).toBe(true);
  await expect(page.getByRole('list', { name: 'ขั้นตอนของคำสั่งซื้อ' }).getByRole('listitem')).toHaveCount(4);

  const all = page.getByRole('button', { name: 'ดาวน์โหลดภาพต้นฉบับทั้งหมด (2 ภาพ)' });
  await expect(all).toBeEnabled({ timeout: 30_000 });
  await all.click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('dialog').getByRole('button', { name: 'ดาวน์โหลด' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${uuid}.zip`);
  const names = await unzipEntries(await download.path());
  expect(names).toHaveLength(2);
  for (const name of names) expect(name).toMatch(/^\d+_DSC_\d+\.JPG$/);
  // Paid and delivered: the originals and the logo versions are made.
  const answer = await inquire(request, uuid);
  expect(answer).toMatchObject({
    payment_status: 'PAID',
    is_original_image_created: 'Y',
    is_logo_image_created: 'Y',
  });
});
