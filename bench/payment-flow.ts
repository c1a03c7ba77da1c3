// From payment to the open order page showing PAID, in Chromium against the built app served by the real server
// (sandbox gateway, demo data, no face indexing). Each run creates a PromptPay order of two stage photos, opens
// its page, waits a while (so the page's back-off has grown as it would while a buyer scans and pays), pays on the
// sandbox payment page (the signed callback path), and times until the page shows PAID without a reload. The tab
// stays visible (the worst case: a tab that comes back into view asks at once). Prints one JSON line.
//   node --import tsx bench/payment-flow.ts [--dist dist] [--waits 0,5,15,40,90]
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium, median, round, startStore, waitFor } from './bench-kit';

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: process.env.DIST_DIR ?? 'dist' },
    waits: { type: 'string', default: '0,5,15,40,90' },
  },
});
const waits = values.waits.split(',').map(Number);
const STAGE = 'phuket-beach-run-2026';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-payment-'));
const store = await startStore({
  DATA_DIR: path.join(dir, 'data'),
  DIST_DIR: values.dist,
  FACE_WORKERS: '0',
  PAYMENT_GATEWAY: 'sandbox',
});
const { base } = store;

const post = async (url: string, body: unknown) =>
  (await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })) as Response;

const browser = await launchChromium();
try {
  const event = await waitFor(
    'the store',
    async () => {
      const answer = (await (await fetch(`${base}/api/v1/events/${STAGE}`)).json()) as {
        body?: { event_id: number };
      };
      return answer.body;
    },
    120_000,
  );
  const photos = (
    (await (
      await post('/api/v1/imagestage/pagination', {
        event_id: event.event_id,
        event_key: STAGE,
        page: 1,
        page_size: 2,
      })
    ).json()) as { body: { id: number }[] }
  ).body;

  const runs: { waited_s: number; ms: number }[] = [];
  for (const wait of waits) {
    const created = (await (
      await post('/api/v1/order/create', {
        mobile: '0812345678',
        event_key: STAGE,
        amount: '126.00',
        imageList: photos.map((p) => ({ id: p.id })),
        payment_channel: 'PP',
      })
    ).json()) as { uuid: string };
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${base}/download/${created.uuid}`);
    await page.getByText('สถานะ: รอการชำระเงิน').waitFor();
    await page.waitForTimeout(wait * 1000);
    const paidAt = Date.now();
    const paid = await fetch(`${base}/api/sandbox/pay/${created.uuid}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
    });
    if (!(await paid.text()).includes('Paid 126.00 THB'))
      throw new Error('the sandbox did not take the payment');
    await page.getByRole('heading', { name: 'ชำระเงินเรียบร้อย' }).waitFor({ timeout: 60_000 });
    runs.push({ waited_s: wait, ms: Date.now() - paidAt });
    await page.close();
  }
  const ms = runs.map((r) => r.ms);
  console.log(
    JSON.stringify({
      payment_to_paid_shown: { ms_p50: round(median(ms)), ms_max: Math.max(...ms), runs },
    }),
  );
} finally {
  await browser.close();
  await store.stop();
  await fs.rm(dir, { recursive: true, force: true });
}
