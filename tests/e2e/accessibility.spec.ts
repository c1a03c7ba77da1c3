// Every page of the storefront, in Thai and in English: axe-core finds no serious or critical violation, and the
// page has a title with the product's name (SPEC §2). Consent is given beforehand so the pages themselves are
// checked (the consent dialog has its own check in event-pages.spec.ts).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

const EVENTS = [
  'bangkok-city-marathon-2026',
  'chiangmai-doi-trail-2026',
  'khonkaen-fun-run-2026',
  'phuket-beach-run-2026',
  'korat-half-marathon-2026',
  'huahin-night-run-2026',
];

const PAGES = [
  '/',
  '/team/bangkok-runners-club',
  '/team/no-such-team',
  '/bangkok-city-marathon-2026',
  '/chiangmai-doi-trail-2026',
  '/khonkaen-fun-run-2026',
  '/phuket-beach-run-2026',
  '/korat-half-marathon-2026',
  '/huahin-night-run-2026',
  '/phuket-beach-run-2026/wholesale',
  '/bangkok-city-marathon-2026/wholesale',
  '/phuket-beach-run-2026/manual',
  '/bangkok-city-marathon-2026/vdo',
  '/event/bangkok-city-marathon-2026',
  '/bangkok-city-marathon-2026/qr',
  '/eventqr/bangkok-city-marathon-2026',
  '/mansonry',
  '/cart',
  '/cart-wholesale',
  '/cart-manual',
  '/cartopn',
  '/how-to-order',
  '/about',
  '/refund-policy',
  '/terms-of-use',
  '/how-to-use',
  '/find-order',
  '/find-mobile/0812345678',
  '/404',
  '/no/such/page',
];

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const language of ['th', 'en'] as const) {
  test(`every page passes axe-core in ${language === 'th' ? 'Thai' : 'English'}`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.addInitScript(
      ({ language, events }) => {
        localStorage.setItem('currentLanguage', language);
        for (const key of events) localStorage.setItem(`consent_${key}`, 'Y');
      },
      { language, events: EVENTS },
    );
    const problems: Record<string, string[]> = {};
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      await expect(page).toHaveTitle(/RunFoto/);
      const found = await seriousViolations(page);
      if (found.length > 0) problems[path] = found;
    }
    expect(problems).toEqual({});
  });
}
