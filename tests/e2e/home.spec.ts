import { expect, type Page, test } from '@playwright/test';
import { serviceWorkerControls } from './service-worker';

const onSaleTitles = [
  'บางกอก ซิตี้ มาราธอน 2026',
  'เชียงใหม่ ดอยเทรล 2026',
  'ขอนแก่น ฟันรัน เพื่อน้อง 2026',
  'ภูเก็ต บีชรัน 2026',
  'โคราช ฮาล์ฟมาราธอน 2026',
];

const eventCards = (page: Page) => page.locator('.event-grid > li');

test('the home page lists the demo events in Thai, switches to English, and reloads offline', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'งานวิ่งที่เปิดขายภาพ' })).toBeVisible();
  await expect(eventCards(page)).toHaveCount(onSaleTitles.length);
  for (const title of onSaleTitles) await expect(page.getByRole('heading', { name: title })).toBeVisible();
  // Upcoming: not on sale yet, so not in the grid.
  await expect(page.locator('.event-grid').getByText('หัวหิน ไนท์รัน 2026')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page).toHaveTitle(/RunFoto/);
  // The pinned event comes first and every card shows its cover, date and province.
  await expect(eventCards(page).first()).toContainText('บางกอก ซิตี้ มาราธอน 2026');
  await expect(eventCards(page).first()).toContainText('กรุงเทพมหานคร');
  const cover = eventCards(page).first().locator('img');
  await expect(cover).toHaveJSProperty('complete', true);
  // Decoded, from the WebP copy a 390 px screen needs, not the 1200 px JPEG (core/sized-images.ts).
  const shown = await cover.evaluate((img: HTMLImageElement) => ({
    width: img.naturalWidth,
    src: img.currentSrc,
  }));
  expect(shown.width).toBeGreaterThan(0);
  expect(shown.src).toMatch(/\.480\.webp$/);

  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Events with photos on sale' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Events with photos on sale' })).toBeVisible();

  // The service worker takes control; then the shell and the last list come back with no network.
  await serviceWorkerControls(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('link', { name: 'RunFoto' })).toBeVisible();
  await expect(page.getByText('You are offline: showing the events saved last time.')).toBeVisible();
  await expect(eventCards(page)).toHaveCount(onSaleTitles.length);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await context.setOffline(false);
});

test('an event card opens its event page; an unknown event goes to 404', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('heading', { name: 'ภูเก็ต บีชรัน 2026' }).click();
  await expect(page).toHaveURL(/\/phuket-beach-run-2026$/);
  await expect(page.getByRole('heading', { level: 1, name: 'ภูเก็ต บีชรัน 2026' })).toBeVisible();
  await expect(page.getByText('ภูเก็ต', { exact: false }).first()).toBeVisible();
  await expect(page.locator('.badge')).toHaveCount(4);
  await expect(page).toHaveTitle('ภูเก็ต บีชรัน 2026 | RunFoto');

  await page.goto('/no-such-event-2026');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: 'ไม่พบหน้าที่ต้องการ' })).toBeVisible();
  await page.getByRole('link', { name: 'กลับหน้าแรก' }).click();
  await expect(page.getByRole('heading', { name: 'งานวิ่งที่เปิดขายภาพ' })).toBeVisible();
});

test('the upcoming event says when to come back', async ({ page }) => {
  await page.goto('/huahin-night-run-2026');
  await expect(page.getByText(/กลับมาใหม่ในวันที่/)).toBeVisible();
});
