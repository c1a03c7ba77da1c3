// A runner's finish, end to end on a store of its own: real race photos of ../shared/bib-bench (read in place,
// written again into a temp folder with one finish-line camera's EXIF: its make, body serial and clock, 40 s ahead of
// the timing clock) imported with the admin command line, indexed by the store's face worker (faces and bibs), the
// timing company's results imported, the camera's clock estimated from the bibs read, the event's card frame set.
// One frame of the runner's finish has their face and bib hidden (blotted out): a bib search finds it only "at your
// finish". On a 390 px phone, in Thai and English, the runner buys that frame (PromptPay in the sandbox), makes the
// feed and story cards on the order page (typing the bib the frame does not show), shares them through the share
// sheet (a stub that records the files), and the cards' pixels show the frame, the time's yellow line and the name's
// white one. The cards and the dialog go to test-results/screens/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { EVENT_FLAGS, type StoreProcess } from '../../server/test/processes';
import { type IndexingStore, startIndexingStore, untilIndexed } from './indexing-store';

const EVENT = 'finish-run';
const BIB = '3638';
const BENCH = path.join(process.cwd(), '..', 'shared', 'bib-bench', 'images');
/** The event's date (EVENT_FLAGS) and the finish camera's clock, to the millisecond, for each photo. */
const DAY = '2026:12:01';
const HIDDEN = 'FIN_0104.JPG';
/** 3638's three photos seconds apart at the line, the hidden frame of their finish, and 341 twenty seconds later. */
const PHOTOS = [
  { from: 'set1_80.JPG', to: 'FIN_0101.JPG', at: '07:42:10.000' },
  { from: 'set1_81.JPG', to: 'FIN_0102.JPG', at: '07:42:11.500' },
  { from: 'set1_01.JPG', to: 'FIN_0103.JPG', at: '07:42:13.000' },
  { from: 'set1_01.JPG', to: HIDDEN, at: '07:42:14.500', hide: true },
  { from: 'set1_74.JPG', to: 'FIN_0105.JPG', at: '07:42:30.000' },
];
/** The timing clock: 3638 crossed at 07:41:33.5 (the camera's 07:42:12 with the estimated offset), 341 at 07:41:51. */
const RESULTS =
  'bib,name,category,gun time,chip time,time of day\n' +
  `${BIB},สมชาย ใจดี,10K M30-39,0:52:41,0:52:07,07:41:33.50\n` +
  '341,Anna Runner,10K F30-39,0:53:02,0:52:30,07:41:51.00\n';
/** The frame's colours: a red logo strip at the top, a blue sponsors' strip at the bottom. */
const RED = '#e11d48';
const BLUE = '#1d4ed8';

let store: StoreProcess;
let own: IndexingStore;
let folder: string;

test.describe.configure({ mode: 'serial' });

/** The photo blotted where 3638's face and bib are (the bench's boxes), as a raised arm or a runner in front would. */
async function hidden(bytes: Buffer): Promise<Buffer> {
  const truth = JSON.parse(fs.readFileSync(path.join(BENCH, '..', 'truth-boxes.json'), 'utf8')) as Record<
    string,
    { facep: number[][]; tagp: number[][] }
  >;
  const boxes = [...(truth['set1_01.JPG']?.facep ?? []), ...(truth['set1_01.JPG']?.tagp ?? [])];
  const blots = boxes.map(([top = 0, bottom = 0, left = 0, right = 0]) => ({
    input: {
      create: {
        width: Math.round(right - left) + 24,
        height: Math.round(bottom - top) + 24,
        channels: 3 as const,
        background: '#3b3a36',
      },
    },
    left: Math.max(0, Math.round(left) - 12),
    top: Math.max(0, Math.round(top) - 12),
  }));
  return sharp(bytes).composite(blots).jpeg().toBuffer();
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-finish-photos-'));
  const photos = path.join(folder, 'card1');
  fs.mkdirSync(photos);
  for (const photo of PHOTOS) {
    const original = fs.readFileSync(path.join(BENCH, photo.from));
    const [time, millis] = photo.at.split('.');
    const bytes = await sharp(photo.hide ? await hidden(original) : original)
      .withExif({
        IFD0: { Make: 'Canon', Model: 'Canon EOS R6' },
        IFD2: {
          DateTimeOriginal: `${DAY} ${time}`,
          SubSecTimeOriginal: millis ?? '000',
          BodySerialNumber: '031021000123',
        },
      })
      .jpeg({ quality: 95 })
      .toBuffer();
    fs.writeFileSync(path.join(photos, photo.to), bytes);
  }
  const frame = await sharp({
    create: { width: 1080, height: 1350, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1350">' +
            `<rect width="1080" height="90" fill="${RED}"/><rect y="1260" width="1080" height="90" fill="${BLUE}"/></svg>`,
        ),
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
  fs.writeFileSync(path.join(folder, 'frame.png'), frame);
  fs.writeFileSync(path.join(folder, 'results.csv'), RESULTS);

  own = await startIndexingStore('e2e-finish-');
  store = own.store;
  const { admin } = own;
  await admin('create-event', EVENT, ...EVENT_FLAGS, '--bib-digits', '2-4');
  await admin('set-packages', EVENT, '1=60', '5=250');
  await admin('update-event', EVENT, '--card-frame', path.join(folder, 'frame.png'));
  await admin('import-photos', EVENT, photos, '--photographer', '7');
  await admin('import-results', EVENT, path.join(folder, 'results.csv'));
  await untilIndexed(own, EVENT);
  // The camera's clock, from the four photos whose bibs were read: 38.5 s ahead, at the finish.
  const cameras = await admin('cameras', EVENT);
  expect(cameras).toMatch(/^\s*7\s+5\s+5\s+\+?38\.5\s+4 of 4\s+\d\.\d\s+yes\s/m);
});

test.afterAll(async () => {
  await own?.close();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

const words = {
  th: {
    consent: 'ก่อนค้นหาภาพด้วยใบหน้า',
    accept: 'ยอมรับ',
    field: 'หรือค้นหาด้วยหมายเลขบิบ',
    search: 'ค้นหาด้วยบิบ',
    found: `พบ 3 รูปของหมายเลขบิบ ${BIB}`,
    finish: 'ที่เส้นชัย อาจเป็นคุณ (1 รูป)',
    add: /^เพิ่มลงตะกร้า รูปที่ \d+$/,
    mobile: 'เบอร์มือถือ',
    promptPay: 'พร้อมเพย์ (สแกน QR)',
    create: 'สร้างคำสั่งซื้อ',
    created: 'สร้างคำสั่งซื้อเรียบร้อยแล้ว',
    paid: 'ชำระเงินเรียบร้อย',
    makeCard: /^ทำการ์ดนักวิ่ง/,
    dialog: 'การ์ดนักวิ่งของคุณ',
    bib: 'หมายเลขบิบของคุณ',
    make: 'ทำการ์ด',
    bibNeeded: 'กรุณากรอกหมายเลขบิบของคุณ',
    card: `การ์ดนักวิ่ง บิบ ${BIB}`,
    share: 'แชร์การ์ด',
    story: 'ทำแบบสตอรี่ด้วย',
    feedToo: 'ทำแบบโพสต์ด้วย',
  },
  en: {
    consent: 'Before you search by face',
    accept: 'Accept',
    field: 'Or search by your bib number',
    search: 'Search by bib',
    found: `Found 3 photos of bib number ${BIB}`,
    finish: 'At your finish, maybe you (1 photo)',
    add: /^Add to cart photo \d+$/,
    mobile: 'Mobile number',
    promptPay: 'PromptPay (scan the QR code)',
    create: 'Create Order',
    created: 'Order created',
    paid: 'Payment completed',
    makeCard: /^Make my finisher card/,
    dialog: 'Your finisher card',
    bib: 'Your bib number',
    make: 'Make the card',
    bibNeeded: 'Please type your bib number.',
    card: `Finisher card, bib ${BIB}`,
    share: 'Share the card',
    story: 'Make the story size too',
    feedToo: 'Make the post size too',
  },
} as const;

async function onPhone(page: Page, language: 'th' | 'en') {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript((lang: string) => localStorage.setItem('currentLanguage', lang), language);
  await page.context().addCookies([{ name: 'currentLanguage', value: language, url: store.base }]);
  // The share sheet: a phone that shares files, recording what it was given.
  await page.addInitScript(() => {
    const shared: { name: string; type: string; size: number }[] = [];
    Object.assign(window, { sharedFiles: shared });
    Object.defineProperty(navigator, 'canShare', {
      value: (data: { files?: File[] }) => (data.files ?? []).every((f) => f.type === 'image/jpeg'),
    });
    Object.defineProperty(navigator, 'share', {
      value: async (data: { files?: File[] }) => {
        for (const f of data.files ?? []) shared.push({ name: f.name, type: f.type, size: f.size });
      },
    });
  });
}

/** What the card's pixels show: the share of the frame's red at the top, its blue at the bottom, the time's yellow. */
async function cardPixels(bytes: Buffer) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const share = (fromRow: number, toRow: number, is: (r: number, g: number, b: number) => boolean) => {
    let n = 0;
    for (let row = fromRow; row < toRow; row++)
      for (let x = 0; x < info.width; x++) {
        const i = (row * info.width + x) * info.channels;
        if (is(data[i] as number, data[i + 1] as number, data[i + 2] as number)) n++;
      }
    return n / ((toRow - fromRow) * info.width);
  };
  return {
    width: info.width,
    height: info.height,
    red: share(4, 80, (r, g, b) => r > 190 && g < 60 && b < 100),
    blue: share(info.height - 80, info.height - 4, (r, g, b) => r < 60 && g < 110 && b > 180),
    yellow: share(0, info.height, (r, g, b) => r > 220 && g > 190 && b < 120),
    white: share(0, info.height, (r, g, b) => r > 235 && g > 235 && b > 235),
  };
}

/** The card the dialog shows, as a PNG of its pixels. */
async function shownCard(page: Page, name: string): Promise<Buffer> {
  const card = page.getByRole('dialog').getByRole('img', { name });
  await expect(card).toBeVisible();
  // Its pixels as the phone decoded them (the page's CSP lets no script fetch a blob: address).
  const base64 = await card.evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    canvas.getContext('2d')?.drawImage(img, 0, 0);
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  });
  return Buffer.from(base64, 'base64');
}

async function expectCard(bytes: Buffer, format: 'feed' | 'story', language: 'th' | 'en') {
  fs.mkdirSync('test-results/screens', { recursive: true });
  fs.writeFileSync(`test-results/screens/finisher-card-${language}-${format}.png`, bytes);
  const pixels = await cardPixels(bytes);
  expect(pixels).toMatchObject({ width: 1080, height: format === 'feed' ? 1350 : 1920 });
  // The event's frame: its logo strip on top, its sponsors' strip at the bottom, whole.
  expect(pixels.red).toBeGreaterThan(0.95);
  expect(pixels.blue).toBeGreaterThan(0.95);
  // The chip time in yellow, the name in white (the photo alone has neither so much pure yellow nor white).
  expect(pixels.yellow).toBeGreaterThan(0.002);
  expect(pixels.white).toBeGreaterThan(0.002);
}

for (const language of ['th', 'en'] as const) {
  test(`a runner finds their finish by bib with their face hidden, buys it and shares both cards (390 px, ${language})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const w = words[language];
    await onPhone(page, language);
    await page.goto(`${store.base}/${EVENT}`);
    const consent = page.getByRole('dialog', { name: w.consent });
    await consent.getByRole('button', { name: w.accept, exact: true }).click();
    await expect(consent).toHaveCount(0);

    // The bib finds its three photos; the hidden frame only "at your finish", by the time the runner crossed.
    const searched = page.waitForResponse((r) => r.url().endsWith('/api/v1/bibsearch'));
    await page.getByLabel(w.field).fill(BIB);
    await page.getByRole('button', { name: w.search }).click();
    const answer = (await (await searched).json()) as {
      images: { original_file_name: string }[];
      finish_images?: { original_file_name: string }[];
    };
    expect(answer.images.map((i) => i.original_file_name).sort()).toEqual([
      'FIN_0101.JPG',
      'FIN_0102.JPG',
      'FIN_0103.JPG',
    ]);
    expect(answer.finish_images?.map((i) => i.original_file_name)).toEqual([HIDDEN]);
    await expect(page.getByRole('heading', { name: w.found })).toBeVisible();
    const finish = page.getByTestId('finish-frames');
    await expect(finish.getByRole('heading', { name: w.finish })).toBeVisible();
    await finish.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screens/finisher-at-your-finish-${language}.png` });

    // Bought: into the cart, an order paid by PromptPay (the sandbox stands in for the bank).
    await finish.getByRole('button', { name: w.add }).click();
    await page.goto(`${store.base}/cart`);
    await expect(page.locator('.cart-photos img')).toHaveCount(1);
    await page.getByLabel(w.mobile, { exact: true }).fill('0812345678');
    await page.getByRole('radio', { name: w.promptPay }).check();
    await page.getByRole('button', { name: w.create, exact: true }).click();
    await expect(page.getByRole('dialog', { name: w.created })).toBeVisible();
    await expect(page).toHaveURL(/\/download\/[0-9a-f-]{36}$/, { timeout: 10_000 });
    const uuid = page.url().split('/').at(-1) ?? '';
    await request.post(`${store.base}/api/sandbox/pay/${uuid}`, { form: { action: 'pay' } });
    await expect(page.getByRole('heading', { name: w.paid })).toBeVisible({ timeout: 35_000 });

    // The card: the frame shows no bib, so the runner types theirs; the feed card first.
    await page.getByRole('button', { name: w.makeCard }).click();
    const dialog = page.getByRole('dialog', { name: w.dialog });
    await dialog.getByRole('button', { name: w.make }).click();
    await expect(dialog.getByRole('alert')).toHaveText(w.bibNeeded);
    await dialog.getByLabel(w.bib).fill(BIB);
    await dialog.getByRole('button', { name: w.make }).click();
    await expectCard(await shownCard(page, w.card), 'feed', language);
    const box = await dialog.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `test-results/screens/finisher-card-dialog-${language}.png` });
    await dialog.getByRole('button', { name: w.share }).click();

    // Then the story, for the same bib, in one tap; shared too.
    await dialog.getByRole('button', { name: w.story }).click();
    await expect(dialog.getByRole('button', { name: w.feedToo })).toBeVisible();
    await expectCard(await shownCard(page, w.card), 'story', language);
    await dialog.getByRole('button', { name: w.share }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sharedFiles: unknown[] }).sharedFiles))
      .toEqual([
        { name: `finisher-${EVENT}-${BIB}-feed.jpg`, type: 'image/jpeg', size: expect.any(Number) },
        { name: `finisher-${EVENT}-${BIB}-story.jpg`, type: 'image/jpeg', size: expect.any(Number) },
      ]);
    if (language === 'en') await publicPage(page, request, dialog);
  });
}

/**
 * "Share as a link": the runner's public page, its link preview served with the page (1200×630), the card shown to
 * anyone with the link, then removed through its secret link, after which the page says it is gone (404).
 */
async function publicPage(page: Page, request: APIRequestContext, dialog: Locator) {
  await dialog.getByRole('button', { name: 'Share as a link' }).click();
  const link = dialog.getByRole('link', { name: new RegExp(`/${EVENT}/finisher/[\\w-]{12}$`) });
  await expect(link).toBeVisible();
  const pageUrl = (await link.getAttribute('href')) ?? '';
  const removeUrl =
    (await dialog.getByRole('link', { name: 'the link that removes this page' }).getAttribute('href')) ?? '';
  expect(removeUrl).toMatch(/#remove=[\w-]{43}$/);
  await page.screenshot({ path: 'test-results/screens/finisher-page-link-en.png' });

  const served = await request.get(pageUrl);
  expect(served.status()).toBe(200);
  const html = await served.text();
  expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  expect(html).toContain('<meta property="og:image:width" content="1200">');
  const preview = /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1] ?? '';
  const meta = await sharp(await (await request.get(preview.replaceAll('&amp;', '&'))).body()).metadata();
  expect([meta.width, meta.height]).toEqual([1200, 630]);
  expect(html).not.toContain('0812345678');

  const visitor = await page.context().newPage();
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.goto(pageUrl);
  await expect(visitor.getByRole('heading', { level: 1, name: 'สมชาย ใจดี · 0:52:07' })).toBeVisible();
  await expect(visitor.getByRole('img', { name: 'Finisher card: สมชาย ใจดี · 0:52:07' })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Remove this page' })).toHaveCount(0);
  await visitor.screenshot({ path: 'test-results/screens/finisher-page-en.png', fullPage: true });

  const owner = await page.context().newPage();
  await owner.goto(removeUrl);
  await owner.getByRole('button', { name: 'Remove this page' }).click();
  await owner.getByRole('button', { name: 'Yes, remove it for good' }).click();
  await expect(owner.getByRole('heading', { name: 'This page is removed' })).toBeVisible();
  const gone = await visitor.goto(pageUrl);
  expect(gone?.status()).toBe(404);
  await expect(visitor.getByRole('heading', { name: 'This page is not here' })).toBeVisible();
}

test("the demo's finish line: bib 1001 at the Bangkok City Marathon finds its moment's frames, the faceless one too", async ({
  request,
}) => {
  const answer = (await (
    await request.post('/api/v1/bibsearch', {
      data: { event_key: 'bangkok-city-marathon-2026', bib: '1001' },
    })
  ).json()) as { images: unknown[]; finish_images?: { original_file_name: string }[] };
  // The demo's photos carry no bibs: nothing by the bib, two frames by the time (the photo and the burst's next).
  expect(answer.images).toEqual([]);
  expect(answer.finish_images?.length).toBe(2);
});
