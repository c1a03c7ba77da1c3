// @vitest-environment node
// The server's renderer (entry-server.tsx) with renders overlapping: each page keeps its own answers, origin and
// language, whatever the others in flight carry.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventsBasePath } from '../core/contract/events';
import { appSettingsDefaults, SERVER_SETTINGS_GLOBAL } from '../core/contract/settings';
import { firstScreenKey } from '../core/first-screen';

(globalThis as Record<string, unknown>)[SERVER_SETTINGS_GLOBAL] = appSettingsDefaults;
const { renderPage } = await import('./entry-server');

type Language = 'th' | 'en';

async function rendered(url: string, language: Language, answers: Record<string, unknown>, origin: string) {
  const page = await renderPage({ url, language, answers, origin });
  if (!page) throw new Error(`${url} was not rendered`);
  return new Response(page.body).text();
}

/** A team's first-screen answers, as the server carries them with its page. */
const teamAnswers = (key: string, name: string) => ({
  [firstScreenKey('GET', `${eventsBasePath}/team-detail/${key}`)]: {
    status: 'success',
    body: [
      {
        team_name: name,
        team_description: `${name} runs`,
        team_facebook_url: '',
        cover_url: `/covers/${key}.jpg`,
      },
    ],
  },
  [firstScreenKey('GET', `${eventsBasePath}/team/${key}`)]: { status: 'success', body: [] },
});

/** The header's menu button, as each language names it. */
const MENU: Record<Language, string> = { th: 'aria-label="เมนู"', en: 'aria-label="Menu"' };

describe('pages rendered side by side', () => {
  it('keep their own answers, language and origin', async () => {
    const asked = Array.from({ length: 12 }, (_, i) => ({
      team: `team-${i}`,
      name: `Team number ${i}`,
      language: (i % 2 === 0 ? 'th' : 'en') as Language,
      origin: `https://shop-${i}.example`,
    }));
    // All started before any is read: their loads and renders interleave.
    const pages = await Promise.all(
      asked.flatMap(({ team, name, language, origin }) => [
        rendered(`/team/${team}`, language, teamAnswers(team, name), origin),
        rendered(`/${team}-run/qr`, language, {}, origin),
      ]),
    );
    asked.forEach(({ name, language, origin }, i) => {
      const [teamPage, qrPage] = [pages[2 * i] ?? '', pages[2 * i + 1] ?? ''];
      expect(teamPage).toContain(`<h1>${name}</h1>`);
      expect(teamPage.match(/Team number \d+/g)?.every((found) => found === name)).toBe(true);
      expect(teamPage).toContain(MENU[language]);
      expect(teamPage).not.toContain(MENU[language === 'th' ? 'en' : 'th']);
      expect(qrPage).toContain(origin.replace('https://', ''));
      expect(qrPage.match(/shop-\d+\.example/g)?.every((found) => origin.endsWith(found))).toBe(true);
      expect(qrPage).toContain(MENU[language]);
    });
  });

  it('take a carried answer once per page: a second render of the same page gets its own', async () => {
    const [first, second] = await Promise.all([
      rendered('/team/same', 'th', teamAnswers('same', 'First copy'), 'https://a.example'),
      rendered('/team/same', 'th', teamAnswers('same', 'Second copy'), 'https://a.example'),
    ]);
    expect(first).toContain('<h1>First copy</h1>');
    expect(second).toContain('<h1>Second copy</h1>');
  });
});

describe('pages that read the device', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  // The server knows nothing of the visitor's device, whatever its runtime offers as a navigator: a page that asked
  // it while rendering would differ from the phone's first render (an iPhone saves to Photos) and fail to hydrate.
  it('render on the server without asking the device: a paid order offers its downloads in the HTML', async () => {
    vi.stubGlobal('navigator', undefined);
    const { paidInquiry, paidImage } = await import('./features/order/order-test-data');
    const { APP_TOKEN } = await import('./lib/api/order-inquiry');
    const { orderBasePaths } = await import('../core/contract/order');
    const uuid = '0b6f1f5e-2a34-4c1e-9d41-6a3c1b2d3e4f';
    const answers = {
      [firstScreenKey('POST', `${orderBasePaths.v3}/inquiry`, { tk: APP_TOKEN, order_uuid: uuid })]: {
        status: 'success',
        ...paidInquiry([paidImage(1), paidImage(2)]),
      },
    };
    const errors = vi.spyOn(console, 'error');
    const page = await rendered(`/download/${uuid}`, 'th', answers, 'https://shop.example');
    expect(errors).not.toHaveBeenCalled();
    expect(page).toContain('ชำระเงินเรียบร้อย');
    expect(page).toContain('ดาวน์โหลดภาพต้นฉบับทั้งหมด (2 ภาพ)');
  });
});
