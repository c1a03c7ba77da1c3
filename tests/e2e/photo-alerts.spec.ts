// "Tell me when new photos of me arrive", end to end on a store of its own with real face detection: a
// runner searches with a selfie on a phone, asks to be told, agrees, and turns notifications on; the app's push
// subscription points at a local push service (server/test/push-service.ts: Chromium's own needs Google's servers);
// photos of that runner are imported beside the running store and indexed; the store sends one push message,
// signed with its VAPID keys and encrypted for the subscription; the message is delivered to the app's service
// worker through Chromium's DevTools protocol; the notification shows; its click opens the event with the new photos
// shown and kept. Then the runner stops the alert. Screenshots go to test-results/screens/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import {
  EVENT_FLAGS,
  runNode,
  type StoreProcess,
  startStoreProcess,
  tempDataDir,
} from '../../server/test/processes';
import { type LocalPushService, startPushService } from '../../server/test/push-service';
import { demoSelfieJpeg, faceApiSample } from '../demo-selfie';
import { serviceWorkerControls } from './service-worker';

const EVENT = 'alert-run';
let store: StoreProcess;
let push: LocalPushService;
let dataDir: string;
let folder: string;
let env: Record<string, string>;
const files = { selfie: '', before: '', later: '' };

test.describe.configure({ mode: 'serial' });

async function admin(...args: string[]) {
  const run = await runNode('server/cli/main.ts', args, env);
  expect(run.code, `${args.join(' ')}\n${run.stderr}`).toBe(0);
  return run.stdout;
}

async function indexedPhotos(count: number) {
  await expect
    .poll(() => admin('index-status', EVENT), { timeout: 180_000, intervals: [2000] })
    .toMatch(new RegExp(`: ${count} photos\\nphotos +pending 0 +indexed ${count}`));
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = tempDataDir('e2e-alerts-');
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-alert-photos-'));
  push = await startPushService();
  env = {
    DATA_DIR: dataDir,
    // The local push service is one the store sends to only because it is named here.
    PUSH_SERVICES: push.url,
    FACE_WORKERS: '1',
    SELFIE_WORKERS: '1',
    ...(process.env.E2E_DIST ? { DIST_DIR: process.env.E2E_DIST } : {}),
  };
  store = await startStoreProcess(env, 180_000);
  await admin('create-event', EVENT, ...EVENT_FLAGS);
  // Before the runner asks: a photo of other people only.
  const before = path.join(folder, 'before');
  fs.mkdirSync(before);
  await sharp(faceApiSample(1))
    .extract({ left: 0, top: 0, width: 1200, height: 1280 })
    .jpeg({ quality: 92 })
    .toFile(path.join(before, 'START_0001.jpg'));
  await admin('import-photos', EVENT, before);
  await indexedPhotos(1);
  // Later: two photos of the runner.
  files.later = path.join(folder, 'later');
  fs.mkdirSync(files.later);
  fs.copyFileSync(faceApiSample(1), path.join(files.later, 'FINISH_0001.jpg'));
  await sharp(faceApiSample(1))
    .flop()
    .jpeg({ quality: 92 })
    .toFile(path.join(files.later, 'FINISH_0002.jpg'));
  files.selfie = path.join(folder, 'selfie.jpg');
  fs.writeFileSync(files.selfie, await demoSelfieJpeg());
});

test.afterAll(async () => {
  await store?.stop();
  await push?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

/**
 * The app's PushManager answers a subscription of the local push service (Chromium's own subscribe needs Google's
 * push servers, out of reach here); everything else (the permission, the worker, the store) is real.
 */
async function withLocalPush(page: Page, subscription: ReturnType<LocalPushService['subscribe']>) {
  await page.addInitScript((json) => {
    const fake = { endpoint: json.endpoint, toJSON: () => json, unsubscribe: async () => true };
    PushManager.prototype.subscribe = async () => fake as unknown as PushSubscription;
    PushManager.prototype.getSubscription = async () => null;
  }, subscription);
}

test('a runner asks to be told, new photos of them arrive, one notification opens them', async ({
  page,
  context,
}) => {
  test.setTimeout(360_000);
  await context.grantPermissions(['notifications'], { origin: store.base });
  const subscription = push.subscribe();
  await withLocalPush(page, subscription);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${store.base}/${EVENT}`);
  await serviceWorkerControls(page);
  const consent = page.getByRole('dialog', { name: 'ก่อนค้นหาภาพด้วยใบหน้า' });
  await consent.getByRole('checkbox', { name: /ฉันยินยอมให้ระบบประมวลผลใบหน้า/ }).check();
  await consent.getByRole('button', { name: 'ยอมรับ', exact: true }).click();

  // A search: nothing of this runner yet.
  await page.getByLabel('เลือกรูปเซลฟี่').setInputFiles(files.selfie);
  await expect(page.getByText('ไม่พบรูปภาพ ลองใช้รูปอื่นที่เห็นใบหน้าชัดเจนเพียงหน้าเดียว')).toBeVisible({
    timeout: 60_000,
  });

  // "Tell me": what is kept is said first, with the link to how face search works.
  await page.getByRole('button', { name: 'แจ้งฉันเมื่อมีภาพใหม่ของฉัน' }).click();
  const ask = page.getByRole('dialog', { name: 'แจ้งฉันเมื่อมีภาพใหม่ของฉัน' });
  await expect(ask).toContainText('ไม่ใช่ตัวรูป');
  await expect(ask.getByRole('link', { name: 'การค้นหาด้วยใบหน้าทำงานอย่างไร' })).toHaveAttribute(
    'href',
    '/how-face-search-works#alerts',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/screens/photo-alerts-ask-390.png' });
  await ask.getByRole('button', { name: 'เปิดการแจ้งเตือน' }).click();
  await expect(page.getByText('เราจะแจ้งเตือนบนอุปกรณ์นี้เมื่อมีภาพใหม่ของคุณในงานนี้')).toBeVisible();

  // Photos of the runner land and are indexed; one push message tells of both (a minute after the first match).
  const sent = push.messages.length;
  await admin('import-photos', EVENT, files.later);
  await indexedPhotos(3);
  await expect.poll(() => push.messages.length, { timeout: 150_000, intervals: [2000] }).toBe(sent + 1);
  expect(push.refused).toEqual([]);
  const message = push.messages.at(-1);
  const payload = JSON.parse(message?.payload ?? '{}');
  expect(payload).toMatchObject({ title: 'ภาพใหม่ของคุณ 2 ภาพ ที่งาน A test event', photos: 2 });
  expect(payload.url).toMatch(new RegExp(`^/${EVENT}\\?alert=[A-Za-z0-9_-]{32}$`));

  // Delivered to the app's service worker as the push service would; the notification shows.
  await page.goto(`${store.base}/`);
  await serviceWorkerControls(page);
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL.startsWith(store.base) && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: store.base,
    registrationId: await registration,
    data: message?.payload ?? '',
  });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        url: (n.data as { url?: string }).url,
      })),
    );
  await expect.poll(shown).toEqual([{ title: payload.title, body: 'แตะเพื่อดูภาพใหม่', url: payload.url }]);

  // A tap: the worker takes the open window to the event with the new photos, kept as the event's results.
  const [worker] = context.serviceWorkers();
  // What the browser does on a tap (a worker's own NotificationEvent: no DevTools call clicks a notification).
  await worker?.evaluate(async () => {
    const scope = self as unknown as {
      registration: { getNotifications(): Promise<Notification[]> };
      dispatchEvent(event: Event): boolean;
    };
    const Click = (self as unknown as { NotificationEvent: new (type: string, init: object) => Event })
      .NotificationEvent;
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new Click('notificationclick', { notification }));
  });
  await page.waitForURL(`${store.base}${payload.url}`);
  await expect(page.getByRole('img', { name: /^ดูรูปที่ \d+ ขนาดใหญ่$/ })).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByText('เราจะแจ้งเตือนบนอุปกรณ์นี้เมื่อมีภาพใหม่ของคุณในงานนี้')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/photo-alerts-opened-390.png', fullPage: true });
  // Kept: the event opened again shows them.
  await page.goto(`${store.base}/${EVENT}`);
  await expect(page.getByRole('img', { name: /^ดูรูปที่ \d+ ขนาดใหญ่$/ })).toHaveCount(2, { timeout: 30_000 });

  // Stopped from the event page: said, and the store tells no more.
  await page.getByRole('button', { name: 'หยุดแจ้งเตือน' }).click();
  await expect(page.getByText('หยุดแจ้งเตือนแล้ว เราจะไม่แจ้งคุณอีก')).toBeVisible();
  const alert = await (
    await page.request.get(`${store.base}/api/v1/alerts/${payload.url.split('alert=')[1]}`)
  ).json();
  expect(alert.body).toMatchObject({ state: 'stopped', photos: 2 });
});
