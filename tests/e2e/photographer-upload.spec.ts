// A photographer's upload link, end to end on a store of its own: the shop owner prints a link with the
// admin command line, the photographer opens it on a phone and on a laptop, sends photos (each straight to the
// object store, then imported and indexed by the store's face worker), a photo sent twice is not added twice, a
// runner's selfie finds the new photos, and a revoked link stops working. Screenshots go to test-results/screens/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { UPLOAD_CONTENT_TYPE } from '../../core/constants';
import { TEST_CONSENT } from '../../server/test/consent';
import {
  EVENT_FLAGS,
  runNode,
  type StoreProcess,
  startStoreProcess,
  tempDataDir,
} from '../../server/test/processes';
import { demoSelfieJpeg, faceApiSample } from '../demo-selfie';

const EVENT = 'live-run';
let store: StoreProcess;
let dataDir: string;
let folder: string;
let env: Record<string, string>;
/** The upload page's path, from the command's output. */
let uploadPath: string;
const files: Record<'runner' | 'runnerAgain' | 'others' | 'copy' | 'notes', string> = {
  runner: '',
  runnerAgain: '',
  others: '',
  copy: '',
  notes: '',
};

test.describe.configure({ mode: 'serial' });
test.use({ serviceWorkers: 'block' });

async function admin(...args: string[]) {
  const run = await runNode('server/cli/main.ts', args, env);
  expect(run.code, `${args.join(' ')}\n${run.stderr}`).toBe(0);
  return run.stdout;
}

test.beforeAll(async () => {
  test.setTimeout(200_000);
  dataDir = tempDataDir('e2e-uploads-');
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-upload-photos-'));
  env = {
    DATA_DIR: dataDir,
    FACE_WORKERS: '1',
    SELFIE_WORKERS: '0',
    ...(process.env.E2E_DIST ? { DIST_DIR: process.env.E2E_DIST } : {}),
  };
  store = await startStoreProcess(env, 180_000);
  await admin('create-event', EVENT, ...EVENT_FLAGS);
  // The demo selfie's runner in two photos (one mirrored), other people in a third, a copy of the first under
  // another name, and a file that is not a photo.
  files.runner = path.join(folder, 'DSC_0001.jpg');
  fs.copyFileSync(faceApiSample(1), files.runner);
  files.runnerAgain = path.join(folder, 'DSC_0002.jpg');
  await sharp(faceApiSample(1)).flop().jpeg({ quality: 92 }).toFile(files.runnerAgain);
  files.others = path.join(folder, 'DSC_0003.jpg');
  // The people left of the runner in the same scene.
  await sharp(faceApiSample(1))
    .extract({ left: 0, top: 0, width: 1200, height: 1280 })
    .jpeg({ quality: 92 })
    .toFile(files.others);
  files.copy = path.join(folder, 'DSC_0001 copy.jpg');
  fs.copyFileSync(faceApiSample(1), files.copy);
  files.notes = path.join(folder, 'notes.txt');
  fs.writeFileSync(files.notes, 'shot list for the 10K start');

  const printed = await admin('photographer-link', EVENT, '--photographer', '7', '--expires', '12h');
  const address = /https?:\/\/\S+\/upload\/[A-Za-z0-9_-]{32}/.exec(printed)?.[0];
  expect(address, printed).toBeTruthy();
  uploadPath = new URL(address as string).pathname;
});

test.afterAll(async () => {
  await store?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

async function open(page: Page, width: number, language: 'th' | 'en') {
  await page.setViewportSize({ width, height: width < 500 ? 780 : 900 });
  await page.addInitScript((lang: string) => localStorage.setItem('currentLanguage', lang), language);
  await page.context().addCookies([{ name: 'currentLanguage', value: language, url: store.base }]);
  await page.goto(`${store.base}${uploadPath}`);
}

const row = (page: Page, name: string) => page.locator('li.upload-item', { hasText: name });

test('a photographer sends photos from a phone; each is sent once and found by a runner’s selfie', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await open(page, 390, 'th');
  await expect(page.getByRole('heading', { name: 'อัปโหลดภาพ: A test event' })).toBeVisible();
  await expect(page.getByText(/ช่างภาพหมายเลข 7 · ลิงก์นี้ใช้ได้ถึง/)).toBeVisible();
  // Private: never indexed by search engines.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  await page
    .getByLabel('เลือกไฟล์ภาพ')
    .setInputFiles([files.runner, files.runnerAgain, files.others, files.notes]);
  await expect(page.getByText('ส่งแล้ว 3 จาก 4 ไฟล์')).toBeVisible({ timeout: 60_000 });
  for (const name of ['DSC_0001.jpg', 'DSC_0002.jpg', 'DSC_0003.jpg'])
    await expect(row(page, name)).toContainText('ส่งแล้ว');
  await expect(row(page, 'notes.txt')).toContainText('ไม่ใช่ไฟล์ JPEG หรือ PNG');
  // Nothing pushed off the phone's right edge.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/screens/photographer-upload-390-th.png', fullPage: true });

  // The same content under another name: the event has it, so it is not sent or added again.
  await page.getByLabel('เลือกไฟล์ภาพ').setInputFiles([files.copy]);
  await expect(row(page, 'DSC_0001 copy.jpg')).toContainText('มีภาพนี้แล้ว ไม่ต้องส่งซ้ำ', { timeout: 30_000 });

  // Imported and indexed by the running store: three photos, and the runner's selfie finds their two.
  await expect
    .poll(() => admin('index-status', EVENT), { timeout: 180_000, intervals: [2000] })
    .toMatch(/: 3 photos\nphotos +pending 0 +indexed 3/);
  expect(await admin('index-status', EVENT)).toMatch(/by photographer +#7 3 \(3 in the last hour\)/);
  const selfie = await demoSelfieJpeg();
  const sign = await page.request.post(`${store.base}/api/v2/facesearch/sign`, {
    data: { event_key: EVENT, file_name: 'selfie.jpg', file_type: 'image/jpeg', consent: TEST_CONSENT },
  });
  const signed = await sign.json();
  const put = await page.request.put(new URL(signed.url, store.base).href, {
    data: selfie,
    // The selfie's address is signed for SPEC §7's content type.
    headers: { 'content-type': UPLOAD_CONTENT_TYPE, 'if-none-match': '*' },
  });
  expect(put.status(), await put.text()).toBe(200);
  const found = await (
    await page.request.post(`${store.base}/api/v2/facesearch`, {
      data: { search_id: signed.search_id, file_location: signed.file_location, event_key: EVENT },
    })
  ).json();
  expect(found.status, JSON.stringify(found)).toBe('success');
  expect(found.images.map((i: { original_file_name: string }) => i.original_file_name).sort()).toEqual([
    'DSC_0001.jpg',
    'DSC_0002.jpg',
  ]);
});

test('on a laptop in English: photos the event has already are not sent again', async ({ page }) => {
  await open(page, 1280, 'en');
  await expect(page.getByRole('heading', { name: 'Upload photos: A test event' })).toBeVisible();
  await page.getByLabel('Choose photos').setInputFiles([files.runner, files.others]);
  // Another device (its journal empty): the store's answer says the event has both.
  await expect(page.getByText('2 of 2 files sent')).toBeVisible({ timeout: 30_000 });
  await expect(row(page, 'DSC_0001.jpg')).toContainText('Already here, not sent again');
  await page.screenshot({ path: 'test-results/screens/photographer-upload-1280-en.png', fullPage: true });
});

test('a revoked link stops working', async ({ page }) => {
  const listed = await admin('photographer-links', EVENT);
  expect(listed).toMatch(/^1 +7 +.+ +working +3$/m);
  await admin('revoke-photographer-link', '1');
  await open(page, 390, 'th');
  await expect(page.getByText('ลิงก์อัปโหลดนี้ใช้ไม่ได้ (หมดอายุหรือถูกยกเลิก) กรุณาขอลิงก์ใหม่จากร้าน')).toBeVisible();
  await expect(page.getByLabel('เลือกไฟล์ภาพ')).toHaveCount(0);
});
