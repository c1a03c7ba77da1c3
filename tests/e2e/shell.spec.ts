// The shell of every page (SPEC §1, §4 Interface, §9): notifications, cart icon, light/dark theme, sidebar
// menu with bookmarks, pins and search, scroll-to-top, in Thai and English, on a phone and on a desktop.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

const desktop = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false };

const sidebar = (page: Page) => page.locator('#site-sidebar');
const backdrop = (page: Page) => page.locator('.sidebar-backdrop');
const menuButton = (page: Page, name = 'เมนู') =>
  page.getByRole('banner').getByRole('button', { name, exact: true });

async function toEnglish(page: Page) {
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

/** Puts a photo straight into a cart's IndexedDB table (the cart pages are tested elsewhere). */
async function seedCart(page: Page, kind: 'standard' | 'manual', count: number) {
  // The page opens the cart database just after its first paint (the header's count loads it): seed it once it
  // has its tables.
  await page.evaluate(
    async ({ kind, count }) => {
      const openCart = () =>
        new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open('runfoto');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => resolve(open.result);
        });
      for (let attempt = 0; attempt < 100; attempt++) {
        const db = await openCart();
        if (db.objectStoreNames.contains('cart')) {
          await new Promise<void>((resolve, reject) => {
            const tx = db.transaction('cart', 'readwrite');
            for (let id = 1; id <= count; id++) {
              tx.objectStore('cart').add({
                kind,
                id,
                event_id: 1,
                event_key: 'bangkok-city-marathon-2026',
                thumbnail_file_name: `t${id}.jpg`,
                original_file_name: `o${id}.jpg`,
                preview_file_name: `p${id}.jpg`,
              });
            }
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
          });
          db.close();
          return;
        }
        db.close();
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('the cart database never got its tables');
    },
    { kind, count },
  );
}

async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    'serious or critical axe violations',
  ).toEqual([]);
}

for (const width of [360, 390] as const) {
  for (const language of ['th', 'en'] as const) {
    test(`a new visitor's bell shows no unread dot on any page (${width} px, ${language})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 780 });
      await page.addInitScript((chosen) => localStorage.setItem('currentLanguage', chosen), language);
      await page.context().addCookies([
        {
          name: 'currentLanguage',
          value: language,
          url: test.info().project.use.baseURL ?? 'http://localhost',
        },
      ]);
      const name = language === 'th' ? 'การแจ้งเตือน' : 'Notifications';
      for (const path of ['/', '/bangkok-city-marathon-2026', '/about', '/cart']) {
        await page.goto(path);
        const bell = page.getByRole('button', { name: new RegExp(`^${name}`) });
        await expect(bell).toHaveAccessibleName(name);
        await expect(page.locator('.app-header .unread-dot')).toHaveCount(0);
      }
    });
  }
}

test('the notifications box shows the news and the contact hint, in Thai and English', async ({ page }) => {
  // A device that saw older news: the bell says there is news until the box is opened.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) localStorage.setItem('notifications_seen', '2000-01-1');
    sessionStorage.setItem('seeded', 'y');
  });
  await page.goto('/');
  const bell = page.getByRole('button', { name: /^การแจ้งเตือน/ });
  await expect(page.locator('.app-header .unread-dot')).toHaveCount(1);
  await expect(bell).toHaveAttribute('aria-expanded', 'false');
  await expect(bell).toHaveAccessibleName('การแจ้งเตือน (มีข่าวใหม่)');
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'การแจ้งเตือน' });
  await expect(panel).toBeVisible();
  await expect(panel).toBeFocused();
  await expect(panel.getByText(/อัปโหลดเซลฟี่ที่เห็นใบหน้าชัด/)).toBeVisible();
  await expect(panel.getByText(/ประมาณ 35 วันหลังวันจัดงาน/)).toBeVisible();
  await expect(panel.getByRole('link', { name: 'ติดต่อทีมงาน' })).toHaveAttribute('href', '/about#contact');
  // Inside the phone's width.
  const box = await panel.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();
  await expect(bell).toHaveAccessibleName('การแจ้งเตือน');

  await toEnglish(page);
  const bellEn = page.getByRole('button', { name: 'Notifications' });
  await bellEn.click();
  const panelEn = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panelEn.getByText(/kept for about 35 days/)).toBeVisible();
  await expect(panelEn.getByRole('link', { name: 'Contact our staff' })).toHaveAttribute(
    'href',
    '/about#contact',
  );
  // A click outside closes it; a link inside leads on and closes it.
  await page.mouse.click(130, 30); // the header's empty middle
  await expect(panelEn).toBeHidden();
  await bellEn.click();
  await panelEn.getByRole('link', { name: 'See how to order photos' }).click();
  await expect(page).toHaveURL(/\/how-to-order$/);
  await expect(panelEn).toBeHidden();
});

test('the cart icon shows the count and leads to the manual cart on a "manual" path', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'ตะกร้าสินค้า (0 ภาพ)' })).toHaveAttribute('href', '/cart');
  await seedCart(page, 'standard', 2);
  await seedCart(page, 'manual', 3);
  await page.reload();
  const cart = page.getByRole('link', { name: 'ตะกร้าสินค้า (2 ภาพ)' });
  await expect(cart).toContainText('2');

  await page.goto('/bangkok-city-marathon-2026/manual');
  const manual = page.getByRole('banner').getByRole('link', { name: 'ตะกร้าภาพตามจุดถ่าย (3 ภาพ)' });
  await expect(manual).toHaveAttribute('href', '/cart-manual');
  await toEnglish(page);
  await page.getByRole('banner').getByRole('link', { name: 'Photo-spot cart (photos: 3)' }).click();
  await expect(page).toHaveURL(/\/cart-manual$/);
  await page.goto('/about');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart (photos: 2)' })).toHaveAttribute(
    'href',
    '/cart',
  );
});

test('the dark theme is kept over a reload; with nothing stored the system decides', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  const toggle = page.getByRole('button', { name: 'โหมดมืด' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => localStorage.getItem('layoutVersion'))).toBe('dark-only');
  const darkBackground = await page.evaluate(
    () => getComputedStyle(document.documentElement).backgroundColor,
  );
  expect(darkBackground).toBe('rgb(17, 19, 24)');

  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('button', { name: 'โหมดมืด' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1a1d23');
  await toEnglish(page);
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await expect(html).toHaveAttribute('data-theme', 'light');

  // Nothing stored: follows prefers-color-scheme.
  await page.evaluate(() => localStorage.removeItem('layoutVersion'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
});

test('the colour choice is kept as primary_color and secondary_color', async ({ page }) => {
  await page.goto('/');
  await menuButton(page).click();
  await page.getByRole('radio', { name: 'เขียวป่า' }).check();
  expect(
    await page.evaluate(() => [
      localStorage.getItem('primary_color'),
      localStorage.getItem('secondary_color'),
    ]),
  ).toEqual(['#15803d', '#1c3326']);
  await page.reload();
  const primary = await page.evaluate(() => document.documentElement.style.getPropertyValue('--primary'));
  expect(primary).toBe('#15803d');
});

test('on a phone the sidebar opens over the page with an overlay and closes', async ({ page }) => {
  await page.goto('/');
  await expect(sidebar(page)).toBeHidden();
  await menuButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'เมนู' });
  await expect(dialog).toBeVisible();
  await expect(backdrop(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'ปิดเมนู' })).toBeFocused();
  // Focus stays inside while it is open.
  for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+Tab');
  expect(
    await page.evaluate(() => document.getElementById('site-sidebar')?.contains(document.activeElement)),
  ).toBe(true);
  await page.keyboard.press('Escape');
  await expect(sidebar(page)).toBeHidden();
  await expect(backdrop(page)).toHaveCount(0);
  await expect(menuButton(page)).toBeFocused();

  await menuButton(page).click();
  await backdrop(page).click({ position: { x: 370, y: 400 } });
  await expect(sidebar(page)).toBeHidden();

  await toEnglish(page);
  await menuButton(page, 'Menu').click();
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.getByRole('link', { name: 'Refund policy' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'บางกอก ซิตี้ มาราธอน 2026' })).toBeVisible();
  await nav.getByRole('link', { name: 'About us' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(sidebar(page)).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
});

test('bookmarks and the menu search, in Thai and English', async ({ page }) => {
  await page.goto('/about');
  // The event's terms were accepted before (the consent dialog is the event page's own journey).
  await page.evaluate(() => localStorage.setItem('consent_phuket-beach-run-2026', 'Y'));
  await menuButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'เมนู' });
  await dialog.getByRole('button', { name: 'บุ๊กมาร์กหน้านี้' }).click();
  await expect(dialog.getByText('1 จาก 8')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/phuket-beach-run-2026');
  await expect(page.getByRole('heading', { level: 1, name: 'ภูเก็ต บีชรัน 2026' })).toBeVisible();
  await menuButton(page).click();
  await dialog.getByRole('button', { name: 'บุ๊กมาร์กหน้านี้' }).click();
  await expect(dialog.getByRole('button', { name: 'เอาหน้านี้ออกจากบุ๊กมาร์ก' })).toBeVisible();
  await page.reload();
  await menuButton(page).click();
  const bookmarks = dialog.locator('section', { has: page.getByRole('heading', { name: /บุ๊กมาร์ก/ }) });
  await expect(bookmarks.getByRole('link')).toHaveText(['เกี่ยวกับเรา', 'ภูเก็ต บีชรัน 2026']);
  await expect(dialog.getByText('2 จาก 8')).toBeVisible();

  // Search: an English word finds a Thai-titled event by its key; Enter opens the first result.
  const search = dialog.getByRole('searchbox', { name: 'ค้นหาเมนู' });
  await search.fill('city marathon');
  await expect(dialog.getByText('ผลการค้นหา')).toBeVisible();
  await expect(dialog.locator('.menu-search').getByRole('link')).toHaveText(['บางกอก ซิตี้ มาราธอน 2026']);
  await search.fill('ไม่มีเมนูนี้');
  await expect(dialog.getByText(/ไม่พบเมนูที่ตรงกับคำค้น/).first()).toBeVisible();
  await search.fill('2026');
  await expect(dialog.locator('.menu-search').getByRole('link')).not.toHaveCount(0);
  await search.fill('refund');
  await expect(dialog.locator('.menu-search').getByRole('link')).toHaveText(['นโยบายการคืนเงิน']);
  await search.press('Enter');
  await expect(page).toHaveURL(/\/refund-policy$/);
  await expect(sidebar(page)).toBeHidden();

  await toEnglish(page);
  await menuButton(page, 'Menu').click();
  const dialogEn = page.getByRole('dialog', { name: 'Menu' });
  await expect(dialogEn.getByRole('link', { name: 'About us' }).first()).toBeVisible();
  const searchEn = dialogEn.getByRole('searchbox', { name: 'Search the menu' });
  await searchEn.fill('เกี่ยวกับ');
  await expect(dialogEn.locator('.menu-search').getByRole('link')).toHaveText(['About us']);
  await searchEn.fill('order');
  await expect(dialogEn.locator('.menu-search').getByRole('link')).toHaveText([
    'How to order photos',
    'Find your order',
  ]);
  await searchEn.fill('');
  await dialogEn.getByRole('button', { name: 'Remove bookmark About us' }).click();
  await expect(dialogEn.getByText('1 of 8')).toBeVisible();
});

test('the scroll-to-top button appears after 600 px and takes the page back up', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('.event-grid > li').first()).toBeVisible();
  const toTop = page.getByRole('button', { name: 'กลับขึ้นด้านบน' });
  await page.evaluate(() => window.scrollTo(0, 550));
  await page.waitForTimeout(150);
  await expect(toTop).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 700));
  await expect(toTop).toBeVisible();
  await toTop.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(toTop).toBeHidden();
  await expect(page.locator('#main')).toBeFocused();
});

test('the home page has no serious accessibility violation, light and dark, Thai and English', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('.event-grid > li').first()).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'โหมดมืด' }).click();
  await expectNoSeriousViolations(page);
  await menuButton(page).click();
  await expect(page.getByRole('dialog', { name: 'เมนู' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Escape');
  await toEnglish(page);
  await page.getByRole('button', { name: 'Notifications', exact: true }).click();
  await expectNoSeriousViolations(page);
});

test('every route sets a page title with the product name', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    for (const key of ['bangkok-city-marathon-2026', 'korat-half-marathon-2026', 'phuket-beach-run-2026']) {
      localStorage.setItem(`consent_${key}`, 'Y');
    }
  });
  const routes = [
    '/',
    '/team/bangkok-runners-club',
    '/team/no-such-team',
    '/bangkok-city-marathon-2026',
    '/bangkok-city-marathon-2026/vdo',
    '/korat-half-marathon-2026/wholesale',
    '/phuket-beach-run-2026/manual',
    '/event/bangkok-city-marathon-2026',
    '/mansonry',
    '/cart',
    '/cart-manual',
    '/cart-wholesale',
    '/cartopn',
    '/how-to-order',
    '/eventqr/bangkok-city-marathon-2026',
    '/bangkok-city-marathon-2026/qr',
    '/about',
    '/terms-of-use',
    '/refund-policy',
    '/how-to-use',
    '/404',
    '/no/such/page',
  ];
  const titles: Record<string, string> = {};
  for (const route of routes) {
    await page.goto(route);
    await expect(page.locator('#main')).not.toBeEmpty();
    await expect(page).toHaveTitle(/^.+ \| RunFoto$/);
    titles[route] = await page.title();
  }
  // Pages differ by title (a page left with the previous page's title would repeat it).
  expect(titles['/about']).not.toBe(titles['/how-to-order']);
  expect(titles['/cart']).not.toBe(titles['/']);
});

test.describe('on a desktop', () => {
  test.use(desktop);

  test('the sidebar stays open beside the content, is remembered closed, and closes under 1007 px', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(sidebar(page)).toBeVisible();
    await expect(backdrop(page)).toHaveCount(0);
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
    const side = await sidebar(page).boundingBox();
    const main = await page.locator('#main').boundingBox();
    expect(side?.x).toBe(0);
    expect(main && side && main.x >= side.x + side.width).toBe(true);
    // Not modal: the page stays usable.
    await page.getByRole('contentinfo').getByRole('link', { name: 'เกี่ยวกับเรา' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(sidebar(page)).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'เกี่ยวกับเรา' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await menuButton(page).click();
    await expect(sidebar(page)).toBeHidden();
    await page.reload();
    await expect(sidebar(page)).toBeHidden();
    await menuButton(page).click();
    await expect(sidebar(page)).toBeVisible();

    await page.setViewportSize({ width: 1000, height: 800 });
    await expect(sidebar(page)).toBeHidden();
    await menuButton(page).click();
    await expect(sidebar(page)).toBeVisible();
    await expect(backdrop(page)).toHaveCount(0);
    await page.setViewportSize({ width: 900, height: 800 });
    await expect(backdrop(page)).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'เมนู' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sidebar(page)).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(sidebar(page)).toBeVisible();
  });

  test('pins, bookmarks and the notifications panel on a wide screen, in English', async ({ page }) => {
    await page.goto('/');
    await toEnglish(page);
    await sidebar(page).getByRole('button', { name: 'Pin How to download your photos' }).click();
    const pinned = sidebar(page).locator('section', { has: page.getByRole('heading', { name: 'Pinned' }) });
    await expect(pinned.getByRole('link')).toHaveText(['How to download your photos']);
    expect(await page.evaluate(() => localStorage.getItem('pins'))).toBe('["page:how-to-use"]');
    await page.reload();
    await expect(pinned.getByRole('link')).toHaveText(['How to download your photos']);
    await sidebar(page).getByRole('button', { name: 'Pin How to download your photos' }).click();
    await expect(pinned).toHaveCount(0);

    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel).toBeVisible();
    const box = await panel.boundingBox();
    expect(box && box.x + box.width <= 1280).toBe(true);
    await expectNoSeriousViolations(page);
  });
});
