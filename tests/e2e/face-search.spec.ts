// The face search on the demo event with real face indexing (leave E2E_FACE_WORKERS unset): a selfie cut from a
// face-api sample photo finds the demo photos made from that sample; add and remove; the lightbox and "more like
// this one"; a text file renamed .jpg, a GIF and a file over 5 MB; the compression worker comes from our bundle.
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { PRIVACY_NOTICE_VERSION } from '../../core/privacy';
import { DEMO_SELFIE_MATCHES, demoSelfieJpeg } from '../demo-selfie';
import { answerMostlyMaybe, waitForDemoIndexed } from './demo-search';

const EVENT = 'bangkok-city-marathon-2026';
const EXPECTED_MATCHES = DEMO_SELFIE_MATCHES;

/** A photo of 5 MB or more: the selfie in the middle of a noisy 4000×3000 frame, JPEG quality 95. */
async function largeJpeg(selfie: Buffer) {
  const face = await sharp(selfie).resize({ width: 1400 }).toBuffer();
  return sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .composite([{ input: face, left: 1300, top: 700 }])
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** A 1×1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

// No service worker: its precache would also fetch the compression library, and the point below is that the
// compression worker loads it from our assets.
test.use({ serviceWorkers: 'block' });

const files = { selfie: '', mirrored: '', large: '', text: '', gif: '', dark: '' };
let selfie: Buffer;

test.beforeAll(async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'face-search-'));
  selfie = await demoSelfieJpeg();
  const large = await largeJpeg(selfie);
  expect(large.length).toBeGreaterThanOrEqual(5 * 1024 * 1024);
  files.selfie = path.join(dir, 'selfie.jpg');
  files.mirrored = path.join(dir, 'selfie-mirrored.jpg');
  await writeFile(files.mirrored, await sharp(selfie).flop().jpeg().toBuffer());
  // The selfie taken in a dim room: its face is still found, but too dark to search with well.
  files.dark = path.join(dir, 'selfie-dark.jpg');
  await writeFile(files.dark, await sharp(selfie).linear(0.35, 0).jpeg().toBuffer());
  files.large = path.join(dir, 'large-photo.jpg');
  files.text = path.join(dir, 'notes.jpg');
  files.gif = path.join(dir, 'party.gif');
  await writeFile(files.selfie, selfie);
  await writeFile(files.large, large);
  await writeFile(files.text, 'these are my race notes, not a photo');
  await writeFile(files.gif, GIF);
});

/** Waits until the demo photos of the event are indexed: the selfie finds all its photos through the API. */
test.beforeAll(async ({ request }) => {
  test.setTimeout(480_000);
  await waitForDemoIndexed(request, selfie);
});

async function openEvent(page: Page) {
  await page.addInitScript(
    ({ key, version }) => {
      localStorage.setItem(`consent_${key}`, 'Y');
      // The face consent as the terms dialog's box keeps it (src/features/privacy/face-consent.ts).
      const consent = { version, device: 'e2e-device-0123456789ab', given_at: new Date().toISOString() };
      localStorage.setItem('face_consent', JSON.stringify(consent));
    },
    { key: EVENT, version: PRIVACY_NOTICE_VERSION },
  );
  await page.goto(`/${EVENT}`);
  await expect(page.getByRole('heading', { name: 'ค้นหารูปของคุณด้วยใบหน้า' })).toBeVisible();
}

const picker = (page: Page) => page.getByLabel('เลือกรูปเซลฟี่');
const resultsHeading = (page: Page) => page.getByRole('heading', { name: /^พบ \d+ รูปที่ตรงกับใบหน้าของคุณ$/ });
/** The matches' thumbnails, not the nearby frames' row under them. */
const matchThumbnails = (page: Page) =>
  page.locator('.face-results-area > ul.face-results').getByRole('img', { name: /^ดูรูปที่ \d+ ขนาดใหญ่$/ });
const nearbyHeading = (page: Page) => page.getByRole('heading', { name: /^คุณอาจอยู่ในภาพเหล่านี้ด้วย/ });

test('a selfie finds the runner’s photos; add and remove them; the worker comes from our bundle', async ({
  page,
}) => {
  const requests: string[] = [];
  const workers: string[] = [];
  const libraryLoads: { status: number; type: string }[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('worker', (worker) => workers.push(worker.url()));
  page.on('response', (r) => {
    if (/\/assets\/browser-image-compression-[\w-]+\.js$/.test(r.url()))
      libraryLoads.push({ status: r.status(), type: r.headers()['content-type'] ?? '' });
  });
  await openEvent(page);

  await picker(page).setInputFiles(files.selfie);
  await expect(resultsHeading(page)).toBeVisible({ timeout: 30_000 });
  const count = Number((await resultsHeading(page).textContent())?.match(/\d+/)?.[0]);
  expect(count).toBeGreaterThanOrEqual(EXPECTED_MATCHES);
  const thumbnails = matchThumbnails(page);
  await expect(thumbnails).toHaveCount(count);
  await expect(thumbnails.first()).toHaveAttribute('src', new RegExp(`^/storage/${EVENT}/thumbnail/`));
  await expect
    .poll(() => thumbnails.first().evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);

  // The selfie went to the signed address as image/jpg, compressed by the worker loaded from our own assets.
  expect(requests.some((u) => /\/storage\/private\/selfies\//.test(u))).toBe(true);
  expect(workers.some((u) => u.startsWith('blob:'))).toBe(true);
  expect(libraryLoads).toEqual([{ status: 200, type: expect.stringMatching(/javascript/) }]);
  expect(requests.filter((u) => /jsdelivr|unpkg|cdnjs/.test(u))).toEqual([]);

  await page.getByRole('button', { name: 'เพิ่มลงตะกร้า รูปที่ 1' }).click();
  await expect(page.getByRole('button', { name: 'ลบออก รูปที่ 1' })).toBeVisible();
  await page.getByRole('button', { name: 'เพิ่มลงตะกร้า รูปที่ 2' }).click();
  await expect(page.getByRole('button', { name: 'ลบออก รูปที่ 2' })).toBeVisible();
  await page.getByRole('button', { name: 'ลบออก รูปที่ 1' }).click();
  await expect(page.getByRole('button', { name: 'เพิ่มลงตะกร้า รูปที่ 1' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'ลบออก รูปที่ 2' })).toBeVisible();
  const kept = await thumbnails.nth(1).getAttribute('src');

  // The cart survives a reload (IndexedDB): a new search shows that photo as in the cart, wherever it now ranks.
  await page.reload();
  await picker(page).setInputFiles(files.selfie);
  await expect(resultsHeading(page)).toBeVisible({ timeout: 30_000 });
  const inCart = page.locator('.face-result', { has: page.locator(`img[src="${kept}"]`) });
  await expect(inCart.getByRole('button', { name: /^ลบออก รูปที่ \d+$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^ลบออก/ })).toHaveCount(1);
});

test('the lightbox: arrows loop, Escape closes; "more like this one" searches with a face of the photo', async ({
  page,
}) => {
  await openEvent(page);
  await picker(page).setInputFiles(files.selfie);
  await expect(resultsHeading(page)).toBeVisible({ timeout: 30_000 });
  // The lightbox goes through the matches, then the nearby frames' row once it has come.
  await expect(nearbyHeading(page)).toBeVisible({ timeout: 15_000 });
  const count = await page.getByRole('img', { name: /^ดูรูปที่ \d+ ขนาดใหญ่$/ }).count();

  await page.getByRole('button', { name: 'ดูรูปที่ 1 ขนาดใหญ่' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAccessibleName(`รูปที่ 1 จาก ${count}`);
  await page.keyboard.press('ArrowLeft');
  await expect(dialog).toHaveAccessibleName(`รูปที่ ${count} จาก ${count}`);
  await page.keyboard.press('ArrowRight');
  await expect(dialog).toHaveAccessibleName(`รูปที่ 1 จาก ${count}`);

  await dialog.getByRole('button', { name: 'ค้นหารูปอื่นด้วยใบหน้าในรูปนี้' }).click();
  // Several people in the photo: their faces are drawn; tap one (the photo of one face searches at once).
  const faces = dialog.getByRole('button', { name: /^ค้นหาด้วยใบหน้าที่ \d+$/ });
  await expect(faces.first()).toBeVisible({ timeout: 15_000 });
  expect(await faces.count()).toBeGreaterThanOrEqual(1);
  const axe = await new AxeBuilder({ page }).include('.result-lightbox').analyze();
  expect(
    axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);
  if ((await faces.count()) > 1) await faces.nth(1).click();
  await expect(dialog.getByText(/^พบ \d+ รูปที่คล้ายกัน|ไม่พบรูปอื่นที่คล้ายกัน/)).toBeVisible({ timeout: 15_000 });
  const replace = dialog.getByRole('button', { name: 'แสดงเฉพาะรูปเหล่านี้' });
  if (await replace.isVisible()) {
    await replace.click();
    await expect(dialog).toHaveCount(0);
    await expect(resultsHeading(page)).toBeVisible();
  } else {
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
});

test('results stay: nearby frames of a burst, back from the cart without a new selfie, a second selfie widens them', async ({
  page,
}) => {
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/storage/private/selfies/')) uploads.push(r.url());
  });
  await openEvent(page);
  await picker(page).setInputFiles(files.selfie);
  await expect(resultsHeading(page)).toBeVisible({ timeout: 30_000 });
  const count = await matchThumbnails(page).count();
  // The demo's bursts: the frame after each original, the runners turned away, found by no face.
  await expect(nearbyHeading(page)).toBeVisible({ timeout: 15_000 });
  const nearby = page.locator('.nearby-frames').getByRole('img', { name: /^ดูรูปที่ \d+ ขนาดใหญ่$/ });
  expect(await nearby.count()).toBeGreaterThanOrEqual(1);
  await page.getByRole('button', { name: `เพิ่มลงตะกร้า รูปที่ ${count + 1}` }).click();
  await expect(page.getByRole('button', { name: `ลบออก รูปที่ ${count + 1}` })).toBeVisible();

  // To the cart and back: the same results and nearby frames, with no second upload.
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goBack();
  await expect(resultsHeading(page)).toHaveText(`พบ ${count} รูปที่ตรงกับใบหน้าของคุณ`, { timeout: 15_000 });
  await expect(nearbyHeading(page)).toBeVisible();
  await expect(page.getByRole('button', { name: `ลบออก รูปที่ ${count + 1}` })).toBeVisible();
  expect(uploads).toHaveLength(1);

  // A second photo of the same runner (mirrored, as a phone's front camera may keep it) widens the search.
  await page.getByLabel('เพิ่มรูปของฉันอีกรูป').setInputFiles(files.mirrored);
  await expect(page.getByText(/^เพิ่มอีก \d+ รูปจากรูปนี้$|^รูปนี้ไม่พบรูปเพิ่มจากที่แสดงอยู่$/)).toBeVisible({
    timeout: 30_000,
  });
  expect(uploads).toHaveLength(2);
  expect(await matchThumbnails(page).count()).toBeGreaterThanOrEqual(count);
  // Each photo once.
  const sources = await matchThumbnails(page).evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
  expect(new Set(sources).size).toBe(sources.length);
});

test('a text file renamed .jpg and a GIF get the jpg/png message and send nothing', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/v2/facesearch') && calls.push(r.url()));
  await openEvent(page);
  await picker(page).setInputFiles(files.text);
  await expect(page.getByText('กรุณาใช้ไฟล์ jpg หรือ png เท่านั้น')).toBeVisible();
  await picker(page).setInputFiles(files.gif);
  await expect(page.getByText('กรุณาใช้ไฟล์ jpg หรือ png เท่านั้น')).toBeVisible();
  await expect(picker(page)).toBeEnabled();
  expect(calls).toEqual([]);
});

test('a photo of 5 MB or more shows the 5 s warning, is compressed and searched all the same', async ({
  page,
}) => {
  const uploads: number[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/storage/private/selfies/'))
      uploads.push(r.postDataBuffer()?.length ?? 0);
  });
  await openEvent(page);
  await picker(page).setInputFiles(files.large);
  const warning = page.getByText('รูปนี้ใหญ่กว่า 5MB ระบบย่อขนาดให้อัตโนมัติแล้ว ไม่ต้องทำอะไรเพิ่ม');
  await expect(warning).toBeVisible();
  await expect(resultsHeading(page).or(page.getByText(/^ไม่พบรูปภาพ/))).toBeVisible({ timeout: 30_000 });
  await expect(warning).toBeHidden({ timeout: 7_000 });
  expect(uploads).toHaveLength(1);
  expect(uploads[0]).toBeLessThan(500 * 1024);
});

test('no serious accessibility finding on the panel with results', async ({ page }) => {
  await openEvent(page);
  await picker(page).setInputFiles(files.selfie);
  await expect(resultsHeading(page)).toBeVisible({ timeout: 30_000 });
  const { violations } = await new AxeBuilder({ page }).include('.face-search').analyze();
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);
});

test('a poor selfie is told before it is searched; the runner may search with it anyway', async ({
  page,
}) => {
  // The searches the store took (one it asks to wait for, 429, is asked again: every journey searches from one
  // address, and the store's per-client allowance can be used up by the journeys before).
  const searches: Record<string, unknown>[] = [];
  page.on('response', (r) => {
    const request = r.request();
    if (request.method() === 'POST' && r.url().endsWith('/api/v2/facesearch') && r.status() !== 429)
      searches.push(request.postDataJSON());
  });
  await openEvent(page);
  await picker(page).setInputFiles(files.dark);
  const poor = page.getByTestId('poor-selfie');
  await expect(poor).toBeVisible({ timeout: 30_000 });
  await expect(poor).toHaveAttribute('data-problem', 'dark');
  await expect(poor.getByRole('alert')).toHaveText(
    'รูปนี้มืดเกินกว่าจะเห็นใบหน้าชัด ถ่ายเซลฟี่ในที่ที่มีแสงสว่างมากขึ้น จะพบรูปของคุณได้ครบกว่า',
  );
  await expect(resultsHeading(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'ค้นหาด้วยรูปนี้ต่อ' }).click();
  await expect(resultsHeading(page).or(page.getByText(/^ไม่พบรูปภาพ/))).toBeVisible({ timeout: 30_000 });
  await expect(poor).toHaveCount(0);
  expect(searches.map((s) => s.search_anyway ?? false)).toEqual([false, true]);
});

test('results mostly "maybe you" offer a second selfie, searched together with the first', async ({
  page,
}) => {
  const puts: string[] = [];
  const searches: Record<string, unknown>[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/storage/private/selfies/')) puts.push(r.url());
    if (r.method() === 'POST' && r.url().endsWith('/api/v2/facesearch')) searches.push(r.postDataJSON());
  });
  // The demo selfie finds its photos surely; its first answer is reshaped to the uncertain one a poorer selfie gets
  // on race day. The second search is the store's own.
  await answerMostlyMaybe(page);
  await openEvent(page);
  await picker(page).setInputFiles(files.selfie);
  const offer = page.getByTestId('surer-search');
  await expect(offer).toBeVisible({ timeout: 30_000 });
  await expect(offer.getByRole('heading', { name: 'ไม่แน่ใจว่ารูปเหล่านี้คือคุณ?' })).toBeVisible();
  await offer.getByLabel('เลือกเซลฟี่อีกรูป').setInputFiles(files.mirrored);
  await expect(page.getByTestId('two-selfies-note')).toBeVisible({ timeout: 30_000 });
  await expect(resultsHeading(page)).toBeVisible();
  // The two selfies are judged at their stricter score: at least the one photo of you the first answer kept.
  await expect(matchThumbnails(page).first()).toBeVisible();
  await expect(offer).toHaveCount(0);
  // Both selfies went up for the second search (the first again, from memory), and it named the other as second.
  expect(puts).toHaveLength(3);
  expect(searches).toHaveLength(2);
  expect(searches[1]).toMatchObject({ second: { search_id: expect.any(String) } });
  expect((searches[1] as { second: { search_id: string } }).second.search_id).not.toBe(
    searches[1]?.search_id,
  );
});
