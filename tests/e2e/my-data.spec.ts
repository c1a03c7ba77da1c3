// "What do you hold about me?", end to end on a store of its own (its own port and DATA_DIR, the demo data): two
// orders under one phone and one under another; on /privacy/my-data at 360 px the phone and the one-time code (read
// from the sandbox store's log) show exactly that phone's two orders, the JSON download holds the same and nothing
// of the other buyer; erasing masks their contacts while the orders stay whole for the accounts, and find-order by
// that phone no longer finds them.
import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, request as requests, test } from '@playwright/test';
import { type StoreProcess, startStoreProcess, tempDataDir } from '../../server/test/processes';
import { stagePhotos } from './cart-seed';

const EVENT = 'phuket-beach-run-2026';
const PHONE = '0812345678';
const OTHER_PHONE = '0898765432';
const APP_TOKEN = 'demo-app-token';
let store: StoreProcess;
let dataDir: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = tempDataDir('e2e-my-data-');
  store = await startStoreProcess(
    {
      DATA_DIR: dataDir,
      DEMO_DATA: 'auto',
      FACE_WORKERS: '0',
      LOG_LEVEL: 'info',
      ...(process.env.E2E_DIST ? { DIST_DIR: process.env.E2E_DIST } : {}),
    },
    180_000,
  );
});

test.afterAll(async () => {
  await store?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** An order of the event's first stage photos under a phone (as the checkout makes it): its id. */
async function orderUnder(request: APIRequestContext, mobile: string, count: number): Promise<string> {
  const photos = await stagePhotos(request, EVENT, count);
  const created = await request.post('/api/v1/order/create', {
    data: {
      mobile,
      email: '',
      event_key: EVENT,
      amount: ((60 * count * 105) / 100).toFixed(2),
      imageList: photos.map((p) => ({ id: p.id })),
      payment_channel: 'PP',
    },
  });
  const answer = await created.json();
  expect(answer.status, JSON.stringify(answer)).toBe('success');
  return answer.uuid as string;
}

/** The one-time code the sandbox store wrote to its log for this code request. */
async function codeInLog(requestId: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      () => {
        for (const line of store.output().split('\n')) {
          if (!line.includes(requestId)) continue;
          try {
            const entry = JSON.parse(line) as { request_id?: string; code?: string };
            if (entry.request_id === requestId && entry.code) code = entry.code;
          } catch {
            // not a JSON line
          }
        }
        return code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

async function findByPhone(request: APIRequestContext, mobile: string): Promise<string[]> {
  const answer = await (
    await request.post('/api/v1/order/find-order', {
      data: { tk: APP_TOKEN, filter_type: 'mobile', txt_search: mobile },
    })
  ).json();
  return ((answer.body ?? []) as { order_id: string }[]).map((o) => o.order_id);
}

async function inquiry(request: APIRequestContext, uuid: string) {
  const answer = await (
    await request.post('/api/v1/order/inquiry', { data: { tk: APP_TOKEN, order_uuid: uuid } })
  ).json();
  return answer as { status: string; amount: string; payment_status: string };
}

async function onPhone(page: Page) {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.addInitScript(() => localStorage.setItem('currentLanguage', 'th'));
  await page.context().addCookies([{ name: 'currentLanguage', value: 'th', url: store.base }]);
}

test('a buyer sees exactly what is held under their phone, downloads it, and erases it; the accounts stay whole', async ({
  page,
}) => {
  // The calls go to this spec's own store.
  const request = await requests.newContext({ baseURL: store.base });
  const mine = [await orderUnder(request, PHONE, 2), await orderUnder(request, PHONE, 1)];
  const theirs = await orderUnder(request, OTHER_PHONE, 1);
  const before = await Promise.all(mine.map((uuid) => inquiry(request, uuid)));
  expect((await findByPhone(request, PHONE)).sort()).toEqual([...mine].sort());

  await onPhone(page);
  await page.goto(`${store.base}/privacy/my-data`);
  await expect(page.getByRole('heading', { level: 1, name: 'ข้อมูลของฉัน' })).toBeVisible();
  await page.getByRole('textbox', { name: 'เบอร์มือถือ' }).fill(PHONE);
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/v1/privacy/code'));
  await page.getByRole('button', { name: 'ส่งรหัส' }).click();
  const answer = (await (await asked).json()) as { body: { request_id: string } };
  await page.getByRole('textbox', { name: 'รหัสยืนยัน' }).fill(await codeInLog(answer.body.request_id));
  await page.getByRole('button', { name: 'ดูข้อมูลของฉัน' }).click();

  // Exactly this phone's orders: both of them, nothing of the other buyer's.
  await expect(page.getByRole('heading', { name: 'คำสั่งซื้อ (2)' })).toBeVisible();
  for (const uuid of mine) await expect(page.getByText(uuid)).toBeVisible();
  await expect(page.getByText(theirs)).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'test-results/screens/my-data-th-360.png', fullPage: true });

  // The download is the same, as JSON.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'ดาวน์โหลดเป็นไฟล์ JSON' }).click();
  const file = await (await downloading).path();
  const held = JSON.parse(await readFile(file, 'utf8')) as { orders: { order_id: string; mobile: string }[] };
  expect(held.orders.map((o) => o.order_id).sort()).toEqual([...mine].sort());
  expect(held.orders.every((o) => o.mobile === PHONE)).toBe(true);
  expect(JSON.stringify(held)).not.toContain(theirs);
  expect(JSON.stringify(held)).not.toContain(OTHER_PHONE);

  // Erased: said what was done; the orders' contacts masked until the accounts no longer need them.
  await page.getByRole('button', { name: 'ลบข้อมูลของฉัน' }).click();
  await page.getByRole('button', { name: 'ยืนยันการลบ' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'ปิดบังของคำสั่งซื้อ 2 รายการ' })).toBeVisible();

  // The accounts are whole: each order answers as before; the phone no longer finds them; the other buyer's does.
  const after = await Promise.all(mine.map((uuid) => inquiry(request, uuid)));
  expect(after.map((o) => [o.status, o.amount, o.payment_status])).toEqual(
    before.map((o) => [o.status, o.amount, o.payment_status]),
  );
  expect(await findByPhone(request, PHONE)).toEqual([]);
  expect(await findByPhone(request, OTHER_PHONE)).toEqual([theirs]);
  await request.dispose();
});
