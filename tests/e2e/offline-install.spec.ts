// Installable and offline, against a store of this spec's own: it is stopped to take the network away
// (and the browser is set offline), and it serves its own copy of the build, so a new service worker can be put in
// place for the update prompt. Chromium's installability check; home, a visited event, the cart and a saved paid
// order reloaded with no network; the share target's POST landing the photo in the search flow; the update prompt.
import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, expect, type Locator, type Page, test } from '@playwright/test';
import { type StoreProcess, startStoreProcess } from '../../server/test/processes';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { freePort } from '../free-port';
import { addTwoStagePhotos, cartPhotos, createOrder, selfieJpeg } from './journey-steps';
import { serviceWorkerControls } from './service-worker';

const EVENT = 'bangkok-city-marathon-2026';
const STAGE = 'phuket-beach-run-2026';

let port: number;
let dataDir: string;
let dist: string;
let store: StoreProcess;

const startStore = () =>
  startStoreProcess(
    { PORT: String(port), DATA_DIR: dataDir, DIST_DIR: dist, FACE_WORKERS: '0', DEMO_DATA: 'auto' },
    120_000,
  );

test.beforeAll(async () => {
  test.setTimeout(180_000);
  port = await freePort();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'e2e-offline-'));
  dist = await mkdtemp(path.join(os.tmpdir(), 'e2e-offline-dist-'));
  await cp(process.env.E2E_DIST ?? 'dist', dist, { recursive: true });
  store = await startStore();
});

test.afterAll(async () => {
  await store?.stop();
  for (const dir of [dataDir, dist]) if (dir) await rm(dir, { recursive: true, force: true });
});

/** A value of the IndexedDB store the share target and the pages share (sw/share-target.ts). */
const sharedStore = (page: Page, key: string) =>
  page.evaluate(
    (k) =>
      new Promise<unknown>((resolve) => {
        const open = indexedDB.open('runfoto-share');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('kv')) return resolve(undefined);
          const get = db.transaction('kv').objectStore('kv').get(k);
          get.onsuccess = () =>
            resolve(get.result === undefined ? undefined : (get.result.name ?? get.result));
        };
        open.onerror = () => resolve(undefined);
      }),
    key,
  );

/** Every image in `images` is on screen and was decoded (loaded, not a broken icon). */
async function expectLoaded(images: Locator, atLeast: number) {
  await expect.poll(() => images.count()).toBeGreaterThanOrEqual(atLeast);
  await expect
    .poll(() => images.evaluateAll((all) => all.every((img) => (img as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
}

const highlightPhotos = (page: Page) => page.getByRole('list', { name: 'ภาพไฮไลต์ของงาน' }).getByRole('img');
const orderThumbnails = (page: Page) => page.locator('.order-page img[src*="/thumbnail/"]');

async function openEvent(page: Page) {
  await page.goto(`${store.base}/${EVENT}`);
  // Each test's browser is new: the event's terms are asked on this first visit.
  const consent = page.getByRole('dialog', { name: 'ก่อนค้นหาภาพด้วยใบหน้า' });
  await consent.getByRole('checkbox', { name: /ฉันยินยอมให้ระบบประมวลผลใบหน้า/ }).check();
  await consent.getByRole('button', { name: 'ยอมรับ', exact: true }).click();
  await expect(consent).toHaveCount(0);
}

async function offline(context: BrowserContext) {
  await store.stop();
  await context.setOffline(true);
}

async function online(context: BrowserContext) {
  store = await startStore();
  await context.setOffline(false);
}

test('installable: Chromium finds no installability error; Thai and English manifests with screenshots and the share target', async ({
  request,
}) => {
  // Chromium never offers to install from an incognito profile (Playwright's contexts are): a profile on disk.
  const profile = await mkdtemp(path.join(os.tmpdir(), 'e2e-install-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${store.base}/`);
    await serviceWorkerControls(page);
    const cdp = await context.newCDPSession(page);
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, {
        timeout: 15_000,
      })
      .toEqual([]);
    // In English the page links the English manifest, so the install sheet speaks English.
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await page.getByRole('button', { name: 'EN English' }).click();
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest-en.webmanifest');
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, {
        timeout: 15_000,
      })
      .toEqual([]);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }

  for (const [file, language] of [
    ['manifest.webmanifest', 'th'],
    ['manifest-en.webmanifest', 'en'],
  ] as const) {
    const manifest = await (await request.get(`${store.base}/${file}`)).json();
    expect(manifest).toMatchObject({
      id: '/',
      lang: language,
      start_url: '/',
      display: 'standalone',
      theme_color: '#c04927',
      share_target: { action: '/share-target', method: 'POST', enctype: 'multipart/form-data' },
    });
    expect(manifest.icons.filter((i: { purpose: string }) => i.purpose === 'maskable')).toHaveLength(2);
    const factors = manifest.screenshots.map((s: { form_factor: string }) => s.form_factor);
    expect(factors).toEqual(expect.arrayContaining(['narrow', 'wide']));
    for (const { src } of [...manifest.icons, ...manifest.screenshots]) {
      const image = await request.get(`${store.base}${src}`);
      expect(image.headers()['content-type'], src).toBe('image/png');
    }
  }
});

test('offline: home, a visited event, the cart and a saved paid order reopen with the network off', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  await page.goto(`${store.base}/`);
  await serviceWorkerControls(page);
  // From now on every answer passes the worker, which keeps what the pages need.
  await page.reload();
  const firstEvent = page.locator('.event-grid h3').first();
  const eventTitle = (await firstEvent.textContent()) ?? '';
  expect(eventTitle).not.toBe('');
  await openEvent(page);
  await expectLoaded(highlightPhotos(page), 3);

  // A paid order of two stage photos, then two more photos left in the cart.
  const cart = await addTwoStagePhotos(page, `${store.base}/${STAGE}/manual`);
  await cart.click();
  await page.getByLabel('เบอร์มือถือ/เลขอ้างอิง').fill('0812345678');
  await page.getByRole('radio', { name: 'พร้อมเพย์ (สแกน QR)' }).check();
  const uuid = await createOrder(page);
  const paid = await request.post(`${store.base}/api/sandbox/pay/${uuid}`, { form: { action: 'pay' } });
  expect(paid.ok()).toBe(true);
  await expect(page.getByRole('heading', { name: 'ชำระเงินเรียบร้อย' })).toBeVisible({ timeout: 30_000 });
  await expectLoaded(orderThumbnails(page), 2);
  // The worker keeps the order's thumbnails apart from the browsing cache.
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('order-images-v1')).keys()).length))
    .toBeGreaterThanOrEqual(2);
  await addTwoStagePhotos(page, `${store.base}/${STAGE}/manual`);

  await offline(context);
  try {
    // Home: the last list, said to be the saved one, and the shell's offline mark.
    await page.goto(`${store.base}/`);
    await expect(page.getByRole('status').filter({ hasText: 'ออฟไลน์' }).first()).toBeVisible();
    await expect(page.getByText('ออฟไลน์อยู่ แสดงรายการงานที่บันทึกไว้ล่าสุด')).toBeVisible();
    await expect(page.locator('.event-grid h3').first()).toHaveText(eventTitle);

    // The event visited: its title and its highlight photos.
    await page.goto(`${store.base}/${EVENT}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/บางกอก|Bangkok/);
    await expectLoaded(highlightPhotos(page), 3);

    // The cart: its photos, and an order that cannot be sent says so and keeps the cart.
    await page.goto(`${store.base}/cart-manual`);
    await expectLoaded(cartPhotos(page), 2);
    await page.getByLabel('เบอร์มือถือ/เลขอ้างอิง').fill('0812345678');
    await page.getByRole('radio', { name: 'พร้อมเพย์ (สแกน QR)' }).check();
    await page.getByRole('button', { name: 'สร้างคำสั่งซื้อ', exact: true }).click();
    await expect(page.getByText('คุณออฟไลน์อยู่ ยังไม่ได้สร้างคำสั่งซื้อ ภาพในตะกร้ายังอยู่ครบ')).toBeVisible();
    await page.reload();
    await expect(cartPhotos(page)).toHaveCount(2);

    // The saved order: its number, PAID, and every thumbnail.
    await page.goto(`${store.base}/download/${uuid}`);
    await expect(page.getByText(uuid, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'ชำระเงินเรียบร้อย' })).toBeVisible();
    await expect(page.getByText(/ออฟไลน์อยู่: แสดงข้อมูลคำสั่งซื้อที่บันทึกไว้ในเครื่องนี้เมื่อ/)).toBeVisible();
    await expectLoaded(orderThumbnails(page), 2);
  } finally {
    await online(context);
  }
  // Back online: the mark goes, and the open order page asks the server again by itself.
  await expect(page.getByText(/ออฟไลน์อยู่: แสดงข้อมูลคำสั่งซื้อที่บันทึกไว้ในเครื่องนี้เมื่อ/)).toHaveCount(0, {
    timeout: 30_000,
  });
  await expect(page.locator('.offline-indicator')).toHaveCount(0);
});

test('share target: a photo shared to the app opens the last event visited with the photo in the search', async ({
  page,
}) => {
  await page.goto(`${store.base}/`);
  await serviceWorkerControls(page);
  await openEvent(page);
  await expect(page.getByRole('heading', { name: 'ค้นหารูปของคุณด้วยใบหน้า' })).toBeVisible();
  // The search panel noted this event as the one a shared photo goes to.
  await expect.poll(() => sharedStore(page, 'last-event')).toBe(EVENT);

  // The share sheet's POST, as Android sends it: a navigation with a multipart form holding the photo.
  await page.evaluate(() => {
    const form = document.createElement('form');
    form.method = 'post';
    form.enctype = 'multipart/form-data';
    form.action = '/share-target';
    const input = Object.assign(document.createElement('input'), {
      type: 'file',
      name: 'photo',
      id: 'shared',
    });
    form.append(input);
    document.body.append(form);
  });
  await page.setInputFiles('#shared', {
    name: 'IMG_2041.jpg',
    mimeType: 'image/jpeg',
    buffer: await selfieJpeg(),
  });
  await Promise.all([
    page.waitForURL(new RegExp(`/${EVENT}\\?shared=1$`)),
    page.locator('form[action="/share-target"]').evaluate((form: HTMLFormElement) => form.submit()),
  ]);
  // The photo went through the same checks, compression, upload and search as a picked one: this store indexes
  // no faces, so the search answers that nothing was found.
  await expect(page.getByText('ไม่พบรูปภาพ ลองใช้รูปอื่นที่เห็นใบหน้าชัดเจนเพียงหน้าเดียว')).toBeVisible({
    timeout: 30_000,
  });
  // Taken once: nothing is left for another page to search with.
  expect(await sharedStore(page, 'photo')).toBeUndefined();
});

test('update: a new service worker waiting brings the bilingual prompt, which reloads into it', async ({
  page,
}) => {
  await page.goto(`${store.base}/about`);
  await serviceWorkerControls(page);
  await expect(page.getByText('มีเวอร์ชันใหม่พร้อมใช้งาน')).toHaveCount(0);

  // A new version of the worker: it answers "which version?" so the test can tell it is the one in control.
  await appendFile(
    path.join(dist, 'sw.js'),
    "\nself.addEventListener('message', (e) => { if (e.data === 'version?') e.source?.postMessage('e2e-v2'); });\n",
  );
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  const prompt = page.getByRole('status').filter({ hasText: 'มีเวอร์ชันใหม่พร้อมใช้งาน' });
  await expect(prompt).toBeVisible({ timeout: 30_000 });

  const reloaded = page.waitForEvent('load');
  await prompt.getByRole('button', { name: 'โหลดใหม่' }).click();
  await reloaded;
  await serviceWorkerControls(page);
  const version = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        navigator.serviceWorker.addEventListener('message', (e) => {
          if (e.data === 'e2e-v2') resolve(e.data);
        });
        navigator.serviceWorker.startMessages();
        navigator.serviceWorker.controller?.postMessage('version?');
        setTimeout(() => resolve('no answer'), 5000);
      }),
  );
  expect(version).toBe('e2e-v2');
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
  ).toBe(null);
  await expect(page.getByText('มีเวอร์ชันใหม่พร้อมใช้งาน')).toHaveCount(0);
});
