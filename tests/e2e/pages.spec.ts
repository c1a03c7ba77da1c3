import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';

const footer = (page: Page) => page.getByRole('contentinfo');

/** Width and height of a PNG, from its IHDR chunk. */
async function pngSize(file: string) {
  const bytes = await readFile(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const footerLinks = {
  th: [
    ['สำหรับช่างภาพ', '/about#photographers'],
    ['วิธีสั่งซื้อภาพ', '/how-to-order'],
    ['ค้นหาคำสั่งซื้อ', '/find-order'],
    ['ตะกร้าสินค้า', '/cart'],
    ['เกี่ยวกับเรา', '/about'],
    ['นโยบายการคืนเงิน', '/refund-policy'],
    ['ข้อกำหนดการใช้งาน', '/terms-of-use'],
  ],
  en: [
    ['For photographers', '/about#photographers'],
    ['How to order photos', '/how-to-order'],
    ['Find your order', '/find-order'],
    ['Cart', '/cart'],
    ['About us', '/about'],
    ['Refund policy', '/refund-policy'],
    ['Terms of use', '/terms-of-use'],
  ],
} as const;

test('the footer carries every link of the spec, in both languages', async ({ page }) => {
  await page.goto('/');
  for (const [name, href] of footerLinks.th) {
    await expect(footer(page).getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  const photographers = footer(page).getByRole('link', { name: 'สำหรับช่างภาพ' });
  await expect(photographers).toHaveAttribute('target', '_blank');
  await expect(photographers).toHaveAttribute('rel', /noopener/);

  await page.getByRole('button', { name: 'English' }).click();
  for (const [name, href] of footerLinks.en) {
    await expect(footer(page).getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await footer(page).getByRole('link', { name: 'Cart', exact: true }).click();
  await expect(page).toHaveURL(/\/cart$/);
});

test('the static pages read in Thai, then in English after the switch', async ({ page }) => {
  await page.goto('/');
  await footer(page).getByRole('link', { name: 'วิธีสั่งซื้อภาพ' }).click();
  await expect(page).toHaveURL(/\/how-to-order$/);
  await expect(page.getByRole('heading', { level: 1, name: 'วิธีสั่งซื้อภาพ' })).toBeVisible();
  await expect(page).toHaveTitle('วิธีสั่งซื้อภาพ | RunFoto');
  const steps = page.locator('.timeline > li');
  await expect(steps).toHaveCount(6);
  await expect(steps.nth(4)).toContainText('ชำระเงินแล้วกดรีเฟรช');
  await expect(steps.nth(5)).toContainText('ติดต่อเรา');

  await footer(page).getByRole('link', { name: 'เกี่ยวกับเรา' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'เกี่ยวกับเรา' })).toBeVisible();
  await expect(page.locator('#photographers')).toContainText('สำหรับช่างภาพ');
  await expect(page.getByText(/ระบบรับสมัครวิ่ง/)).toBeVisible();
  await expect(page.getByText(/คำปรึกษาสำหรับผู้จัดงานวิ่ง/)).toBeVisible();

  await footer(page).getByRole('link', { name: 'นโยบายการคืนเงิน' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'นโยบายการคืนเงิน' })).toBeVisible();
  await expect(page.getByText('ภาพที่ได้รับไม่ชัดหรือเบลอ และคุณแจ้งขอคืนเงินสำหรับภาพนั้น')).toBeVisible();

  await footer(page).getByRole('link', { name: 'ข้อกำหนดการใช้งาน' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /ข้อกำหนดการใช้งาน/ })).toBeVisible();
  await expect(page.getByText('รูปเซลฟี่ถูกลบออกจากระบบทันทีที่ค้นหาเสร็จ และไม่เกิน 60 วินาทีหลังอัปโหลด')).toBeVisible();
  await expect(page.getByText(/ภาพเก็บในระบบประมาณ 35 วัน/)).toBeVisible();

  await page.goto('/how-to-use');
  await expect(page.getByRole('heading', { level: 1, name: 'วิธีดาวน์โหลดภาพ' })).toBeVisible();
  for (const name of ['iPhone / iPad', 'Android', 'คอมพิวเตอร์']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  await expect(page).toHaveTitle('วิธีดาวน์โหลดภาพ | RunFoto');

  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'How to download your photos' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Computer' })).toBeVisible();
  await expect(page.getByText(/long-press the photo/)).toBeVisible();
  await expect(page).toHaveTitle('How to download your photos | RunFoto');

  await footer(page).getByRole('link', { name: 'How to order photos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'How to order photos' })).toBeVisible();
  await expect(page.locator('.timeline > li').nth(4)).toContainText('Pay, then press Refresh');

  await footer(page).getByRole('link', { name: 'About us' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'For photographers' })).toBeVisible();

  await footer(page).getByRole('link', { name: 'Terms of use' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Terms of use and personal data policy' }),
  ).toBeVisible();
  await expect(
    page.getByText("Your selfie's descriptor is never stored with the event's faces.", { exact: false }),
  ).toBeVisible();

  // The refund policy follows the stored language, also on a fresh load.
  await footer(page).getByRole('link', { name: 'Refund policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Refund policy' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Refund policy' })).toBeVisible();
  await expect(page).toHaveTitle('Refund policy | RunFoto');
  await page.getByRole('button', { name: 'ภาษาไทย' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'นโยบายการคืนเงิน' })).toBeVisible();
});

test('the QR page shows a 300 px code and downloads both 1000 px PNGs', async ({ page }) => {
  const key = 'bangkok-city-marathon-2026';
  await page.goto(`/eventqr/${key}`);
  await expect(page.getByRole('heading', { level: 1, name: 'QR โค้ดของงาน' })).toBeVisible();
  const code = page.locator('.qr-figure canvas');
  await expect(code).toBeVisible();
  const box = await code.boundingBox();
  expect(box?.width).toBe(300);
  expect(box?.height).toBe(300);
  await expect(page.locator('.qr-figure figcaption')).toHaveText(new RegExp(`/${key}$`));

  for (const [name, file] of [
    ['ดาวน์โหลด QR พร้อมโลโก้', `${key}-logo-qr.png`],
    ['ดาวน์โหลด QR ไม่มีโลโก้', `${key}-qr.png`],
  ] as const) {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe(file);
    const size = await pngSize(await saved.path());
    expect(size.width).toBe(1000);
    expect(size.height).toBeGreaterThan(1000);
  }

  // {q}/qr is the same page, also in English.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto(`/${key}/qr`);
  await expect(page.getByRole('heading', { level: 1, name: 'Event QR code' })).toBeVisible();
  await expect(page.locator('.qr-figure canvas')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download QR without logo' }).click();
  expect((await download).suggestedFilename()).toBe(`${key}-qr.png`);
});

test('the QR page without an event key only warns in the console', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto('/eventqr/');
  await expect(page.getByRole('heading', { level: 1, name: 'QR โค้ดของงาน' })).toBeVisible();
  await expect(page.locator('canvas')).toHaveCount(0);
  await expect.poll(() => warnings.some((w) => w.includes('QR page'))).toBe(true);
});
