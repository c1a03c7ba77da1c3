// One journey per event variant of the demo data, through the real UI only (no IndexedDB seeding): from the
// runner's selfie (or the stage search) to the order page. Face indexing must run (leave E2E_FACE_WORKERS unset):
// each journey waits until its event's photos are indexed, so the journeys run in the order the demo photos are
// indexed (the stage journey, which needs no faces, goes first).
import { expect, test } from '@playwright/test';
import {
  averageOf,
  cartPhotos,
  chooseSelfie,
  createOrder,
  expectCartIcon,
  expectPrices,
  foundCount,
  openCartFromHeader,
  openSearchPage,
  resultsHeading,
  resultThumbnails,
  row,
  searchBySelfie,
  waitForIndexing,
} from './journey-steps';
import { serviceWorkerControls } from './service-worker';
import { unzipEntries } from './zip-files';

const NORMAL = 'bangkok-city-marathon-2026';
const MHAO = 'chiangmai-doi-trail-2026'; // unlimited package 399.00, caption "ซื้อเหมาทุกภาพของคุณ"
const FREE = 'khonkaen-fun-run-2026'; // free download
const HYBRID = 'phuket-beach-run-2026'; // hybrid (bundle 590.00) and stage
const KEEP_CONTRACT = 'korat-half-marathon-2026'; // free-keep-contract, packages at 0.00

test('stage event: choose a stage, add two photos, AM payment with its reference, waiting for approval', async ({
  page,
}) => {
  await page.goto(`/${HYBRID}/manual`);
  await expect(page.getByRole('heading', { level: 1, name: 'เลือกภาพตามจุดถ่ายภาพ' })).toBeVisible();
  await page.getByLabel('จุดถ่ายภาพ', { exact: true }).selectOption({ label: 'เส้นชัย' });
  await page.getByRole('button', { name: 'ค้นหา', exact: true }).click();
  await expect(page.getByText(/^พบ \d+ ภาพ/)).toBeVisible();
  const found = Number((await page.getByText(/^พบ \d+ ภาพ/).textContent())?.match(/\d+/)?.[0]);
  expect(found).toBeGreaterThanOrEqual(2);

  const cart = page.getByRole('link', { name: /^ตะกร้า \(\d+ ภาพ\)$/ });
  await expect(cart).toHaveText('ตะกร้า (0 ภาพ)');
  const add = page.getByRole('button', { name: /^เพิ่มลงตะกร้า/ });
  await add.first().click();
  await expect(cart).toHaveText('ตะกร้า (1 ภาพ)');
  await add.first().click();
  await expect(cart).toHaveText('ตะกร้า (2 ภาพ)');
  await expect(page.getByRole('button', { name: /^นำออก/ })).toHaveCount(2);
  // The header icon shows the stage cart on this page.
  await expect(page.getByRole('link', { name: 'ตะกร้าภาพตามจุดถ่าย (2 ภาพ)' })).toBeVisible();

  await cart.click();
  await expect(page).toHaveURL(/\/cart-manual$/);
  // A Thai phone keeps the manual cart in Thai (SPEC §2; a device that reads English: cart.spec.ts).
  await expect(page.getByRole('heading', { level: 1, name: 'รายการสั่งซื้อและชำระเงิน' })).toBeVisible();
  await expect(cartPhotos(page)).toHaveCount(2);
  await expectPrices(page, {
    ราคารวม: '120.00',
    'ค่าธรรมเนียมการชำระเงิน 5%': '6.00',
    ยอดชำระ: '126.00',
  });
  await expect(row(page, 'ราคาเฉลี่ยต่อภาพ').getByRole('cell')).toHaveText('฿60.00');

  await page.getByLabel('เบอร์มือถือ/เลขอ้างอิง').fill('0812345678');
  await page.getByRole('radio', { name: /^รูปเพิ่มเติมหลังซื้อเหมา/ }).check();
  const reference = page.getByLabel(/^เลขที่คำสั่งซื้อเดิม/);
  await reference.fill('A-12');
  await page.getByRole('button', { name: 'สร้างคำสั่งซื้อ', exact: true }).click();
  const tooShort = 'กรุณากรอกเลขที่คำสั่งซื้อเดิม (หรือวางลิงก์คำสั่งซื้อ) หรือเบอร์มือถือ 5 ถึง 20 ตัวอักษร';
  await expect(page.getByText(tooShort)).toBeVisible();
  await expect(reference).toHaveAccessibleDescription(tooShort);
  await expect(reference).toBeFocused();
  await reference.fill('ORDER-0001');
  await expect(page.getByText(tooShort)).toHaveCount(0);

  const created = page.waitForRequest((r) => r.url().endsWith('/order/create'));
  const uuid = await createOrder(page);
  expect((await created).postDataJSON()).toMatchObject({
    payment_channel: 'AM',
    am_order_ref: 'ORDER-0001',
    image_length: 2,
  });
  await expect(page.getByText('สถานะ: รอแอดมินอนุมัติ')).toBeVisible();
  await expect(page.locator('.order-amount s')).toHaveText('฿126.00');
  await expect(page.getByRole('textbox', { name: 'ข้อความขออนุมัติ' })).toHaveValue(
    new RegExp(`/download/${uuid}[\\s\\S]*ORDER-0001`),
  );
});

test('normal event: selfie, add two and remove one, one photo priced, form messages, PromptPay order', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await waitForIndexing(request, NORMAL);
  await openSearchPage(page, `/${NORMAL}`);
  await searchBySelfie(page);
  await expectCartIcon(page, 0);

  await page.getByRole('button', { name: 'เพิ่มลงตะกร้า รูปที่ 1', exact: true }).click();
  await expect(page.getByRole('button', { name: 'ลบออก รูปที่ 1', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'เพิ่มลงตะกร้า รูปที่ 2', exact: true }).click();
  await expect(page.getByText('เพิ่มลงตะกร้าแล้ว มีรูปในตะกร้า 2 รูป')).toBeVisible();
  await expectCartIcon(page, 2);
  await page.getByRole('button', { name: 'ลบออก รูปที่ 1', exact: true }).click();
  await expect(page.getByRole('button', { name: 'เพิ่มลงตะกร้า รูปที่ 1', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'ลบออก รูปที่ 2', exact: true })).toBeVisible();
  await expectCartIcon(page, 1);
  await expect(page.locator('.cart-button .cart-count')).toHaveText('1');
  const kept = await resultThumbnails(page).nth(1).getAttribute('src');

  await openCartFromHeader(page);
  await expect(page.getByRole('heading', { level: 1, name: 'รายการสั่งซื้อและชำระเงิน' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'บางกอก ซิตี้ มาราธอน 2026' })).toBeVisible();
  await expect(cartPhotos(page)).toHaveCount(1);
  expect(await cartPhotos(page).getAttribute('src')).toBe(kept);
  await expect(page.getByText('จำนวน 1 ภาพ')).toBeVisible();
  await expectPrices(page, {
    ราคาเต็ม: '60.00',
    ส่วนลด: '0.00',
    ราคารวม: '60.00',
    'ค่าธรรมเนียมการชำระเงิน 5%': '3.00',
    ยอดชำระ: '63.00',
  });

  const mobile = page.getByLabel('เบอร์มือถือ', { exact: true });
  const email = page.getByLabel('อีเมล (ไม่บังคับ)');
  const create = page.getByRole('button', { name: 'สร้างคำสั่งซื้อ', exact: true });
  await mobile.pressSequentially('081-234-567');
  await expect(mobile).toHaveValue('081234567');
  await create.click();
  await expect(mobile).toHaveAccessibleDescription('เบอร์มือถือต้องเป็นตัวเลข 10 หลัก');
  await expect(page.getByText('กรุณาเลือกวิธีชำระเงิน')).toBeVisible();
  await mobile.pressSequentially('8');
  await expect(mobile).toHaveValue('0812345678');
  await expect(page.getByText('เบอร์มือถือต้องเป็นตัวเลข 10 หลัก')).toHaveCount(0);
  await email.fill('runner@example');
  await expect(email).toHaveAccessibleDescription('รูปแบบอีเมลไม่ถูกต้อง');
  await email.fill('runner@example.com');
  await expect(page.getByText('รูปแบบอีเมลไม่ถูกต้อง')).toHaveCount(0);
  await page.getByRole('radio', { name: 'พร้อมเพย์ (สแกน QR)' }).check();
  await expect(page.getByText('กรุณาเลือกวิธีชำระเงิน')).toHaveCount(0);

  const created = page.waitForRequest((r) => r.url().endsWith('/order/create'));
  await createOrder(page);
  expect((await created).postDataJSON()).toMatchObject({
    amount: '63.00',
    payment_channel: 'PP',
    image_length: 1,
    mobile: '0812345678',
    email: 'runner@example.com',
  });
  const status = page.getByText('สถานะ: รอการชำระเงิน');
  await expect(status).toBeVisible();
  await expect(status).toHaveCSS('color', 'rgb(198, 40, 40)');
  await expect(page.getByRole('img', { name: 'QR Code พร้อมเพย์ สำหรับชำระ ฿63.00' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'ภาพที่สั่งซื้อ 1 ภาพ' })).toBeVisible();
  await expectCartIcon(page, 0);
});

test('mhao event: buy all at the unlimited price, cancel (alert, then the earlier cart), new search empties the cart', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await waitForIndexing(request, MHAO);
  await openSearchPage(page, `/${MHAO}`);
  const first = await searchBySelfie(page);
  const buyAll = page.getByRole('button', { name: /^ซื้อเหมาทุกภาพของคุณ/ });
  await expect(buyAll).toHaveAccessibleName(
    `ซื้อเหมาทุกภาพของคุณ ${first} รูป ฿399.00 · เฉลี่ยรูปละ ฿${averageOf(399, first)}`,
  );

  // Buy all with an empty cart: the package on the found photos; cancelling has no earlier cart to go back to.
  await buyAll.click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(cartPhotos(page)).toHaveCount(first);
  await expect(page.getByText(`จำนวน ${first} ภาพ · แพ็กเกจเหมาทุกภาพ`)).toBeVisible();
  await expectPrices(page, {
    ราคารวม: '399.00',
    'ค่าธรรมเนียมการชำระเงิน 5%': '19.95',
    ยอดชำระ: '418.95',
  });
  await page.getByRole('button', { name: 'ยกเลิกแพ็กเกจเหมา' }).click();
  const refusal = page.getByRole('dialog', { name: 'ไม่สามารถทำรายการได้' });
  await expect(refusal).toContainText('ไม่มีรายการรูปเดิมก่อนเลือกแพ็กเกจเหมาให้ย้อนกลับ');
  await refusal.getByRole('button', { name: 'ตกลง' }).click();
  await expect(refusal).toBeHidden();
  await expect(cartPhotos(page)).toHaveCount(first);
  await expect(row(page, 'ราคารวม').getByRole('cell')).toHaveText('฿399.00');

  // Back to the event: the earlier results show again; a new search with photos in the cart asks
  // first; "cancel" keeps the cart and the results shown, and searches nothing.
  await page.getByRole('link', { name: 'เลือกรูปเพิ่ม' }).click();
  await expect(page).toHaveURL(new RegExp(`/${MHAO}$`));
  await expect(resultsHeading(page)).toHaveText(`พบ ${first} รูปที่ตรงกับใบหน้าของคุณ`, { timeout: 15_000 });
  await chooseSelfie(page);
  const ask = page.getByRole('alertdialog', { name: 'เริ่มค้นหาใหม่?' });
  await expect(ask).toContainText('การค้นหาใหม่จะลบรูปทั้งหมดในตะกร้า ต้องการค้นหาใหม่ใช่หรือไม่');
  await ask.getByRole('button', { name: 'ยกเลิก' }).click();
  await expect(ask).toHaveCount(0);
  await expect(resultsHeading(page)).toHaveText(`พบ ${first} รูปที่ตรงกับใบหน้าของคุณ`);
  await expectCartIcon(page, first);
  await chooseSelfie(page);
  await ask.getByRole('button', { name: 'ลบตะกร้าและค้นหาใหม่' }).click();
  await expectCartIcon(page, 0);
  const again = await foundCount(page);

  // One photo in the cart, then buy all: cancelling gives that one photo back.
  await page.getByRole('button', { name: 'เพิ่มลงตะกร้า รูปที่ 1', exact: true }).click();
  await expectCartIcon(page, 1);
  await buyAll.click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(cartPhotos(page)).toHaveCount(again);
  await expectPrices(page, { ราคารวม: '399.00' });
  await page.getByRole('button', { name: 'ยกเลิกแพ็กเกจเหมา' }).click();
  await expect(cartPhotos(page)).toHaveCount(1);
  await expectPrices(page, { ราคารวม: '60.00', ยอดชำระ: '63.00' });

  // Chosen again from the cart page (it asks, naming the latest results), and ordered at the package price.
  await page.getByRole('button', { name: 'เลือกแพ็กเกจเหมา ฿399.00' }).click();
  const confirm = page.getByRole('dialog', { name: 'เลือกแพ็กเกจเหมา' });
  await expect(confirm).toContainText(`ระบบจะเพิ่มรูปจากผลการค้นหาล่าสุด ${again} รูปลงในตะกร้า`);
  await confirm.getByRole('button', { name: 'ตกลง' }).click();
  await expect(cartPhotos(page)).toHaveCount(again);
  await expectPrices(page, { ราคารวม: '399.00', ยอดชำระ: '418.95' });
  await page.getByLabel('เบอร์มือถือ', { exact: true }).fill('0898765432');
  await page.getByRole('radio', { name: 'พร้อมเพย์ (สแกน QR)' }).check();
  const created = page.waitForRequest((r) => r.url().endsWith('/order/create'));
  await createOrder(page);
  expect((await created).postDataJSON()).toMatchObject({
    amount: '418.95',
    is_mhao: 'Y',
    image_length: again,
  });
  await expect(page.getByText('สถานะ: รอการชำระเงิน')).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR Code พร้อมเพย์ สำหรับชำระ ฿418.95' })).toBeVisible();
});

test('free-download event: matches offer Download; download all saves one zip of every photo', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await waitForIndexing(request, FREE);
  await openSearchPage(page, `/${FREE}`);
  const count = await searchBySelfie(page);
  await expect(page.getByRole('button', { name: /^เพิ่มลงตะกร้า/ })).toHaveCount(0);
  const downloads = page.getByRole('link', { name: /^ดาวน์โหลด รูปที่ \d+$/ });
  await expect(downloads).toHaveCount(count);
  const hrefs = await downloads.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  for (const href of hrefs) expect(href).toMatch(new RegExp(`/api/v1/events/${FREE}/free-photos/\\d+$`));
  // Each is the photo full size (its logo version), never the stamped preview.
  const single = await request.get(hrefs[0] ?? '', { maxRedirects: 0 });
  expect(single.status()).toBe(302);
  expect(single.headers().location).toMatch(new RegExp(`^/storage/private/${FREE}/logo/`));
  const photo = await request.get(hrefs[0] ?? '');
  expect(photo.headers()['content-type']).toBe('image/jpeg');

  // Browsers block all but the first of several windows opened one after another, so download all is one zip
  // (SPEC §5: a confirmation with the image count first).
  await serviceWorkerControls(page);
  await page.getByRole('button', { name: `ดาวน์โหลดทั้งหมด (${count} รูป)` }).click();
  const confirm = page.getByRole('dialog', { name: 'ดาวน์โหลดภาพทั้งหมด' });
  await expect(confirm).toContainText(`ต้องการดาวน์โหลดภาพทั้งหมด ${count} ภาพเป็นไฟล์ zip หรือไม่?`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    confirm.getByRole('button', { name: 'ดาวน์โหลด', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${FREE}.zip`);
  expect(download.url()).toMatch(/\/zip-stream\//);
  const names = await unzipEntries(await download.path());
  expect(names).toHaveLength(count);
  for (const name of names) expect(name).toMatch(/^\d+_.+\.(jpe?g|JPE?G|png)$/);
  await expectCartIcon(page, 0);
});

test('hybrid event, wholesale page: selfie, buy all from all photographers, bundle cart, order', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await waitForIndexing(request, HYBRID);
  await openSearchPage(page, `/${HYBRID}/wholesale`);
  await expect(page.getByRole('heading', { name: 'ค้นหารูปของคุณจากช่างภาพทุกคน' })).toBeVisible();
  const count = await searchBySelfie(page);
  const average = averageOf(590, count);
  await expect(page.getByText(`ภาพของคุณจากการค้นหาล่าสุด ${count} ภาพ · เฉลี่ยภาพละ ฿${average}`)).toBeVisible();

  await page.getByRole('button', { name: 'ซื้อเหมาทุกภาพจากช่างภาพทุกคน' }).click();
  await expect(page).toHaveURL(/\/cart-wholesale$/);
  await expect(page.getByRole('heading', { name: 'ภูเก็ต บีชรัน 2026' })).toBeVisible();
  await expect(cartPhotos(page)).toHaveCount(count);
  await expect(page.getByRole('button', { name: /ออกจากตะกร้า$/ })).toHaveCount(0);
  await expectPrices(page, {
    ราคารวม: '590.00',
    'ค่าธรรมเนียมการชำระเงิน 5%': '29.50',
    ยอดชำระ: '619.50',
  });
  await expect(row(page, 'ราคาเฉลี่ยต่อภาพ').getByRole('cell')).toHaveText(`฿${average}`);
  await expect(page.getByText(`คุณจะได้รับภาพทั้งหมด ${count} ภาพ`)).toBeVisible();

  await page.getByLabel('เบอร์มือถือ', { exact: true }).fill('0899999999');
  await page.getByRole('radio', { name: 'พร้อมเพย์ (สแกน QR)' }).check();
  const created = page.waitForRequest((r) => r.url().endsWith('/order/create'));
  await createOrder(page);
  expect((await created).postDataJSON()).toMatchObject({
    amount: '619.50',
    is_mhao: 'Y',
    image_length: count,
  });
  await expect(page.getByText('สถานะ: รอการชำระเงิน')).toBeVisible();
  await expect(page.getByRole('heading', { name: `ภาพที่สั่งซื้อ ${count} ภาพ` })).toBeVisible();
});

test('a photo of a second event: asked at once (keep the cart, or start a new one with it), never a cart that cannot be ordered', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await waitForIndexing(request, NORMAL);
  await waitForIndexing(request, HYBRID);
  await openSearchPage(page, `/${NORMAL}`);
  await searchBySelfie(page);
  await page.getByRole('button', { name: 'เพิ่มลงตะกร้า รูปที่ 1', exact: true }).click();
  await expectCartIcon(page, 1);
  await openSearchPage(page, `/${HYBRID}`);
  await searchBySelfie(page);
  const add = page.getByRole('button', { name: 'เพิ่มลงตะกร้า รูปที่ 1', exact: true });
  await add.click();
  // Warned at the moment of adding, naming the cart's event; nothing is added behind the buyer's back.
  const ask = page.getByRole('dialog', { name: 'ตะกร้ามีรูปจากงานอื่นอยู่' });
  await expect(ask).toContainText('ตะกร้าของคุณมีรูปจากงาน “บางกอก ซิตี้ มาราธอน 2026” อยู่ 1 รูป');
  await ask.getByRole('button', { name: 'ยกเลิก' }).click();
  await expect(ask).toHaveCount(0);
  await expectCartIcon(page, 1);
  // Starting a new cart: the earlier event's photo leaves it, this one goes in, and the cart can be ordered.
  await add.click();
  await ask.getByRole('button', { name: 'เริ่มตะกร้าใหม่' }).click();
  await expectCartIcon(page, 1);
  await openCartFromHeader(page);
  await expect(cartPhotos(page)).toHaveCount(1);
  await expect(page.getByText('กรุณาเลือกรูปจากงานเดียวกันเท่านั้น')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'ภูเก็ต บีชรัน 2026' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'สร้างคำสั่งซื้อ', exact: true })).toBeVisible();
});

test('free-keep-contract event: add all to the cart, the free form, a FREE order completed at once', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await waitForIndexing(request, KEEP_CONTRACT);
  await openSearchPage(page, `/${KEEP_CONTRACT}`);
  const count = await searchBySelfie(page);
  await expect(page.getByRole('button', { name: /^เพิ่มลงตะกร้า รูปที่/ })).toHaveCount(count);
  await page.getByRole('button', { name: `เพิ่มทั้งหมดลงตะกร้า (${count} รูป)` }).click();
  await expect(page.getByText(`เพิ่มทุกรูปลงตะกร้าแล้ว มีรูปในตะกร้า ${count} รูป`)).toBeVisible();
  await expect(page.getByRole('button', { name: /^ลบออก รูปที่/ })).toHaveCount(count);
  await expectCartIcon(page, count);

  await openCartFromHeader(page);
  await expect(cartPhotos(page)).toHaveCount(count);
  const form = page.getByRole('form', { name: 'รับภาพโดยไม่มีค่าใช้จ่าย' });
  await expect(form).toBeVisible();
  await expectPrices(page, { ยอดชำระ: '0.00' });
  await expect(form.getByLabel('เบอร์มือถือ', { exact: true })).toBeVisible();
  await expect(form.getByLabel('อีเมล (ไม่บังคับ)')).toBeVisible();
  await expect(form.getByRole('radio')).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'ยกเลิก', exact: true })).toBeVisible();
  await form.getByRole('button', { name: 'สร้างคำสั่งซื้อ', exact: true }).click();
  await expect(form.getByLabel('เบอร์มือถือ', { exact: true })).toHaveAccessibleDescription('กรุณากรอกเบอร์มือถือ');
  await form.getByLabel('เบอร์มือถือ', { exact: true }).fill('0811111111');

  const created = page.waitForRequest((r) => r.url().endsWith('/order/create'));
  await createOrder(page);
  const sent = await created;
  expect(sent.url()).toMatch(/\/api\/v3\/order\/create$/);
  expect(sent.postDataJSON()).toMatchObject({ payment_channel: 'FREE', amount: '0.00', image_length: count });
  await expect(page.getByRole('heading', { name: 'สร้างคำสั่งซื้อเรียบร้อย', exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'ขั้นตอนของคำสั่งซื้อ' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('heading', { name: `ภาพของคุณ ${count} ภาพ` })).toBeVisible();
});
