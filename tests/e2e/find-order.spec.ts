// Find an order again (SPEC §2 Find-order, §5 rules): an order paid in the sandbox is found by its mobile number
// and by the last 4 characters of its transfer slip; every validation message; "order not found"; Reset;
// /find-mobile/{mobile} searching at once; the orders made on this device listed first.
import { expect, type Page, test } from '@playwright/test';
import { addTwoStagePhotos, createOrder } from './journey-steps';
import { serviceWorkerControls } from './service-worker';

const STAGE = 'phuket-beach-run-2026';
const MOBILE = '0898765432';

/** A PromptPay order of two stage photos, paid on the sandbox page; answers its uuid and the slip's reference. */
async function paidOrder(page: Page): Promise<{ uuid: string; ref: string }> {
  const cart = await addTwoStagePhotos(page, `/${STAGE}/manual`);
  await cart.click();
  await page.getByLabel('เบอร์มือถือ/เลขอ้างอิง').fill(MOBILE);
  await page.getByRole('radio', { name: 'พร้อมเพย์ (สแกน QR)' }).check();
  const uuid = await createOrder(page);
  const opened = page.context().waitForEvent('page');
  await page.getByRole('link', { name: 'ระบบทดสอบ: ชำระเงินในหน้าทดสอบ (Sandbox)' }).click();
  const sandbox = await opened;
  await sandbox.getByRole('button', { name: /^Pay .* THB in the sandbox/ }).click();
  await expect(sandbox.getByRole('heading', { name: /^Paid / })).toBeVisible();
  const ref = (await sandbox.locator('strong.ref').textContent())?.trim() ?? '';
  expect(ref).toMatch(/^20\d{6}[0-9A-Z]{12}$/);
  await sandbox.close();
  return { uuid, ref };
}

const searchInput = (page: Page) => page.getByRole('textbox', { name: /^เบอร์มือถือ$|4 ตัวสุดท้าย/ });
const searchButton = (page: Page) => page.getByRole('button', { name: 'ค้นหา', exact: true });
const results = (page: Page) => page.getByRole('table');

test('find an order by mobile and by slip; the messages, not found, Reset, and the orders on this device', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { uuid, ref } = await paidOrder(page);

  await page.goto('/find-order');
  await expect(page.getByRole('heading', { level: 1, name: 'ค้นหาคำสั่งซื้อ' })).toBeVisible();
  // The order made in this browser is listed first, and opens its page.
  const saved = page.getByRole('region', { name: 'คำสั่งซื้อบนเครื่องนี้' });
  await expect(saved.getByRole('link').first()).toHaveAttribute('href', `/download/${uuid}`);

  // The rules of SPEC §5, before anything is asked of the server.
  await searchButton(page).click();
  await expect(page.getByText('กรุณากรอกข้อมูลที่ต้องการค้นหา')).toBeVisible();
  await searchInput(page).fill('08987');
  await searchButton(page).click();
  await expect(page.getByText('เบอร์มือถือต้องมี 10-15 หลัก')).toBeVisible();

  // By mobile: the paid order, its gallery link in a new tab.
  await searchInput(page).fill(MOBILE);
  await searchButton(page).click();
  const row = results(page).getByRole('row').filter({ hasText: 'ภูเก็ต' });
  await expect(row.first()).toBeVisible();
  await expect(results(page).getByRole('link', { name: 'เปิดแกลเลอรี' }).first()).toHaveAttribute(
    'href',
    `/download/${uuid}`,
  );
  await expect(row.first().getByText('ชำระเงินแล้ว')).toBeVisible();
  const opened = page.context().waitForEvent('page');
  await results(page).getByRole('link', { name: 'เปิดแกลเลอรี' }).first().click();
  const gallery = await opened;
  await expect(gallery).toHaveURL(new RegExp(`/download/${uuid}$`));
  await gallery.close();

  // By slip: the example slip, the 4-character rule, then the last 4 of the sandbox's transfer reference.
  await page.getByRole('radio', { name: 'สลิปโอนเงิน (4 ตัวสุดท้าย)' }).check();
  await expect(page.getByRole('img', { name: /ตัวอย่างสลิปโอนเงิน/ })).toBeVisible();
  await searchInput(page).fill('AB');
  await searchButton(page).click();
  await expect(page.getByText('กรุณากรอก 4 ตัวสุดท้ายของเลขที่รายการในสลิป')).toBeVisible();
  await searchInput(page).fill(ref.slice(-4).toLowerCase());
  // The slip's last four digits alone are not enough: the order's mobile number is asked too.
  await searchButton(page).click();
  await expect(page.getByText('กรุณากรอกข้อมูลที่ต้องการค้นหา')).toBeVisible();
  await page.getByRole('textbox', { name: 'เบอร์มือถือที่ใช้สั่งซื้อ' }).fill(MOBILE);
  await searchButton(page).click();
  await expect(results(page).getByRole('link', { name: 'เปิดแกลเลอรี' })).toHaveAttribute(
    'href',
    `/download/${uuid}`,
  );

  // Nothing matches: the row "order not found"; Reset clears it and returns to the mobile filter.
  await searchInput(page).fill('ZZ99');
  await searchButton(page).click();
  await expect(results(page).getByRole('cell', { name: 'ไม่พบคำสั่งซื้อ' })).toBeVisible();
  await page.getByRole('button', { name: 'ล้าง' }).click();
  await expect(results(page)).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'เบอร์มือถือ' })).toBeChecked();
  await expect(searchInput(page)).toHaveValue('');

  // /find-mobile/{mobile}: the search runs at once.
  await page.goto(`/find-mobile/${MOBILE}`);
  await expect(results(page).getByRole('link', { name: 'เปิดแกลเลอรี' }).first()).toHaveAttribute(
    'href',
    `/download/${uuid}`,
  );
});

test('the orders kept on this device list and open offline from what was kept', async ({ page, context }) => {
  test.setTimeout(120_000);
  const { uuid } = await paidOrder(page);
  await expect(page.getByRole('heading', { name: 'ชำระเงินเรียบร้อย' })).toBeVisible({ timeout: 35_000 });
  await page.goto('/find-order');
  await serviceWorkerControls(page);
  await expect(page.getByRole('region', { name: 'คำสั่งซื้อบนเครื่องนี้' }).getByRole('link').first()).toBeVisible();

  await context.setOffline(true);
  try {
    await page.reload();
    const saved = page.getByRole('region', { name: 'คำสั่งซื้อบนเครื่องนี้' });
    await saved.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/download/${uuid}$`));
    await expect(page.getByText(/^ออฟไลน์อยู่: แสดงข้อมูลคำสั่งซื้อที่บันทึกไว้ในเครื่องนี้เมื่อ/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'ชำระเงินเรียบร้อย' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test('an unknown mobile on /find-mobile shows the row "order not found"', async ({ page }) => {
  await page.goto('/find-mobile/0900000001');
  await expect(results(page).getByRole('cell', { name: 'ไม่พบคำสั่งซื้อ' })).toBeVisible();
});
