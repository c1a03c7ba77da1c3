// Search by bib number (issue 36), end to end on a store of its own: real race photos of ../shared/bib-bench
// (read in place, linked from a temp folder) imported beside the running store with the admin command line into an
// event whose bibs have 2 to 4 digits, indexed by the store's face worker (faces and bibs), then found on a phone
// by the bib and by the runner's name from a start list, in Thai and English, at 360 and 390 px. Screenshots go
// to test-results/screens/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  EVENT_FLAGS,
  runNode,
  type StoreProcess,
  startStoreProcess,
  tempDataDir,
} from '../../server/test/processes';

const EVENT = 'bib-run';
const BENCH = path.join(process.cwd(), '..', 'shared', 'bib-bench', 'images');
/** 3638 runs through the first three; 341 is another runner's. */
const PHOTOS = ['set1_01.JPG', 'set1_80.JPG', 'set1_81.JPG', 'set1_74.JPG'];
let store: StoreProcess;
let dataDir: string;
let folder: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dataDir = tempDataDir('e2e-bibs-');
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-bib-photos-'));
  for (const name of PHOTOS) fs.symlinkSync(path.join(BENCH, name), path.join(folder, name));
  const env = {
    DATA_DIR: dataDir,
    FACE_WORKERS: '1',
    SELFIE_WORKERS: '0',
    ...(process.env.E2E_DIST ? { DIST_DIR: process.env.E2E_DIST } : {}),
  };
  store = await startStoreProcess(env, 200_000);
  const admin = async (...args: string[]) => {
    const run = await runNode('server/cli/main.ts', args, env);
    expect(run.code, `${args.join(' ')}\n${run.stderr}`).toBe(0);
    return run.stdout;
  };
  await admin('create-event', EVENT, ...EVENT_FLAGS, '--bib-digits', '2-4');
  await admin('import-photos', EVENT, folder);
  const list = path.join(folder, 'start-list.csv');
  fs.writeFileSync(list, 'bib,name,category\n3638,สมชาย ใจดี,10K\n341,Anna Runner,5K\n');
  await admin('import-start-list', EVENT, list);
  // Indexed: every photo's faces and bibs (the worker reads them together).
  await expect
    .poll(
      async () => {
        const status = await admin('index-status', EVENT);
        return (
          /pending 0/.test(status) &&
          /0 photos to read/.test(status) &&
          /jobs +queued 0 +running 0/.test(status)
        );
      },
      { timeout: 240_000, intervals: [2000] },
    )
    .toBe(true);
});

test.afterAll(async () => {
  await store?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

async function onPhone(page: Page, width: number, language: 'th' | 'en') {
  await page.setViewportSize({ width, height: 780 });
  await page.addInitScript((lang: string) => localStorage.setItem('currentLanguage', lang), language);
  await page.context().addCookies([{ name: 'currentLanguage', value: language, url: store.base }]);
}

/** The event's search page, its terms of the first visit accepted. */
async function openSearch(page: Page, language: 'th' | 'en') {
  await page.goto(`${store.base}/${EVENT}`);
  const consent = page.getByRole('dialog', {
    name: language === 'th' ? 'ก่อนค้นหาภาพด้วยใบหน้า' : 'Before you search by face',
  });
  await consent.getByRole('button', { name: language === 'th' ? 'ยอมรับ' : 'Accept', exact: true }).click();
  await expect(consent).toHaveCount(0);
}

for (const width of [360, 390] as const) {
  test(`a runner finds their photos by bib number on a ${width} px phone (Thai)`, async ({ page }) => {
    await onPhone(page, width, 'th');
    await openSearch(page, 'th');
    const field = page.getByLabel('หรือค้นหาด้วยหมายเลขบิบ');
    await expect(field).toBeVisible();
    await expect(field).toHaveAttribute('inputmode', 'numeric');
    // Nothing pushed off the phone's right edge.
    const button = page.getByRole('button', { name: 'ค้นหาด้วยบิบ' });
    const box = await button.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);

    await field.fill('5');
    await button.click();
    await expect(page.getByText('กรุณากรอกหมายเลขบนบิบของคุณ เป็นตัวเลข 2–4 หลัก')).toBeVisible();

    await field.fill('3638');
    await button.click();
    await expect(page.getByRole('heading', { name: 'พบ 3 รูปของหมายเลขบิบ 3638' })).toBeVisible();
    await page.screenshot({ path: `test-results/screens/bib-search-found-${width}.png`, fullPage: true });
    // Into the cart like any result.
    await page.getByRole('button', { name: 'เพิ่มลงตะกร้า รูปที่ 1' }).click();
    await expect(page.getByRole('button', { name: 'ลบออก รูปที่ 1' })).toBeVisible();

    // A number nobody wore: said so, with the selfie offered instead.
    await field.fill('999');
    await button.click();
    await expect(page.getByText(/ไม่พบรูปของหมายเลขบิบ 999 ในงานนี้/)).toBeVisible();
  });
}

test('a runner who does not know their bib finds it by name (English, 390 px)', async ({ page }) => {
  await onPhone(page, 390, 'en');
  await openSearch(page, 'en');
  await page.getByText("Don't know your bib number? Search by name").click();
  await page.getByLabel('Your first name').fill('anna');
  await page.getByRole('button', { name: 'Search names' }).click();
  const runner = page.getByRole('button', { name: /Anna R\./ });
  await expect(runner).toContainText('Bib 341 · 5K');
  await runner.click();
  await expect(page.getByRole('heading', { name: /Found 1 photo of bib number 341/ })).toBeVisible();
  await expect(page.getByLabel('Or search by your bib number')).toHaveValue('341');
  await page.screenshot({ path: 'test-results/screens/bib-search-by-name-en-390.png', fullPage: true });
});
