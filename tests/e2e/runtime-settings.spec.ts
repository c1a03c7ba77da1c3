// Settings at run time (DESIGN §1): a second store on its own port with its own APP_TOKEN and support channels,
// started against the dist/ already built for the other journeys (no rebuild). Its pages carry its settings, the
// PWA pays with its token, and a returning visitor's service worker follows a restart with new settings and keeps
// them offline.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type StoreProcess, startStoreProcess } from '../../server/test/processes';
import { freePort } from '../free-port';
import { addTwoStagePhotos, createOrder } from './journey-steps';
import { serviceWorkerControls } from './service-worker';

const STAGE = 'phuket-beach-run-2026';
const DEMO_TOKEN = 'demo-app-token';
const WAITING = 'สถานะ: รอการชำระเงิน';

interface Settings {
  appToken: string;
  paymentGateway: string;
  support: Record<string, string>;
}

/** server/main.ts as `npm start` runs it, on this port and data folder, with this environment added. */
const startStore = (port: number, dataDir: string, env: Record<string, string>): Promise<StoreProcess> =>
  startStoreProcess(
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      // No face indexing: this journey searches by stage, and the machine's cores go to the other store.
      FACE_WORKERS: '0',
      DEMO_DATA: 'auto',
      ...(process.env.E2E_DIST ? { DIST_DIR: process.env.E2E_DIST } : {}),
      ...env,
    },
    120_000,
  );

/** The settings inlined into the page as the server or the service worker sent it. */
async function pageSettings(page: Page): Promise<Settings> {
  return JSON.parse((await page.locator('script#app-settings').textContent()) ?? '');
}

const firstToken = `e2e-${randomBytes(12).toString('hex')}`;
const secondToken = `e2e-${randomBytes(12).toString('hex')}`;
const support = {
  SUPPORT_LINE_ID: '@runfoto-e2e',
  SUPPORT_PHONE: '02-123-4567',
  SUPPORT_EMAIL: 'help@runfoto.example',
};

let port: number;
let dataDir: string;
let store: StoreProcess;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  port = await freePort();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'e2e-runtime-settings-'));
  store = await startStore(port, dataDir, { APP_TOKEN: firstToken });
});

test.afterAll(async () => {
  await store?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('a token set at run time, no rebuild: the page carries it, the PWA orders and pays with it, the demo token is refused', async ({
  page,
  request,
}) => {
  // Two stage photos through the stage page, into the manual cart.
  const cart = await addTwoStagePhotos(page, `${store.base}/${STAGE}/manual`);
  expect(await pageSettings(page)).toMatchObject({ appToken: firstToken, paymentGateway: 'sandbox' });

  // The cart asks conf with the token: only an accepted ask offers the card (the sandbox takes cards).
  const conf = page.waitForRequest((r) => r.url() === `${store.base}/api/v1/utils/conf`);
  await cart.click();
  await expect(page).toHaveURL(/\/cart-manual$/);
  expect((await conf).postDataJSON()).toMatchObject({ token: firstToken });
  const card = page.getByRole('radio', { name: 'บัตรเครดิต/เดบิต (3D Secure)' });
  await expect(card).toBeEnabled();
  await page.getByLabel('เบอร์มือถือ/เลขอ้างอิง').fill('0812345678');
  await card.check();

  // The order page asks inquiry with the token and shows the order waiting for its payment.
  const inquiry = page.waitForRequest((r) => r.url() === `${store.base}/api/v3/order/inquiry`);
  const uuid = await createOrder(page);
  expect((await inquiry).postDataJSON()).toMatchObject({ tk: firstToken, order_uuid: uuid });
  await expect(page.getByText(WAITING)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'พบข้อผิดพลาด' })).toHaveCount(0);

  // The server takes only its own token: the demo token a build used to carry is refused.
  const ask = (tk: string) =>
    request.post(`${store.base}/api/v3/order/inquiry`, { data: { tk, order_uuid: uuid } });
  const refused = await ask(DEMO_TOKEN);
  expect(refused.status()).toBeGreaterThanOrEqual(400);
  expect(refused.status()).toBeLessThan(500);
  expect((await refused.json()).status).toBe('error');
  expect(await (await ask(firstToken)).json()).toMatchObject({ status: 'success' });

  // PAY NOW sends the token too (sk): the sandbox card and its 3-D Secure page turn the order PAID.
  const payment = page.waitForRequest((r) => r.url() === `${store.base}/api/v3/order/opn-cc-payment`);
  await page.getByRole('button', { name: 'ชำระเงินทันที (PAY NOW)' }).click();
  const form = page.getByRole('dialog', { name: 'ชำระด้วยบัตร (ระบบทดสอบ)' });
  await form.getByLabel('ชื่อบนบัตร').fill('Somchai Runner');
  await form.getByLabel('หมายเลขบัตร').fill('4242 4242 4242 4242');
  await form.getByLabel('วันหมดอายุ (MM/YY)').fill(`12/${(new Date().getFullYear() + 2) % 100}`);
  await form.getByLabel('CVV').fill('123');
  await form.getByRole('button', { name: 'ชำระ ฿126.00' }).click();
  expect((await payment).postDataJSON()).toMatchObject({ sk: firstToken, uuid });
  await page.getByRole('button', { name: /^Pass 3-D Secure/ }).click();
  await expect(page).toHaveURL(new RegExp(`/download/${uuid}$`));
  await expect(page.getByRole('heading', { name: 'ชำระเงินเรียบร้อย' })).toBeVisible();
});

test('a returning visitor: the service worker follows a restart with new settings and keeps them offline', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await page.goto(`${store.base}/about`);
  await serviceWorkerControls(page);
  expect((await pageSettings(page)).appToken).toBe(firstToken);

  // The operator restarts the store with another token and support channels; the build is the same.
  await store.stop();
  store = await startStore(port, dataDir, { APP_TOKEN: secondToken, ...support });
  const served: Settings = await (await request.get(`${store.base}/app-settings.json`)).json();
  expect(served).toMatchObject({ appToken: secondToken, support: { phone: '02-123-4567' } });

  // The shell now comes from the service worker: a navigation gets the kept settings and refreshes them, so at
  // the latest the next one carries the server's new ones.
  await expect
    .poll(
      async () => {
        await page.reload();
        return (await pageSettings(page)).appToken;
      },
      { timeout: 20_000, intervals: [500] },
    )
    .toBe(secondToken);
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // Offline, the precached shell still carries exactly what the server last gave, and the About page lists it.
  await context.setOffline(true);
  try {
    await page.reload();
    expect(await pageSettings(page)).toEqual(served);
    const contact = page.getByRole('region', { name: 'ติดต่อเรา' });
    await expect(contact.getByRole('link', { name: '@runfoto-e2e' })).toHaveAttribute(
      'href',
      'https://line.me/R/ti/p/%40runfoto-e2e',
    );
    await expect(contact.getByRole('link', { name: '02-123-4567' })).toHaveAttribute('href', 'tel:021234567');
    await expect(contact.getByRole('link', { name: 'help@runfoto.example' })).toHaveAttribute(
      'href',
      'mailto:help@runfoto.example',
    );
    // Where the shell offers a contact (the notifications box), the same channels are there in place.
    await page.getByRole('button', { name: /^การแจ้งเตือน/ }).click();
    const panel = page.getByRole('dialog', { name: 'การแจ้งเตือน' });
    await expect(panel.getByRole('link', { name: '02-123-4567' })).toHaveAttribute('href', 'tel:021234567');
  } finally {
    await context.setOffline(false);
  }
});
