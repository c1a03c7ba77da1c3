// Shared steps of the journeys through the real UI: the demo selfie, waiting for face indexing, searching by
// selfie, the cart and order creation.
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { TEST_CONSENT } from '../../server/test/consent';
import { DEMO_SELFIE_MATCHES, demoSelfieJpeg } from '../demo-selfie';

/** The selfie finds at least this many photos of its person in every demo event once they are indexed. */
export const INDEXED_MATCHES = DEMO_SELFIE_MATCHES;

let selfieCache: Buffer | undefined;
/** The demo selfie (made once). */
export async function selfieJpeg(): Promise<Buffer> {
  selfieCache ??= await demoSelfieJpeg();
  return selfieCache;
}

/** One search through the API, as the PWA does it (sign, PUT, search); answers the number of matches. */
export async function apiSearch(request: APIRequestContext, eventKey: string): Promise<number> {
  const signed = await (
    await request.post('/api/v2/facesearch/sign', {
      data: { event_key: eventKey, file_name: 'selfie.jpg', file_type: 'image/jpg', consent: TEST_CONSENT },
    })
  ).json();
  if (typeof signed.url !== 'string') return -1; // refused, e.g. by the rate limit: poll again
  await request.put(signed.url, { data: await selfieJpeg(), headers: { 'content-type': 'image/jpg' } });
  const answer = await (
    await request.post('/api/v2/facesearch', {
      data: { search_id: signed.search_id, file_location: signed.file_location, event_key: eventKey },
    })
  ).json();
  return answer.status === 'success' ? answer.image_length : -1;
}

/** Waits until the event's demo photos are indexed far enough for the selfie to find its person. */
export async function waitForIndexing(request: APIRequestContext, eventKey: string) {
  await expect
    .poll(() => apiSearch(request, eventKey), { timeout: 150_000, intervals: [3_000] })
    .toBeGreaterThanOrEqual(INDEXED_MATCHES);
}

/** Opens an event's search page and accepts the terms dialog of the first visit. */
export async function openSearchPage(page: Page, pagePath: string) {
  await page.goto(pagePath);
  const consent = page.getByRole('dialog', { name: 'ก่อนค้นหาภาพด้วยใบหน้า' });
  await expect(consent).toBeVisible();
  // A device that agreed to face processing before is told so instead of being asked again.
  const faceBox = consent.getByRole('checkbox', { name: /ฉันยินยอมให้ระบบประมวลผลใบหน้า/ });
  if ((await faceBox.count()) > 0) await faceBox.check();
  await consent.getByRole('button', { name: 'ยอมรับ', exact: true }).click();
  await expect(consent).toHaveCount(0);
}

export const resultsHeading = (page: Page) =>
  page.getByRole('heading', { name: /^พบ \d+ รูปที่ตรงกับใบหน้าของคุณ$/ });
/** The matches' thumbnails (not the nearby frames' row under them). */
export const resultThumbnails = (page: Page) =>
  page.locator('.face-results-area > ul.face-results').getByRole('img', { name: /^ดูรูปที่ \d+ ขนาดใหญ่$/ });

/** Chooses the selfie in the picker. */
export const chooseSelfie = async (page: Page) =>
  page
    .getByLabel('เลือกรูปเซลฟี่')
    .setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: await selfieJpeg() });

/** Waits for the results of a search; answers how many photos were found (one thumbnail each). */
export async function foundCount(page: Page): Promise<number> {
  await expect(resultsHeading(page)).toBeVisible({ timeout: 30_000 });
  const count = Number((await resultsHeading(page).textContent())?.match(/\d+/)?.[0]);
  expect(count).toBeGreaterThanOrEqual(INDEXED_MATCHES);
  await expect(resultThumbnails(page)).toHaveCount(count);
  return count;
}

/** Chooses the selfie and waits for the results; answers how many photos were found. */
export async function searchBySelfie(page: Page): Promise<number> {
  await chooseSelfie(page);
  return foundCount(page);
}

/** The header's cart icon (standard cart): its accessible name carries the count. */
export const cartIcon = (page: Page) => page.getByRole('link', { name: /^ตะกร้าสินค้า \(\d+ ภาพ\)$/ });
export const expectCartIcon = (page: Page, count: number) =>
  expect(cartIcon(page)).toHaveAccessibleName(`ตะกร้าสินค้า (${count} ภาพ)`);

/**
 * Opens the cart from the header icon once the add toast (1 s, top of the screen) has gone: on a phone it lies
 * over the header's icons, and react-hot-toast pauses it while the pointer is on it.
 */
export async function openCartFromHeader(page: Page) {
  await expect(page.locator('[data-rht-toaster] [role="status"]')).toHaveCount(0);
  await cartIcon(page).click();
  await expect(page).toHaveURL(/\/cart$/);
}

export const row = (page: Page, label: string) =>
  page.locator('.price-table tr', { has: page.getByRole('rowheader', { name: label, exact: true }) });

/** Each price row shows its amount as money is written everywhere: "฿418.95" (amounts here are under 1,000). */
export async function expectPrices(page: Page, prices: Record<string, string>) {
  for (const [label, amount] of Object.entries(prices)) {
    await expect(row(page, label).getByRole('cell')).toHaveText(`฿${amount}`);
  }
}

/** Price over count, rounded half up to the satang (SPEC §9: 2 decimals). */
export const averageOf = (baht: number, count: number) => (Math.round((baht * 100) / count) / 100).toFixed(2);

export const cartPhotos = (page: Page) => page.locator('.cart-photos img');
export const UUID_URL = /\/download\/([0-9a-f-]{36})$/;

/** Creates the order with the form as filled and waits for the success dialog and the order page. */
export async function createOrder(
  page: Page,
  labels = { create: 'สร้างคำสั่งซื้อ', done: 'สร้างคำสั่งซื้อเรียบร้อยแล้ว' },
) {
  await page.getByRole('button', { name: labels.create, exact: true }).click();
  await expect(page.getByRole('dialog', { name: labels.done })).toBeVisible();
  await expect(page).toHaveURL(UUID_URL, { timeout: 10_000 });
  const uuid = UUID_URL.exec(page.url())?.[1] ?? '';
  await expect(page.getByRole('heading', { level: 1, name: 'ชำระเงินและดาวน์โหลดภาพ' })).toBeVisible();
  await expect(page.getByText(uuid, { exact: true })).toBeVisible();
  return uuid;
}

/** Two finish-line photos added from an event's stage page (its address given); answers the manual cart's link. */
export async function addTwoStagePhotos(page: Page, stagePage: string): Promise<Locator> {
  await page.goto(stagePage);
  await page.getByLabel('จุดถ่ายภาพ', { exact: true }).selectOption({ label: 'เส้นชัย' });
  await page.getByRole('button', { name: 'ค้นหา', exact: true }).click();
  await expect(page.getByText(/^พบ \d+ ภาพ/)).toBeVisible();
  const cart = page.getByRole('link', { name: /^ตะกร้า \(\d+ ภาพ\)$/ });
  const add = page.getByRole('button', { name: /^เพิ่มลงตะกร้า/ });
  await add.first().click();
  await expect(cart).toHaveText('ตะกร้า (1 ภาพ)');
  await add.first().click();
  await expect(cart).toHaveText('ตะกร้า (2 ภาพ)');
  return cart;
}
