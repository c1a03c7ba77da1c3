// A selfie's results on a runner's phone (360 and 390 px, Thai and English), on the demo event with real indexing:
// the first row of photos is on screen when the answer comes; each photo is a card with one round cart button and a
// small menu holding "this is me" / "not me"; "not me" says what it hid and is undone (from the line above the
// results and from its toast), and when it hides every photo the page says so instead of "nothing found"; "this is
// me" on a "maybe you" photo says what its search found; "maybe you" is folded on the phone. Screenshots go to
// test-results/screens/.
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { demoSelfieJpeg } from '../demo-selfie';
import { answerMostlyMaybe, DEMO_EVENT as EVENT, onConsentedPhone, waitForDemoIndexed } from './demo-search';

const words = {
  th: {
    picker: 'เลือกรูปเซลฟี่',
    heading: /^พบ \d+ รูปที่ตรงกับใบหน้าของคุณ$/,
    open: (n: number) => `ดูรูปที่ ${n} ขนาดใหญ่`,
    menu: (n: number) => `ใช่คุณไหม? รูปที่ ${n}`,
    add: (n: number) => `เพิ่มลงตะกร้า รูปที่ ${n}`,
    remove: (n: number) => `ลบออก รูปที่ ${n}`,
    notMe: (n: number) => `ไม่ใช่ฉัน รูปที่ ${n}`,
    mine: (n: number) => `ใช่ฉัน รูปที่ ${n}`,
    hid: (n: number) => new RegExp(`ซ่อน ${n} รูปของคนนี้แล้ว`),
    hidAll: /คุณซ่อนรูปทั้งหมด \d+ รูปว่าไม่ใช่คุณ จึงไม่มีรูปเหลือในผลการค้นหา/,
    undo: 'เลิกทำ',
    maybe: /^อาจเป็นคุณ \(\d+ รูป\)$/,
    searched: /พบรูปของคุณเพิ่ม \d+ รูปจากใบหน้านี้|ไม่พบรูปเพิ่มจากใบหน้าในรูปนี้/,
    notFound: /ไม่พบรูปภาพ/,
  },
  en: {
    picker: 'Choose a selfie',
    heading: /^Found \d+ photos? matching your face$/,
    open: (n: number) => `View photo ${n} larger`,
    menu: (n: number) => `Is this you? Photo ${n}`,
    add: (n: number) => `Add to cart photo ${n}`,
    remove: (n: number) => `Remove photo ${n}`,
    notMe: (n: number) => `Not me photo ${n}`,
    mine: (n: number) => `This is me photo ${n}`,
    hid: (n: number) => new RegExp(`Hid ${n} photos? of this person`),
    hidAll: /You hid (all \d+ photos|the only photo) as not you, so no photos are left in the results/,
    undo: 'Undo',
    maybe: /^Maybe you \(\d+ photos?\)$/,
    searched: /This face found \d+ more photos? of you|No more photos found with the face in this photo/,
    notFound: /Can't find the picture/,
  },
} as const;

test.use({ serviceWorkers: 'block' });
let selfieFile = '';

test.beforeAll(async ({ request }) => {
  test.setTimeout(480_000);
  const selfie = await demoSelfieJpeg();
  selfieFile = path.join(await mkdtemp(path.join(os.tmpdir(), 'result-cards-')), 'selfie.jpg');
  await writeFile(selfieFile, selfie);
  await waitForDemoIndexed(request, selfie);
});

for (const width of [360, 390] as const) {
  for (const language of ['th', 'en'] as const) {
    const w = words[language];

    test(`results a thumb can use; "not me" undone; "this is me" says what it found (${width} px, ${language})`, async ({
      page,
    }) => {
      await onConsentedPhone(page, width, language);
      await answerMostlyMaybe(page);
      await page.goto(`/${EVENT}`);
      await page.getByLabel(w.picker).setInputFiles(selfieFile);
      const heading = page.getByRole('heading', { name: w.heading });
      await expect(heading).toBeVisible({ timeout: 30_000 });

      // The first row of photos is on screen, under the header.
      const first = page.getByRole('button', { name: w.open(1), exact: true });
      await expect(first).toBeInViewport({ ratio: 1 });
      const header = await page.locator('header').first().boundingBox();
      const photoBox = await first.boundingBox();
      expect(photoBox?.y ?? 0).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0) - 1);
      // "Maybe you" is folded on the phone.
      const maybe = page.locator('details.maybe-you');
      await expect(maybe).not.toHaveAttribute('open');
      await page.screenshot({ path: `test-results/screens/result-cards-${width}-${language}.png` });

      // One cart control and one menu on the card, and no word buttons until the menu opens.
      const card = page.locator('li.face-result').filter({ has: first });
      await expect(card.getByRole('button')).toHaveCount(3);
      await card.getByRole('button', { name: w.add(1), exact: true }).click();
      await expect(card.getByRole('button', { name: w.remove(1), exact: true })).toBeVisible();
      await card.getByRole('button', { name: w.remove(1), exact: true }).click();
      await expect(card.getByRole('button', { name: w.add(1), exact: true })).toBeVisible();

      // Not me on the first photo: its person's photos go; the line says how many (or that none is left, not
      // "nothing found"), with undo.
      const matches = page.locator('.face-results-area > ul.face-results > li, .maybe-you li.face-result');
      const before = await matches.count();
      await card.getByRole('button', { name: w.menu(1), exact: true }).click();
      await page.getByRole('button', { name: w.notMe(1), exact: true }).click();
      const notice = page.getByTestId('feedback-notice');
      await expect(notice).toBeVisible();
      const hidden = before - (await matches.count());
      expect(hidden).toBeGreaterThan(0);
      await expect(notice).toContainText(hidden === before ? w.hidAll : w.hid(hidden));
      await expect(page.getByText(w.notFound)).toHaveCount(0);
      await page.screenshot({ path: `test-results/screens/result-cards-not-me-${width}-${language}.png` });
      await notice.getByRole('button', { name: w.undo, exact: true }).click();
      await expect(matches).toHaveCount(before);
      await expect(notice).toHaveCount(0);
      // Its toast went with it; the toast's own undo does the same.
      await expect(page.locator('.toast-with-action')).toHaveCount(0);
      await page.getByRole('button', { name: w.menu(1), exact: true }).click();
      await page.getByRole('button', { name: w.notMe(1), exact: true }).click();
      const toast = page.locator('.toast-with-action');
      await expect(toast).toBeVisible();
      await toast.getByRole('button', { name: w.undo, exact: true }).click();
      await expect(matches).toHaveCount(before);

      // In the lightbox: "this is me" on the first "maybe you" photo (photo 2); the lightbox closes, the photo
      // moves up, and its face's search is said.
      await maybe.locator('summary').filter({ hasText: w.maybe }).click();
      await expect(maybe).toHaveAttribute('open');
      await page.getByRole('button', { name: w.open(2), exact: true }).click();
      const lightbox = page.getByRole('dialog');
      await lightbox.getByRole('button', { name: w.mine(2), exact: true }).click();
      await expect(lightbox).toHaveCount(0);
      await expect(notice).toContainText(w.searched, { timeout: 30_000 });
      await page.screenshot({ path: `test-results/screens/result-cards-mine-${width}-${language}.png` });
    });
  }
}

for (const [width, language] of [
  [360, 'th'],
  [390, 'th'],
  [360, 'en'],
  [390, 'en'],
] as const) {
  test(`the manual page's search brings its photos into view (${width} px, ${language})`, async ({
    page,
  }) => {
    await onConsentedPhone(page, width, language);
    await page.goto('/phuket-beach-run-2026/manual');
    await page.getByRole('button', { name: language === 'th' ? 'ค้นหา' : 'Search', exact: true }).click();
    await expect(page.locator('.stage-count')).toBeInViewport();
    await expect(page.locator('.stage-grid li').first()).toBeInViewport();
  });
}
