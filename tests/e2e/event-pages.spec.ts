// The event page in every variant of the demo data, its consent dialog and forced-English event, the wholesale
// page, the mansonry demo gallery, and their accessibility (axe-core: no serious or critical finding).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

const demo = {
  normal: 'bangkok-city-marathon-2026',
  mhao: 'chiangmai-doi-trail-2026',
  free: 'khonkaen-fun-run-2026',
  hybrid: 'phuket-beach-run-2026',
  keepContract: 'korat-half-marathon-2026',
  upcoming: 'huahin-night-run-2026',
} as const;

const FORCED_ENGLISH = '6thinternationalherostaekwondochampionship';

/** Accepts the terms of every demo event before the page loads (the dialog has its own tests). */
async function consentToAll(page: Page) {
  await page.addInitScript(
    (keys: string[]) => {
      for (const key of keys) localStorage.setItem(`consent_${key}`, 'Y');
    },
    [...Object.values(demo), FORCED_ENGLISH],
  );
}

async function expectNoSeriousAxeFinding(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

const saleState = (page: Page) => page.locator('.sale-state');
const faceSearch = (page: Page) => page.locator('.face-search');
const highlights = (page: Page) => page.getByRole('list', { name: 'ภาพไฮไลต์ของงาน' });

test.describe('event page variants', () => {
  test.beforeEach(({ page }) => consentToAll(page));

  test('a normal (pinned team) event: details, packages, face search and highlight gallery', async ({
    page,
  }) => {
    await page.goto(`/${demo.normal}`);
    await expect(page.getByRole('heading', { level: 1, name: 'บางกอก ซิตี้ มาราธอน 2026' })).toBeVisible();
    await expect(page).toHaveTitle('บางกอก ซิตี้ มาราธอน 2026 | RunFoto');
    await expect(page.locator('.event-when')).toContainText('กรุงเทพมหานคร');
    await expect(page.locator('.sale-times')).toContainText('เปิดขาย');
    await expect(page.locator('.sale-times')).toContainText('ปิดขาย');
    await expect(page.getByRole('list', { name: 'แพ็กเกจราคา' }).getByRole('listitem')).toHaveText([
      '1 ภาพ · ฿60.00',
      '5 ภาพ · ฿250.00',
      '10 ภาพ · ฿450.00',
      '20 ภาพ · ฿800.00',
    ]);
    await expect(page.locator('.countdown')).toHaveCount(0);
    await expect(faceSearch(page)).toBeVisible();
    await expect(saleState(page)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'รับแพ็กเกจเหมาทุกภาพ' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'เลือกภาพเองตามจุดถ่ายภาพ' })).toHaveCount(0);
    // Highlights: lazy thumbnails of the event, each box sized before loading.
    const first = highlights(page).getByRole('img').first();
    await expect(first).toHaveAttribute('loading', 'lazy');
    await expect(first).toHaveAttribute('src', new RegExp(`^/storage/${demo.normal}/thumbnail/`));
    await expect(first).toHaveJSProperty('complete', true);
    expect(await first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test('an unlimited (mhao) event names its price', async ({ page }) => {
    await page.goto(`/${demo.mhao}`);
    await expect(page.getByText('เหมาทุกภาพของคุณในราคา ฿399.00')).toBeVisible();
    await expect(faceSearch(page)).toBeVisible();
  });

  test('a free-download event says the photos are free and shows no package prices', async ({ page }) => {
    await page.goto(`/${demo.free}`);
    await expect(page.getByText('งานนี้ดาวน์โหลดภาพได้ฟรี ไม่ต้องชำระเงิน')).toBeVisible();
    await expect(page.getByRole('list', { name: 'แพ็กเกจราคา' })).toHaveCount(0);
    await expect(faceSearch(page)).toBeVisible();
  });

  test('a hybrid stage event links to its unlimited package and its stage page', async ({ page }) => {
    await page.goto(`/${demo.hybrid}`);
    await expect(page.getByRole('link', { name: 'เลือกภาพเองตามจุดถ่ายภาพ' })).toHaveAttribute(
      'href',
      `/${demo.hybrid}/manual`,
    );
    await page.getByRole('link', { name: 'รับแพ็กเกจเหมาทุกภาพ' }).click();
    await expect(page).toHaveURL(new RegExp(`/${demo.hybrid}/wholesale$`));
    await expect(page.getByText('แพ็กเกจเหมาภาพจากช่างภาพทุกคน')).toBeVisible();
  });

  test('a free-keep-contract event 30 days after the event shows the red countdown note', async ({
    page,
  }) => {
    await page.goto(`/${demo.keepContract}`);
    await expect(page.getByText(/งานนี้รับภาพฟรี/)).toBeVisible();
    const note = page.locator('.countdown');
    await expect(note).toHaveText(/^เหลือเวลาเก็บภาพอีก ([1-9]|10) วัน$/);
    expect(await note.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(198, 40, 40)');
  });

  test('an upcoming event says when to come back, with no face search', async ({ page }) => {
    await page.goto(`/${demo.upcoming}`);
    await expect(saleState(page)).toHaveText(/^กลับมาใหม่ในวันที่ /);
    await expect(faceSearch(page)).toHaveCount(0);
    await expect(page.getByText('งานนี้ยังไม่มีภาพไฮไลต์')).toBeVisible();
  });

  test('a closed sale says End of Sale', async ({ page }) => {
    // The event's answer comes inside the page's shell (core/first-screen.ts): taken out, so the page asks the API,
    // whose answer this test changes.
    await page.route(`**/${demo.normal}`, async (route) => {
      const shell = await route.fetch();
      const html = (await shell.text()).replace(/<script id="first-screen-answers"[\s\S]*?<\/script>/, '');
      await route.fulfill({ response: shell, body: html });
    });
    await page.route(`**/api/v1/events/${demo.normal}`, async (route) => {
      const answer = await (await route.fetch()).json();
      await route.fulfill({ json: { ...answer, body: { ...answer.body, close_sale: 'Y' } } });
    });
    await page.goto(`/${demo.normal}`);
    await expect(saleState(page)).toHaveText('ปิดการขายแล้ว');
    await expect(faceSearch(page)).toHaveCount(0);
  });

  test('a slow event shows the loading text until it loads', async ({ page }) => {
    await page.route(`**/api/v1/events/${demo.mhao}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/');
    // A card of the home page: the route loads the event in the page, without a reload.
    await page.getByRole('link', { name: /เชียงใหม่ ดอยเทรล 2026/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'กำลังโหลดข้อมูลงาน…' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'เชียงใหม่ ดอยเทรล 2026' })).toBeVisible();
  });

  test('an unknown event goes to the 404 page', async ({ page }) => {
    await page.goto('/no-such-event-2026');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'ไม่พบหน้าที่ต้องการ' })).toBeVisible();
  });

  test('a highlight opens in a preview by keyboard, and Escape gives focus back', async ({ page }) => {
    await page.goto(`/${demo.normal}`);
    const photo = highlights(page).getByRole('button').nth(1);
    await photo.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'ภาพขนาดใหญ่' });
    await expect(dialog).toBeVisible();
    const slide = dialog.getByRole('group', { name: /^ภาพ 2 จาก \d+$/ });
    await expect(slide).toBeVisible();
    // The preview's WebP copy, loaded, and fitted inside the screen.
    const preview = slide.locator('img');
    await expect(preview).toHaveAttribute(
      'src',
      new RegExp(`^/storage/${demo.normal}/preview/.+\\.v\\d+\\.webp$`),
    );
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const box = await preview.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.width <= viewport.width && box.height <= viewport.height).toBe(true);
    await page.screenshot({ path: test.info().outputPath('highlight-preview.png') });
    await expectNoSeriousAxeFinding(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(photo).toBeFocused();
  });

  test('the event pages have no serious accessibility finding', async ({ page }) => {
    for (const key of Object.values(demo)) {
      await page.goto(`/${key}`);
      await expect(page.locator('h1')).toBeVisible();
      await expect(page.locator('.highlights .loading')).toHaveCount(0);
      await expectNoSeriousAxeFinding(page);
    }
  });
});

test.describe('consent dialog', () => {
  test('shows on the first visit; accepting keeps it away for that event only', async ({ page }) => {
    await page.goto(`/${demo.normal}`);
    const dialog = page.getByRole('dialog', { name: 'ก่อนค้นหาภาพด้วยใบหน้า' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toBeFocused();
    await expect(dialog.getByRole('link', { name: /ข้อกำหนดการใช้งาน/ })).toHaveAttribute(
      'href',
      '/terms-of-use#face-data',
    );
    await expectNoSeriousAxeFinding(page);
    // Focus stays in the dialog.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await dialog.getByRole('button', { name: 'ยอมรับ', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    expect(await page.evaluate((k) => localStorage.getItem(`consent_${k}`), demo.normal)).toBe('Y');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await page.goto(`/${demo.mhao}`);
    await expect(dialog).toBeVisible();
  });

  test('declining goes home and asks again on the next visit', async ({ page }) => {
    await page.goto(`/${demo.hybrid}`);
    await page.getByRole('button', { name: 'ไม่ยอมรับ กลับหน้าแรก' }).click();
    await expect(page).toHaveURL(/\/(\?page=1)?$/);
    await expect(page.getByRole('heading', { name: 'งานวิ่งที่เปิดขายภาพ' })).toBeVisible();
    await page.goto(`/${demo.hybrid}`);
    await expect(page.getByRole('dialog', { name: 'ก่อนค้นหาภาพด้วยใบหน้า' })).toBeVisible();
  });
});

test.describe('forced English event', () => {
  // The demo data has no event with this key: its answers are the normal demo event's under this key.
  test.beforeEach(async ({ page }) => {
    await consentToAll(page);
    await page.route(`**/api/v1/events/${FORCED_ENGLISH}`, async (route) => {
      const response = await page.request.get(`/api/v1/events/${demo.normal}`);
      const answer = await response.json();
      const body = { ...answer.body, event_key: FORCED_ENGLISH, title: '6th International Heros Taekwondo' };
      await route.fulfill({ json: { ...answer, body } });
    });
    await page.route('**/api/v1/facesearch/highlight', (route) =>
      route.continue({ postData: JSON.stringify({ event_key: demo.normal }) }),
    );
  });

  test('shows in English, keeps the saved Thai choice, and returns to Thai on leaving', async ({ page }) => {
    await page.goto(`/${FORCED_ENGLISH}`);
    await expect(
      page.getByRole('heading', { level: 1, name: '6th International Heros Taekwondo' }),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('.sale-times')).toContainText('Sale opens');
    await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => localStorage.getItem('currentLanguage'))).toBeNull();
    await page.getByRole('link', { name: 'RunFoto' }).first().click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    await expect(page.getByRole('heading', { name: 'งานวิ่งที่เปิดขายภาพ' })).toBeVisible();
  });
});

test.describe('wholesale page', () => {
  test.beforeEach(({ page }) => consentToAll(page));

  test('a non-hybrid event says it has no bundle and links back', async ({ page }) => {
    await page.goto(`/${demo.normal}/wholesale`);
    await expect(page.getByText('งานนี้ไม่รองรับการซื้อภาพแบบเหมา')).toBeVisible();
    await page.getByRole('link', { name: 'กลับไปหน้างาน' }).click();
    await expect(page).toHaveURL(new RegExp(`/${demo.normal}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'บางกอก ซิตี้ มาราธอน 2026' })).toBeVisible();
  });

  test('a hybrid event shows its bundle, face search, buy-all and masonry highlights', async ({ page }) => {
    await page.goto(`/${demo.hybrid}/wholesale`);
    await expect(page.getByRole('heading', { level: 1, name: 'ภูเก็ต บีชรัน 2026' })).toBeVisible();
    await expect(page.getByText('รับทุกภาพของคุณจากช่างภาพทุกคนในงาน ราคาเดียว ฿590.00')).toBeVisible();
    await expect(page.locator('.wholesale-heading .badge')).toHaveText(['ทีมช่างภาพจุดสตาร์ท', 'ทีมช่างภาพชายหาด']);
    await expect(faceSearch(page)).toBeVisible();
    // Masonry on a 390 px phone: 2 columns, 5 px apart.
    const items = highlights(page).getByRole('listitem');
    await expect(items.first()).toBeVisible();
    const lefts = await items.evaluateAll((lis) => [
      ...new Set(lis.map((li) => (li as HTMLElement).offsetLeft)),
    ]);
    expect(lefts).toHaveLength(2);
    const width = await items.first().evaluate((li) => (li as HTMLElement).offsetWidth);
    expect(Math.round(lefts[1] as number) - Math.round(width)).toBeGreaterThanOrEqual(4);
    // Without a search there is nothing to buy: it says to search first.
    await page.getByRole('button', { name: 'ซื้อเหมาทุกภาพจากช่างภาพทุกคน' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'ค้นหารูปของคุณด้วยรูปเซลฟี่ด้านบนก่อน แล้วจึงกดซื้อเหมาทุกภาพ' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'กลับไปดูราคาแพ็กเกจปกติ' }).click();
    await expect(page).toHaveURL(new RegExp(`/${demo.hybrid}$`));
  });

  test('the wholesale pages have no serious accessibility finding', async ({ page }) => {
    for (const path of [`/${demo.hybrid}/wholesale`, `/${demo.normal}/wholesale`]) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      await expect(page.locator('.highlights .loading')).toHaveCount(0);
      await expectNoSeriousAxeFinding(page);
    }
  });
});

test.describe('mansonry demo', () => {
  test('lays the twelve samples out in 2 columns on a phone and 5 on a 1280 px screen', async ({ page }) => {
    await page.goto('/mansonry');
    await expect(page.getByRole('heading', { level: 1, name: 'ตัวอย่างแกลเลอรีภาพ' })).toBeVisible();
    const items = page.getByRole('list', { name: 'ภาพตัวอย่าง' }).getByRole('listitem');
    await expect(items).toHaveCount(12);
    const columns = () =>
      items.evaluateAll((lis) => new Set(lis.map((li) => (li as HTMLElement).offsetLeft)).size);
    expect(await columns()).toBe(2);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(columns).toBe(5);
    await expectNoSeriousAxeFinding(page);
  });
});
