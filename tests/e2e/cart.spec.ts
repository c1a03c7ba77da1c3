// The carts and checkout (SPEC §2 Cart pages, §4 Cart, Unlimited flag, Order submission, Checkout forms, §5, §9):
// photos are put in the IndexedDB cart directly (the search pages are tested on their own), then the pages price
// them, validate the forms, refuse mixed events, choose and cancel the unlimited package and create real orders.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type CartItem, highlightPhotos, post, seed, stagePhotos } from './cart-seed';

const PHUKET = 'phuket-beach-run-2026'; // hybrid + stage: wholesale 590, manual cart
const BANGKOK = 'bangkok-city-marathon-2026';
const CHIANGMAI = 'chiangmai-doi-trail-2026'; // mhao 399
const KORAT = 'korat-half-marathon-2026'; // free-keep-contract, packages at 0.00
const row = (page: Page, label: string) =>
  page.locator('.price-table tr', { has: page.getByRole('rowheader', { name: label, exact: true }) });

/** Each price row shows its amount as money is written everywhere: "฿418.95" (amounts here are under 1,000). */
async function expectPrices(page: Page, prices: Record<string, string>) {
  for (const [label, amount] of Object.entries(prices)) {
    await expect(row(page, label).getByRole('cell')).toHaveText(`฿${amount}`);
  }
}

async function expectNoSeriousAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).include('.cart-page').analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

/** The created order as its page will ask for it. */
async function inquiry(request: APIRequestContext, uuid: string) {
  return post<{ amount: string; payment_channel: string; mobile: string; am_order_ref: string }>(
    request,
    '/v3/order/inquiry',
    { tk: 'demo-app-token', order_uuid: uuid },
  );
}

const UUID_URL = /\/download\/([0-9a-f-]{36})$/;

test('standard cart: price table, validation, remove, PromptPay order lands on its page', async ({
  page,
  request,
}) => {
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'รายการสั่งซื้อและชำระเงิน' })).toBeVisible();
  await expect(page.getByText('ไม่มีรูปในตะกร้า')).toBeVisible();
  await expect(page.getByRole('link', { name: 'เริ่มค้นหาใหม่' })).toHaveAttribute('href', '/');
  await expect(page).toHaveTitle('รายการสั่งซื้อและชำระเงิน | RunFoto');

  const photos = await stagePhotos(request, PHUKET, 6);
  await seed(page, 'standard', { cart: photos });
  const logged = page.waitForRequest((r) => r.url().endsWith('/api/v1/logs/') && r.method() === 'POST');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'ภูเก็ต บีชรัน 2026' })).toBeVisible();
  expect((await logged).postDataJSON()).toMatchObject({ service: 'cart', cart_count: 6, event_key: PHUKET });
  await expect(page.locator('.cart-photos img')).toHaveCount(6);
  await expectPrices(page, {
    ราคาเต็ม: '360.00',
    ส่วนลด: '50.00',
    ราคารวม: '310.00',
    'ค่าธรรมเนียมการชำระเงิน 5%': '15.50',
    ยอดชำระ: '325.50',
  });
  await expect(page.getByRole('link', { name: /ค้นหาคำสั่งซื้อเดิม/ })).toHaveAttribute('target', '_blank');
  await expectNoSeriousAxeViolations(page);

  // Validation: everything missing, then a short number and a bad e-mail; the card is offered but disabled.
  const create = page.getByRole('button', { name: 'สร้างคำสั่งซื้อ' });
  await create.click();
  await expect(page.getByText('กรุณากรอกเบอร์มือถือ', { exact: true })).toBeVisible();
  await expect(page.getByText('กรุณาเลือกวิธีชำระเงิน')).toBeVisible();
  const mobile = page.getByLabel('เบอร์มือถือ', { exact: true });
  await mobile.pressSequentially('08-1234-567x');
  await expect(mobile).toHaveValue('081234567');
  await expect(page.getByText('เบอร์มือถือต้องเป็นตัวเลข 10 หลัก')).toBeVisible();
  await page.getByLabel('อีเมล (ไม่บังคับ)').fill('runner@example');
  await expect(page.getByText('รูปแบบอีเมลไม่ถูกต้อง')).toBeVisible();
  await expect(page.getByRole('radio', { name: /บัตรเครดิต/ })).toBeDisabled();

  // Remove one photo: 5 photos are one 5-photo package.
  await page.getByRole('button', { name: 'ลบรูปที่ 6 ออกจากตะกร้า' }).click();
  await expect(page.locator('.cart-photos img')).toHaveCount(5);
  await expectPrices(page, { ราคาเต็ม: '300.00', ราคารวม: '250.00', ยอดชำระ: '262.50' });

  await mobile.fill('0812345678');
  await page.getByLabel('อีเมล (ไม่บังคับ)').fill('runner@example.com');
  await page.getByRole('radio', { name: 'พร้อมเพย์ (สแกน QR)' }).check();
  const created = page.waitForRequest((r) => r.url().endsWith('/api/v1/order/create'));
  await create.click();
  const createRequest = await created;
  expect(createRequest.headers()['idempotency-key']).toBeTruthy();
  expect(createRequest.postDataJSON()).toMatchObject({
    amount: '262.50',
    payment_channel: 'PP',
    image_length: 5,
  });
  await expect(page.getByRole('dialog', { name: 'สร้างคำสั่งซื้อเรียบร้อยแล้ว' })).toBeVisible();
  await expect(page).toHaveURL(UUID_URL, { timeout: 10_000 });
  const uuid = UUID_URL.exec(page.url())?.[1] ?? '';
  // The order page's answer shows the mobile masked: whoever holds the link reads it.
  expect(await inquiry(request, uuid)).toMatchObject({
    amount: '262.50',
    payment_channel: 'PP',
    mobile: '081****678',
  });

  // The cart is empty afterwards.
  await page.goto('/cart');
  await expect(page.getByText('ไม่มีรูปในตะกร้า')).toBeVisible();
});

test('a cart of two events is blocked in red until the odd photo is removed; remove all empties every tab', async ({
  page,
  request,
}) => {
  const phuket = await stagePhotos(request, PHUKET, 2);
  const [bangkok] = await highlightPhotos(request, BANGKOK, 1);
  await seed(page, 'standard', { cart: [...phuket, bangkok as CartItem] });
  await page.reload();
  const mixed = page.getByText('กรุณาเลือกรูปจากงานเดียวกันเท่านั้น');
  await expect(mixed).toBeVisible();
  await expect(mixed).toHaveCSS('color', 'rgb(198, 40, 40)');
  await expect(page.getByRole('button', { name: 'สร้างคำสั่งซื้อ' })).toHaveCount(0);
  await expect(page.locator('.price-table')).toHaveCount(0);
  // Each photo says its event.
  await page.getByRole('button', { name: 'ลบรูปที่ 1 จากงาน บางกอก ซิตี้ มาราธอน 2026 ออกจากตะกร้า' }).click();
  await expect(mixed).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'สร้างคำสั่งซื้อ' })).toBeVisible();
  // Another tab shows the same cart and follows changes made here.
  const other = await page.context().newPage();
  await other.goto('/cart');
  await expect(other.locator('.cart-photos img')).toHaveCount(2);
  await page.getByRole('button', { name: 'ลบทั้งหมด' }).click();
  await page
    .getByRole('dialog', { name: 'ลบรูปทั้งหมดออกจากตะกร้า?' })
    .getByRole('button', { name: 'ลบทั้งหมด' })
    .click();
  await expect(page.getByText('ไม่มีรูปในตะกร้า')).toBeVisible();
  await expect(other.getByText('ไม่มีรูปในตะกร้า')).toBeVisible();
  await other.close();
});

test('unlimited package on the standard cart: refused without results, chosen, cancelled', async ({
  page,
  request,
}) => {
  const photos = await highlightPhotos(request, CHIANGMAI, 3);
  await seed(page, 'standard', { cart: photos.slice(0, 1) });
  await page.reload();
  const choose = page.getByRole('button', { name: 'เลือกแพ็กเกจเหมา ฿399.00' });
  await choose.click();
  const refusal = page.getByRole('dialog', { name: 'ไม่สามารถทำรายการได้' });
  await expect(refusal).toContainText('เราต้องการให้นักวิ่งได้ซื้อรูปในราคาที่ถูกที่สุด');
  await refusal.getByRole('button', { name: 'ตกลง' }).click();
  await expect(refusal).toBeHidden();

  await seed(page, 'standard', { latest: photos });
  await page.goto('/cart');
  await choose.click();
  const confirm = page.getByRole('dialog', { name: 'เลือกแพ็กเกจเหมา' });
  await expect(confirm).toContainText('3 รูป');
  await confirm.getByRole('button', { name: 'ตกลง' }).click();
  await expect(page.locator('.cart-photos img')).toHaveCount(3);
  await expectPrices(page, { ราคารวม: '399.00', ยอดชำระ: '418.95' });
  await page.getByRole('button', { name: 'ยกเลิกแพ็กเกจเหมา' }).click();
  await expect(page.locator('.cart-photos img')).toHaveCount(1);
  await expectPrices(page, { ราคารวม: '60.00' });
  await expect(choose).toBeVisible();
});

test('wholesale cart: bundle price, average per image, all-images notice, order created', async ({
  page,
  request,
}) => {
  const photos = await stagePhotos(request, PHUKET, 4);
  await seed(page, 'wholesale', { cart: photos, latest: photos, flag: 'YES' });
  await page.goto('/cart-wholesale');
  await expect(page.getByRole('heading', { name: 'ภูเก็ต บีชรัน 2026' })).toBeVisible();
  await expectPrices(page, {
    ราคารวม: '590.00',
    'ค่าธรรมเนียมการชำระเงิน 5%': '29.50',
    ยอดชำระ: '619.50',
  });
  await expect(row(page, 'ราคาเฉลี่ยต่อภาพ').getByRole('cell')).toHaveText('฿147.50');
  await expect(page.getByText('คุณจะได้รับภาพทั้งหมด 4 ภาพ')).toBeVisible();
  await expect(page.getByRole('button', { name: /ออกจากตะกร้า/ })).toHaveCount(0);
  await page.getByLabel('เบอร์มือถือ', { exact: true }).fill('0899999999');
  await page.getByRole('radio', { name: 'พร้อมเพย์ (สแกน QR)' }).check();
  await page.getByRole('button', { name: 'สร้างคำสั่งซื้อ' }).click();
  await expect(page).toHaveURL(UUID_URL, { timeout: 10_000 });
  const uuid = UUID_URL.exec(page.url())?.[1] ?? '';
  expect(await inquiry(request, uuid)).toMatchObject({ amount: '619.50', payment_channel: 'PP' });
});

test.describe('a browser that reads English', () => {
  test.use({ locale: 'en-US' });

  test('manual cart: English without a stored language, Ref no. rule, AM order with its reference', async ({
    page,
    request,
  }) => {
    const photos = await stagePhotos(request, PHUKET, 2);
    await seed(page, 'manual', { cart: photos });
    await page.goto('/cart-manual');
    await expect(page.getByRole('heading', { level: 1, name: 'Order list and payment' })).toBeVisible();
    await expectPrices(page, { Total: '120.00', 'Payment fee 5%': '6.00', 'Final payment': '126.00' });
    await expect(row(page, 'Average price per image').getByRole('cell')).toHaveText('฿60.00');
    const ref = page.getByLabel('Mobile number/Ref no.');
    await ref.fill('1234');
    await page.getByRole('radio', { name: /Extra photos after a bundle/ }).check();
    await page.getByRole('button', { name: /^create order$/i }).click();
    await expect(
      page.getByText('The mobile number or reference number must be 5 to 15 digits'),
    ).toBeVisible();
    await expect(
      page.getByText(
        /earlier order number \(or paste its order link\) or a mobile number of 5 to 20 characters/,
      ),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await ref.fill('123456789012');
    await page.getByLabel(/Earlier order number/).fill('ORDER-0001');
    const created = page.waitForRequest((r) => r.url().includes('/order/create'));
    await page.getByRole('button', { name: /^create order$/i }).click();
    expect((await created).url()).toMatch(/\/api\/v1\/order\/create$/);
    await expect(page).toHaveURL(UUID_URL, { timeout: 10_000 });
    const uuid = UUID_URL.exec(page.url())?.[1] ?? '';
    expect(await inquiry(request, uuid)).toMatchObject({ payment_channel: 'AM', am_order_ref: 'ORDER-0001' });
  });
});

test('free-keep-contract event with nothing to pay: the free form creates a FREE order', async ({
  page,
  request,
}) => {
  const photos = await highlightPhotos(request, KORAT, 2);
  await seed(page, 'standard', { cart: photos });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'รับภาพโดยไม่มีค่าใช้จ่าย' })).toBeVisible();
  await expectPrices(page, { ยอดชำระ: '0.00' });
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'ยกเลิก' })).toBeVisible();
  await page.getByLabel('เบอร์มือถือ', { exact: true }).fill('0811111111');
  const created = page.waitForRequest((r) => r.url().includes('/order/create'));
  await page.getByRole('button', { name: 'สร้างคำสั่งซื้อ' }).click();
  expect((await created).url()).toMatch(/\/api\/v3\/order\/create$/);
  await expect(page).toHaveURL(UUID_URL, { timeout: 10_000 });
  const uuid = UUID_URL.exec(page.url())?.[1] ?? '';
  expect(await inquiry(request, uuid)).toMatchObject({ payment_channel: 'FREE', amount: '0.00' });
});
