// The store as it runs at scale: PostgreSQL (CI's throw-away cluster, TEST_DATABASE_URL) and an
// S3-compatible object store (s3rver, which checks every signature, started here), so every image, the selfie's
// presigned upload and the paid photos' signed addresses are on the bucket's own origin, not the store's. A second
// store on its own port, against the dist/ built for the other journeys, with the demo data seeded into both.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { type StoreProcess, startStoreProcess } from '../../server/test/processes';
import { BROWSER_CORS, type RunningS3, S3RVER_KEYS, startS3rver } from '../../server/test/s3rver';
import { addTwoStagePhotos, chooseSelfie, createOrder } from './journey-steps';
import { serviceWorkerControls } from './service-worker';
import { unzipEntries } from './zip-files';

const BUCKET = 'runfoto-e2e';
const STAGE = 'phuket-beach-run-2026';
const NORMAL = 'bangkok-city-marathon-2026';
const WAITING = 'สถานะ: รอการชำระเงิน';
const PAID_HEADING = 'ชำระเงินเรียบร้อย';
const serverUrl = process.env.TEST_DATABASE_URL;
const databaseName = `e2e_scale_${process.pid}`;
let dir: string;
let s3: RunningS3;
let s3Base: string;
let store: StoreProcess;

test.skip(!serverUrl, 'needs a PostgreSQL server (TEST_DATABASE_URL; .ci/run starts one)');

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-postgres-s3-'));
  s3 = await startS3rver(BUCKET, BROWSER_CORS);
  s3Base = s3.endpoint;
  await admin(`drop database if exists ${databaseName}`);
  await admin(`create database ${databaseName}`);
  const databaseUrl = new URL(serverUrl ?? '');
  databaseUrl.pathname = `/${databaseName}`;
  store = await startStoreProcess(
    {
      DATA_DIR: path.join(dir, 'data'),
      DATABASE_URL: databaseUrl.toString(),
      S3_ENDPOINT: s3Base,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY: S3RVER_KEYS.accessKeyId,
      S3_SECRET_KEY: S3RVER_KEYS.secretAccessKey,
      DEMO_DATA: 'auto',
      // This journey's selfie only has to reach the bucket and be read back: no photo indexing competes for the
      // cores with the other store.
      FACE_WORKERS: '0',
      ...(process.env.E2E_DIST ? { DIST_DIR: process.env.E2E_DIST } : {}),
    },
    200_000,
  );
});

test.afterAll(async () => {
  await store?.stop();
  await s3?.close().catch(() => undefined);
  if (serverUrl) await admin(`drop database if exists ${databaseName}`).catch(() => undefined);
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('on PostgreSQL and S3: images from the bucket, the selfie uploaded to it, an order paid and its originals zipped from it', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  const fromBucket = (url: string) => url.startsWith(`${s3Base}/${BUCKET}/`);

  // The event page's cover and the selfie: the presigned PUT goes to the bucket, which checks its signature.
  await page.goto(`${store.base}/${NORMAL}`);
  await page.getByRole('checkbox', { name: /ฉันยินยอมให้ระบบประมวลผลใบหน้า/ }).check();
  await page.getByRole('button', { name: 'ยอมรับ', exact: true }).click();
  const cover = page.locator('img.event-cover');
  await expect(cover).toHaveAttribute('src', new RegExp(`^${s3Base}/${BUCKET}/`));
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const upload = page.waitForResponse((r) => r.request().method() === 'PUT' && fromBucket(r.url()));
  await chooseSelfie(page);
  expect((await upload).status()).toBe(200);
  // The store read the selfie back from the bucket and answered (nothing is indexed here: no photo of this face).
  await expect(page.getByText(/^ไม่พบรูปภาพ|^พบ \d+ รูปที่ตรงกับใบหน้าของคุณ$/).first()).toBeVisible({
    timeout: 60_000,
  });

  // Two stage photos: their thumbnails (WebP copies) come from the bucket.
  const cart = await addTwoStagePhotos(page, `${store.base}/${STAGE}/manual`);
  const thumbnail = page.getByRole('img', { name: /^ภาพ / }).first();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.webp$/);
  expect(fromBucket(await thumbnail.evaluate((img: HTMLImageElement) => img.currentSrc))).toBe(true);
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // A PromptPay order, paid on the sandbox's page: the order page turns PAID by itself.
  await cart.click();
  await page.getByLabel('เบอร์มือถือ/เลขอ้างอิง').fill('0812345678');
  await page.getByRole('radio', { name: 'พร้อมเพย์ (สแกน QR)' }).check();
  const uuid = await createOrder(page);
  await expect(page.getByText(WAITING)).toBeVisible();
  const opened = context.waitForEvent('page');
  await page.getByRole('link', { name: 'ระบบทดสอบ: ชำระเงินในหน้าทดสอบ (Sandbox)' }).click();
  const sandbox = await opened;
  await sandbox.getByRole('button', { name: /^Pay 126\.00 THB in the sandbox/ }).click();
  await expect(sandbox.getByRole('heading', { name: 'Paid 126.00 THB' })).toBeVisible();
  await page.bringToFront();
  await expect(page.getByRole('heading', { name: PAID_HEADING })).toBeVisible({ timeout: 35_000 });

  // The originals, from the bucket through their signed addresses: one fetched as is, then all as a zip.
  const all = page.getByRole('button', { name: 'ดาวน์โหลดภาพต้นฉบับทั้งหมด (2 ภาพ)' });
  await expect(all).toBeEnabled({ timeout: 60_000 });
  const answer = await (
    await request.post(`${store.base}/api/v3/order/inquiry`, {
      data: { tk: 'demo-app-token', order_uuid: uuid },
    })
  ).json();
  const paid: { image: string; original_file_name: string; photographer_id: number }[] = JSON.parse(
    answer.images_paid,
  );
  expect(paid).toHaveLength(2);
  for (const image of paid) expect(fromBucket(image.image)).toBe(true);
  const original = await request.get(paid[0]?.image ?? '');
  expect(original.status()).toBe(200);
  expect(original.headers()['content-type']).toBe('image/jpeg');
  // The bucket itself refuses a changed signature.
  expect((await request.get(`${paid[0]?.image}0`)).status()).toBe(403);

  await all.click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('dialog').getByRole('button', { name: 'ดาวน์โหลด' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${uuid}.zip`);
  expect(await unzipEntries(await download.path())).toEqual(
    paid.map((p) => `${p.photographer_id}_${p.original_file_name}`),
  );

  // Images from the bucket are kept by the service worker, fetched in CORS mode (not as opaque answers): with the
  // bucket gone, the event page still shows its cover.
  await serviceWorkerControls(page);
  await page.goto(`${store.base}/${NORMAL}`);
  const kept = page.locator('img.event-cover');
  await expect.poll(() => kept.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const keptSrc = await kept.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(fromBucket(keptSrc)).toBe(true);
  await expect
    .poll(() => page.evaluate(async (src) => (await caches.match(src))?.type ?? 'none', keptSrc))
    .toBe('cors');
  await s3.close();
  await page.reload();
  const again = page.locator('img.event-cover');
  await expect.poll(() => again.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await again.evaluate((img: HTMLImageElement) => img.currentSrc)).toBe(keptSrc);
});
