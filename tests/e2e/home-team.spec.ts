import { expect, test } from '@playwright/test';

const currentDot = '.banner-dots [aria-current="true"]';

test('the home banner slider shows, advances on its own and with next, and loops', async ({ page }) => {
  await page.goto('/');
  const slider = page.locator('.banner-slider');
  await expect(slider).toBeVisible();
  await expect(slider.locator('.banner-slide')).toHaveCount(2);
  const firstBanner = slider.locator('.banner-slide img').first();
  await expect(firstBanner).toHaveJSProperty('complete', true);
  // Decoded, from the WebP copy a 390 px screen needs, not the 1200 px JPEG (core/sized-images.ts).
  const shown = await firstBanner.evaluate((img: HTMLImageElement) => ({
    width: img.naturalWidth,
    src: img.currentSrc,
  }));
  expect(shown.width).toBeGreaterThan(0);
  expect(shown.src).toMatch(/\.480\.webp$/);
  await expect(page.locator(currentDot)).toHaveAttribute('aria-label', 'แสดงแบนเนอร์ 1');
  // Autoplay after 3 s (the mouse is away from the slider).
  await page.mouse.move(0, 0);
  await expect(page.locator(currentDot)).toHaveAttribute('aria-label', 'แสดงแบนเนอร์ 2', { timeout: 6_000 });
  // Next loops back to the first banner; focus on the button pauses autoplay.
  await page.getByRole('button', { name: 'แบนเนอร์ถัดไป' }).click();
  await expect(page.locator(currentDot)).toHaveAttribute('aria-label', 'แสดงแบนเนอร์ 1');
  await page.getByRole('button', { name: 'แบนเนอร์ถัดไป' }).click();
  await expect(page.locator(currentDot)).toHaveAttribute('aria-label', 'แสดงแบนเนอร์ 2');
  await page.getByRole('link', { name: 'แบนเนอร์ 2 จาก 2' }).click();
  await expect(page).toHaveURL(/\/phuket-beach-run-2026$/);
});

test('the upcoming list shows the upcoming event with its sale opening', async ({ page }) => {
  await page.goto('/');
  const upcoming = page.locator('.upcoming');
  await expect(upcoming.getByRole('heading', { name: 'งานวิ่งที่กำลังจะมาถึง' })).toBeVisible();
  await expect(upcoming.getByRole('heading', { name: 'หัวหิน ไนท์รัน 2026' })).toBeVisible();
  await expect(upcoming.getByText(/เปิดขายวันที่/)).toBeVisible();
  await expect(upcoming).toContainText('ประจวบคีรีขันธ์');
});

test('a team page shows the team and its events', async ({ page }) => {
  await page.goto('/team/bangkok-runners-club');
  await expect(page.getByRole('heading', { level: 1, name: 'ชมรมวิ่งบางกอก' })).toBeVisible();
  await expect(page).toHaveTitle('ชมรมวิ่งบางกอก | RunFoto');
  await expect(page.locator('.team-cover')).toBeVisible();
  const social = page.getByRole('link', { name: 'เพจ Facebook ของทีม' });
  await expect(social).toHaveAttribute('target', '_blank');
  await expect(social).toHaveAttribute('rel', /noopener/);
  const cards = page.locator('.event-grid > li');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('บางกอก ซิตี้ มาราธอน 2026');
  await expect(cards.first().getByRole('link')).toHaveAttribute('href', '/bangkok-city-marathon-2026');
});

test('an unknown team says "Team not found!" in English', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/team/no-such-team');
  await expect(page.getByRole('heading', { level: 1, name: 'Team not found!' })).toBeVisible();
  await expect(page).toHaveTitle('Team not found! | RunFoto');
});
