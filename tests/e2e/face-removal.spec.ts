// "Remove my face", end to end on a store of its own (its own port and DATA_DIR, the demo data seeded and indexed by
// its face worker): a selfie cut from a face-api sample finds the runner's photos; under the results, "remove me
// from these photos" leads to /privacy/remove, where a phone, the one-time code (read from the sandbox store's log),
// the runner's consent and the same selfie remove them; once the store has remade the photos' public images, the
// selfie finds none of them, and a photo's new preview differs from the old one where the face was and hardly
// anywhere else. Then the runner undoes it the same way and is found again. Thai and English at 360 px; screenshots
// go to test-results/screens/.
import fs from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import type { FaceSearchAnswer, PhotoFace } from '../../core/contract/facesearch';
import type { Photo } from '../../core/contract/photos';
import { PRIVACY_NOTICE_VERSION } from '../../core/privacy';
import { TEST_CONSENT } from '../../server/test/consent';
import { type StoreProcess, startStoreProcess, tempDataDir } from '../../server/test/processes';
import { DEMO_SELFIE_MATCHES, demoSelfieJpeg } from '../demo-selfie';

const EVENT = 'bangkok-city-marathon-2026';
/** A demo event with stages: its stage pages list every photo with its images' current addresses. */
const STAGED_EVENT = 'phuket-beach-run-2026';
const PHONE = '0812345678';
let store: StoreProcess;
let dataDir: string;
let selfie: Buffer;
let selfieFile: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(540_000);
  dataDir = tempDataDir('e2e-removal-');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-removal-selfie-'));
  selfie = await demoSelfieJpeg();
  selfieFile = path.join(dir, 'selfie.jpg');
  await writeFile(selfieFile, selfie);
  store = await startStoreProcess(
    {
      DATA_DIR: dataDir,
      DEMO_DATA: 'auto',
      FACE_WORKERS: '1',
      LOG_LEVEL: 'info',
      ...(process.env.E2E_DIST ? { DIST_DIR: process.env.E2E_DIST } : {}),
    },
    300_000,
  );
  // Indexed: the selfie finds the runner's photos.
  await expect
    .poll(
      async () => {
        // Until the photos are indexed a search may be refused: not found yet.
        const found = async (key: string) =>
          (await apiSearch(key).catch(() => undefined))?.images.length ?? -1;
        return Math.min(await found(EVENT), await found(STAGED_EVENT));
      },
      { timeout: 480_000, intervals: [5_000] },
    )
    .toBeGreaterThanOrEqual(DEMO_SELFIE_MATCHES);
});

test.afterAll(async () => {
  await store?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function api<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
  // The test and its page share one client address: a search limit's refusal is waited out, not taken as an answer.
  for (let tries = 1; ; tries++) {
    const response = await fetch(`${store.base}/api${route}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status === 429 && tries < 20) {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      continue;
    }
    const json = (await response.json()) as T & { status?: string; message?: string };
    expect(response.ok, `${method} ${route}: ${response.status} ${json.message ?? ''}`).toBe(true);
    return json;
  }
}

/** One search through the API, as the PWA does it: sign, PUT, search. */
async function apiSearch(eventKey: string): Promise<FaceSearchAnswer> {
  const signed = await api<{ url: string; search_id: string; file_location: string }>(
    'POST',
    '/v2/facesearch/sign',
    { event_key: eventKey, file_name: 'selfie.jpg', file_type: 'image/jpg', consent: TEST_CONSENT },
  );
  const put = await fetch(new URL(signed.url, store.base), {
    method: 'PUT',
    body: new Uint8Array(selfie),
    headers: { 'content-type': 'image/jpg' },
  });
  expect(put.status, 'the selfie PUT').toBeLessThan(300);
  const answer = await api<FaceSearchAnswer>('POST', '/v2/facesearch', {
    search_id: signed.search_id,
    file_location: signed.file_location,
    event_key: eventKey,
  });
  expect(answer.status).toBe('success');
  return answer;
}

/** Every photo of the event as its stage pages list it (the public images' current addresses). */
async function eventPhotos(eventKey: string, eventId: number): Promise<Map<number, Photo>> {
  const found = new Map<number, Photo>();
  for (let page = 1; ; page++) {
    const answer = await api<{ body: Photo[] }>('POST', '/v1/imagestage/pagination', {
      event_id: eventId,
      event_key: eventKey,
      page,
    });
    expect(Array.isArray(answer.body), JSON.stringify(answer)).toBe(true);
    for (const photo of answer.body) found.set(photo.id, photo);
    if (answer.body.length < 200) return found;
  }
}

const imageBytes = async (
  eventKey: string,
  kind: 'thumbnail' | 'preview',
  fileName: string,
): Promise<Buffer> => {
  const response = await fetch(`${store.base}/storage/${eventKey}/${kind}/${fileName}`);
  expect(response.status, `${kind} ${fileName}`).toBe(200);
  return Buffer.from(await response.arrayBuffer());
};

/** The mean absolute difference of two images per channel, inside and outside a box (fractions of the image). */
async function differenceWhere(before: Buffer, after: Buffer, box: PhotoFace['box']) {
  const a = await sharp(before).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = a.info;
  const b = await sharp(after).resize(width, height).removeAlpha().raw().toBuffer();
  const x0 = Math.floor(box.x * width);
  const y0 = Math.floor(box.y * height);
  const x1 = Math.ceil((box.x + box.width) * width);
  const y1 = Math.ceil((box.y + box.height) * height);
  // A margin around the face is neither: the blur's edge fades into it.
  const mx = Math.ceil(box.width * width * 0.5);
  const my = Math.ceil(box.height * height * 0.5);
  let inside = 0;
  let insideCount = 0;
  let outside = 0;
  let outsideCount = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const d =
        (Math.abs((a.data[i] ?? 0) - (b[i] ?? 0)) +
          Math.abs((a.data[i + 1] ?? 0) - (b[i + 1] ?? 0)) +
          Math.abs((a.data[i + 2] ?? 0) - (b[i + 2] ?? 0))) /
        3;
      if (x >= x0 && x < x1 && y >= y0 && y < y1) {
        inside += d;
        insideCount++;
      } else if (x < x0 - mx || x >= x1 + mx || y < y0 - my || y >= y1 + my) {
        outside += d;
        outsideCount++;
      }
    }
  }
  return { inside: inside / insideCount, outside: outside / outsideCount };
}

async function onPhone(page: Page, language: 'th' | 'en') {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.addInitScript(
    ({ key, version, lang }) => {
      localStorage.setItem('currentLanguage', lang);
      localStorage.setItem(`consent_${key}`, 'Y');
      const consent = { version, device: 'e2e-device-0123456789ab', given_at: new Date().toISOString() };
      localStorage.setItem('face_consent', JSON.stringify(consent));
    },
    { key: EVENT, version: PRIVACY_NOTICE_VERSION, lang: language },
  );
  await page.context().addCookies([{ name: 'currentLanguage', value: language, url: store.base }]);
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
            const entry = JSON.parse(line) as { msg?: string; request_id?: string; code?: string };
            if (
              entry.request_id === requestId &&
              entry.msg?.startsWith('privacy code not sent') &&
              entry.code
            )
              code = entry.code;
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

/** Asks for a code on the page and types it from the store's log. */
async function typeCode(page: Page, language: 'th' | 'en', scope = page.locator('body')) {
  const th = language === 'th';
  await scope.getByRole('textbox', { name: th ? 'เบอร์มือถือ' : 'Mobile number' }).fill(PHONE);
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/v1/privacy/code'));
  await scope.getByRole('button', { name: th ? 'ส่งรหัส' : 'Send code' }).click();
  const answer = (await (await asked).json()) as { body: { request_id: string } };
  const code = await codeInLog(answer.body.request_id);
  await scope.getByRole('textbox', { name: th ? 'รหัสยืนยัน' : 'Confirmation code' }).fill(code);
}

/** The photos of the runner the selfie finds in each event, by id. */
async function foundIds(): Promise<Record<string, number[]>> {
  const found: Record<string, number[]> = {};
  for (const key of [EVENT, STAGED_EVENT]) {
    const answer = await apiSearch(key);
    found[key] = [...answer.images, ...(answer.maybe_images ?? [])].map((p) => p.id);
  }
  return found;
}

/** A full-page screenshot from the top (the sticky header then sits above the page, not over it). */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

test('the page reads in English on a 360 px phone', async ({ page }) => {
  await onPhone(page, 'en');
  await page.goto(`${store.base}/privacy/remove`);
  await expect(page.getByRole('heading', { level: 1, name: 'Remove my face' })).toBeVisible();
  await expect(page.getByText('Your bib number still finds your photos', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Undo my removal' }).click();
  await expect(
    page.getByRole('region', { name: 'Undo my removal' }).getByRole('button', { name: 'Send code' }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await screenshot(page, 'face-removal-en-360');
});

test('a runner removes their face: found by no selfie, blurred in the previews; then undoes it', async ({
  page,
}) => {
  test.setTimeout(480_000);
  const removed: Record<string, number[]> = {};
  for (const key of [EVENT, STAGED_EVENT]) {
    removed[key] = (await apiSearch(key)).images.map((p) => p.id);
    expect(removed[key]?.length, key).toBeGreaterThanOrEqual(DEMO_SELFIE_MATCHES);
  }
  // A photo of the event with stages, and where the runner's face is in it.
  const staged = await apiSearch(STAGED_EVENT);
  const photo = staged.images[0] as Photo;
  const matched = staged.matched_faces?.find((m) => m.photo_id === photo.id);
  expect(matched).toBeDefined();
  const faces = await api<{ body: PhotoFace[] }>(
    'GET',
    `/v2/facesearch/faces/${photo.id}?pass=${encodeURIComponent(photo.pass ?? '')}`,
  );
  const box = faces.body.find((f) => f.face_id === matched?.face_id)?.box;
  expect(box).toBeDefined();
  const oldPreview = await imageBytes(STAGED_EVENT, 'preview', photo.preview_file_name);
  const oldAddresses = new Map((await eventPhotos(STAGED_EVENT, photo.event_id)).entries());

  // The search on a 360 px phone, in Thai; under its results, the way to be removed.
  await onPhone(page, 'th');
  await page.goto(`${store.base}/${EVENT}`);
  await page.getByLabel('เลือกรูปเซลฟี่').setInputFiles(selfieFile);
  await expect(page.getByRole('heading', { name: /^พบ \d+ รูปที่ตรงกับใบหน้าของคุณ$/ })).toBeVisible({
    timeout: 60_000,
  });
  await page.getByRole('link', { name: 'นำฉันออกจากรูปเหล่านี้' }).click();
  await expect(page).toHaveURL(/\/privacy\/remove$/);
  await expect(page.getByRole('heading', { level: 1, name: 'นำใบหน้าของฉันออก' })).toBeVisible();
  await screenshot(page, 'face-removal-th-360');

  await typeCode(page, 'th');
  await page.getByRole('button', { name: 'ยืนยันรหัส' }).click();
  const consent = page.getByRole('checkbox', {
    name: 'ฉันยินยอมให้ร้านเก็บค่าตัวเลขของใบหน้าฉันไว้ เพื่อกันฉันออกจากภาพเท่านั้น',
  });
  await expect(consent).not.toBeChecked();
  await consent.check();
  await page.getByLabel('เลือกรูปเซลฟี่').setInputFiles(selfieFile);
  await screenshot(page, 'face-removal-selfie-th-360');
  await page.getByRole('button', { name: 'นำใบหน้าของฉันออก' }).click();
  const done = page.getByRole('status').filter({ hasText: 'นำใบหน้าของคุณออกแล้ว' });
  await expect(done).toBeVisible({ timeout: 60_000 });
  await expect(done).toBeInViewport();
  const counts = (await done.textContent())?.match(/(\d+) รูป ใน (\d+) งาน/);
  expect(Number(counts?.[1])).toBeGreaterThanOrEqual(
    (removed[EVENT]?.length ?? 0) + (removed[STAGED_EVENT]?.length ?? 0),
  );
  expect(Number(counts?.[2])).toBeGreaterThanOrEqual(2);
  await expect(done).toContainText('ภายในไม่กี่นาที');
  await screenshot(page, 'face-removal-done-th-360');
  // Nothing pushed off the phone's right edge.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // From now on the selfie finds none of those photos, in either event.
  const gone = (found: Record<string, number[]>) =>
    [EVENT, STAGED_EVENT].flatMap((key) => (found[key] ?? []).filter((id) => removed[key]?.includes(id)));
  expect(gone(await foundIds())).toEqual([]);

  // The store remakes each photo's public images under new addresses, its face blurred.
  const stagedIds = removed[STAGED_EVENT] ?? [];
  let remade = new Map<number, Photo>();
  await expect
    .poll(
      async () => {
        remade = await eventPhotos(STAGED_EVENT, photo.event_id);
        return stagedIds.filter(
          (id) => remade.get(id)?.preview_file_name === oldAddresses.get(id)?.preview_file_name,
        );
      },
      { timeout: 180_000, intervals: [2_000] },
    )
    .toEqual([]);
  // Only the photos the removal counted were remade (the search answers at most the event's limit of them; the
  // removal takes every one): the others keep their addresses.
  const changed = [...oldAddresses.values()].filter(
    (p) => remade.get(p.id)?.preview_file_name !== p.preview_file_name,
  );
  expect(changed.length).toBeLessThanOrEqual(Number(counts?.[1]));
  expect(changed.length).toBeLessThan(oldAddresses.size);
  const newPhoto = remade.get(photo.id) as Photo;
  const newPreview = await imageBytes(STAGED_EVENT, 'preview', newPhoto.preview_file_name);
  const difference = await differenceWhere(oldPreview, newPreview, box as PhotoFace['box']);
  console.log(
    `preview difference (mean per channel): where the face was ${difference.inside.toFixed(2)}, elsewhere ${difference.outside.toFixed(2)}`,
  );
  expect(difference.inside).toBeGreaterThan(6);
  expect(difference.outside).toBeLessThan(2);
  expect(difference.inside).toBeGreaterThan(difference.outside * 5);
  // Still no selfie finds them once remade.
  expect(gone(await foundIds())).toEqual([]);

  // Undone the same way: a code to the same phone; the photos come back to search.
  const undo = page.getByRole('region', { name: 'ยกเลิกการนำใบหน้าออก' });
  await undo.getByRole('button', { name: 'ยกเลิกการนำใบหน้าออก' }).click();
  await typeCode(page, 'th', undo);
  await undo.getByRole('button', { name: 'ยืนยันและยกเลิกการนำใบหน้าออก' }).click();
  await expect(undo.getByText('ยกเลิกแล้ว 1 คำขอ รูปจะกลับมาค้นหาได้ภายในไม่กี่นาที')).toBeVisible({
    timeout: 30_000,
  });
  await expect
    .poll(async () => gone(await foundIds()).length, { timeout: 180_000, intervals: [5_000] })
    .toBe((removed[EVENT]?.length ?? 0) + stagedIds.length);
});
