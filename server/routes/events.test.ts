// Integration: the events calls through the real app on a real database (PGlite, and PostgreSQL in CI).
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_PAGE_SIZE } from '../../core/constants';
import {
  eventDetailAnswerSchema,
  eventsPaginationAnswerSchema,
  eventsPaginationCountAnswerSchema,
  sliderBannerAnswerSchema,
  soonAnswerSchema,
  teamDetailAnswerSchema,
  teamEventsAnswerSchema,
} from '../../core/contract/events';
import type { Db } from '../db/database';
import { insertEvent } from '../db/events-repo';
import { insertBanner, insertTeam } from '../db/teams-repo';
import { testDatabases } from '../db/test-databases';
import { openTestApp, type TestApp } from '../test/app-fixture';

const NOW = new Date('2026-11-22T05:00:00Z');
const DAY = 86_400_000;
const at = (days: number) => new Date(NOW.getTime() + days * DAY);

async function addEvent(db: Db, key: string, saleFrom: number, saleTo: number, extra: object = {}) {
  return insertEvent(db, {
    event: {
      event_key: key,
      title: `งาน ${key} <script>alert(1)</script>`,
      cover_object: `${key}/cover.jpg`,
      event_date_text: '15 พฤศจิกายน 2569',
      eventdate: '2026-11-15',
      province: 'ภูเก็ต',
      team_key: null,
      on_sale_start: at(saleFrom),
      on_sale_end: at(saleTo),
      ...extra,
    },
  });
}

describe.each(testDatabases)('events calls on $name', (database) => {
  let db: Db;
  let app: TestApp['app'];
  let testApp: TestApp;
  let post: TestApp['post'];

  beforeAll(async () => {
    testApp = await openTestApp(database, NOW);
    ({ app, post } = testApp);
    db = testApp.ctx.db;

    // 40 on-sale events (more than a page), one pinned (older), one upcoming, one closed, and one whose sale window
    // is open but whose photos are past their retention period (not on sale).
    for (let i = 1; i <= 40; i++) await addEvent(db, `on-sale-${String(i).padStart(2, '0')}`, -5, 30);
    await addEvent(db, 'pinned', -5, 30, { pin: 1, eventdate: '2026-11-01' });
    await addEvent(db, 'upcoming', 3, 40);
    await addEvent(db, 'closed', -60, -1);
    await addEvent(db, 'photos-expired', -5, 30, { eventdate: '2026-01-01' });
    await insertEvent(db, {
      event: {
        event_key: 'with-lists',
        title: 'ภูเก็ต บีชรัน',
        cover_object: 'with-lists/cover.jpg',
        event_date_text: '13 พฤศจิกายน 2569',
        eventdate: '2026-11-13',
        province: 'ภูเก็ต',
        team_key: 'phuket-runners',
        on_sale_start: at(-1),
        on_sale_end: at(10),
        is_hybrid: true,
        is_event_stage: true,
        mhao_price: '399',
      },
      packages: [
        { name: '5 ภาพ', name_en: '5 photos', number_of_photo: 5, price: '250' },
        { name: '1 ภาพ', name_en: '1 photo', number_of_photo: 1, price: '60.5' },
      ],
      packagesHb: [{ name: 'ทีมชายหาด', name_en: 'Beach team' }],
      stages: [
        { name: 'จุดปล่อยตัว', name_en: 'Start' },
        { name: 'เส้นชัย', name_en: 'Finish' },
      ],
    });

    // Upcoming events beyond one list (36), a team with an upcoming and a closed event, banners.
    for (let i = 1; i <= 36; i++) await addEvent(db, `soon-${String(i).padStart(2, '0')}`, 5 + i, 60);
    await addEvent(db, 'phuket-next', 2, 50, { team_key: 'phuket-runners', eventdate: '2026-12-20' });
    await addEvent(db, 'phuket-old', -90, -30, { team_key: 'phuket-runners', eventdate: '2026-08-01' });
    await insertTeam(db, {
      team_key: 'phuket-runners',
      team_name: "ภูเก็ต รันเนอร์ <img src=x onerror=alert(1)>'; drop table teams; --",
      team_description: 'วิ่งริมหาด\nทุกเสาร์',
      team_facebook_url: 'https://facebook.com/phuket-runners',
      cover_object: 'teams/phuket-runners.jpg',
    });
    await insertTeam(db, { team_key: 'no-cover', team_name: 'ไม่มีภาพปก' });
    await insertBanner(db, { image_object: 'banners/second.jpg', link_url: '/phuket-next', sort_order: 2 });
    await insertBanner(db, {
      image_object: 'banners/first.jpg',
      link_url: 'https://example.com/promo?a=1&b=<b>',
      sort_order: 1,
    });
    await insertBanner(db, { image_object: 'banners/old.jpg', link_url: '/', sort_order: 0, active: false });
  });
  afterAll(() => testApp.close());

  it('pages through on-sale events only, pinned first, 36 a page', async () => {
    const first = v.parse(
      eventsPaginationAnswerSchema,
      await (await post('/api/v1/events/pagination', { page: 1 })).json(),
    );
    expect(first.body).toHaveLength(EVENTS_PAGE_SIZE);
    expect(first.body[0]?.event_key).toBe('pinned');
    const second = v.parse(
      eventsPaginationAnswerSchema,
      await (await post('/api/v1/events/pagination', { page: 2 })).json(),
    );
    const keys = [...first.body, ...second.body].map((e) => e.event_key);
    expect(keys).toHaveLength(42);
    expect(new Set(keys).size).toBe(42);
    expect(keys).not.toContain('upcoming');
    expect(keys).not.toContain('closed');
    expect(keys).not.toContain('photos-expired');
    expect(second.body.every((e) => e.can_sale === 'Y' && e.close_sale === 'N')).toBe(true);
  });

  it('keeps text as stored (no HTML interpretation) and gives absolute cover addresses', async () => {
    const answer = v.parse(
      eventsPaginationAnswerSchema,
      await (await post('/api/v1/events/pagination', { page: 2 })).json(),
    );
    const event = answer.body.find((e) => e.event_key === 'on-sale-01');
    expect(event?.title).toBe('งาน on-sale-01 <script>alert(1)</script>');
    expect(event?.coverurl).toBe('/storage/on-sale-01/cover.jpg');
  });

  it('counts on-sale events', async () => {
    const res = await post('/api/v1/events/pagination-count', { event_status: 'ON_SALE' });
    expect(v.parse(eventsPaginationCountAnswerSchema, await res.json()).body[0].event_count).toBe(42);
  });

  it('answers one event with its packages, wholesale packages, stages and sale state', async () => {
    const res = await app.request('/api/v1/events/with-lists');
    expect(res.status).toBe(200);
    const { body } = v.parse(eventDetailAnswerSchema, await res.json());
    expect(body).toMatchObject({
      event_key: 'with-lists',
      team_key: 'phuket-runners',
      is_hybrid: 'Y',
      is_event_stage: 'Y',
      is_mhao: 'N',
      mhao_price: '399.00',
      can_sale: 'Y',
      close_sale: 'N',
      day_diff: 27,
      on_sale_start_txt: '21/11/2026 12:00',
    });
    expect(body.package.map((p) => [p.number_of_photo, p.price])).toEqual([
      [1, '60.50'],
      [5, '250.00'],
    ]);
    expect(body.package_hb).toEqual([{ name: 'ทีมชายหาด', name_en: 'Beach team' }]);
    expect(body.stage.map((s) => s.name_en)).toEqual(['Start', 'Finish']);
  });

  it('gives the sale state of events not yet open and closed', async () => {
    const upcoming = v.parse(
      eventDetailAnswerSchema,
      await (await app.request('/api/v1/events/upcoming')).json(),
    );
    expect(upcoming.body).toMatchObject({ can_sale: 'N', close_sale: 'N' });
    const closed = v.parse(
      eventDetailAnswerSchema,
      await (await app.request('/api/v1/events/closed')).json(),
    );
    expect(closed.body).toMatchObject({ can_sale: 'Y', close_sale: 'Y' });
  });

  it('says whether the event is searched by face, as its organiser chose (absent in older answers: Y)', async () => {
    await addEvent(db, 'bibs-only', -40, -30, { face_search: false });
    const off = v.parse(
      eventDetailAnswerSchema,
      await (await app.request('/api/v1/events/bibs-only')).json(),
    );
    expect(off.body).toMatchObject({ face_search: 'N', bib_search: { min_digits: 3, max_digits: 5 } });
    const on = v.parse(
      eventDetailAnswerSchema,
      await (await app.request('/api/v1/events/with-lists')).json(),
    );
    expect(on.body.face_search).toBe('Y');
    const { face_search: _, ...older } = on.body;
    expect(
      v.parse(eventDetailAnswerSchema, { status: 'success', body: older }).body.face_search,
    ).toBeUndefined();
  });

  it('refuses an unknown event with 404', async () => {
    const res = await app.request('/api/v1/events/no-such-event');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ status: 'error', field: 'event_key' });
  });

  it.each([
    [{ page: 0 }, 'page'],
    [{ page: 'one' }, 'page'],
    [{ page: 1, page_size: 1000 }, 'page_size'],
    [{}, 'page'],
    [{ page: 1.5 }, 'page'],
  ])('refuses pagination %j naming the field', async (body, field) => {
    const res = await post('/api/v1/events/pagination', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: 'error', field });
  });

  it('refuses a wrong count filter, malformed JSON, a bad key and an oversize body', async () => {
    const wrong = await post('/api/v1/events/pagination-count', { event_status: "ON_SALE' or 1=1 --" });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ field: 'event_status' });
    const malformed = await post('/api/v1/events/pagination', '{"page": 1');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ status: 'error' });
    const badKey = await app.request('/api/v1/events/bad%20key%3Cb%3E');
    expect(badKey.status).toBe(400);
    const huge = await post(
      '/api/v1/events/pagination',
      JSON.stringify({ page: 1, page_tab: 'x'.repeat(2_000_000) }),
    );
    expect(huge.status).toBe(413);
  });

  it('answers the active banners in slider order with public image addresses', async () => {
    const res = await app.request('/api/v1/events/slider-banner');
    expect(res.status).toBe(200);
    expect(v.parse(sliderBannerAnswerSchema, await res.json()).body).toEqual([
      { image_url: '/storage/banners/first.jpg', link_url: 'https://example.com/promo?a=1&b=<b>' },
      { image_url: '/storage/banners/second.jpg', link_url: '/phuket-next' },
    ]);
  });

  it('refuses banners with a script link or a bad object key', async () => {
    await expect(
      insertBanner(db, { image_object: 'b.jpg', link_url: 'javascript:alert(1)' }),
    ).rejects.toThrow(/unsafe/);
    await expect(insertBanner(db, { image_object: '../etc/passwd', link_url: '/' })).rejects.toThrow(/key/);
    await expect(
      insertTeam(db, { team_key: 'bad', team_name: 'x', cover_object: '/abs.jpg' }),
    ).rejects.toThrow();
  });

  it('lists at most 36 upcoming events, soonest opening first', async () => {
    const res = await app.request('/api/v1/events/soon');
    expect(res.status).toBe(200);
    const keys = v.parse(soonAnswerSchema, await res.json()).body.map((e) => e.event_key);
    expect(keys).toHaveLength(36);
    expect(keys.slice(0, 4)).toEqual(['phuket-next', 'upcoming', 'soon-01', 'soon-02']);
    expect(keys).not.toContain('soon-36');
    expect(keys).not.toContain('on-sale-01');
    expect(keys).not.toContain('closed');
  });

  it("lists a team's on-sale and upcoming events, newest first, and none for an unknown team", async () => {
    const res = await app.request('/api/v1/events/team/phuket-runners');
    expect(res.status).toBe(200);
    const { body } = v.parse(teamEventsAnswerSchema, await res.json());
    expect(body.map((e) => [e.event_key, e.can_sale])).toEqual([
      ['phuket-next', 'N'],
      ['with-lists', 'Y'],
    ]);
    const unknown = await app.request('/api/v1/events/team/nobody');
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({ status: 'success', body: [] });
  });

  it('answers a team verbatim, with its cover address or "" without one, and [] for an unknown team', async () => {
    const { body } = v.parse(
      teamDetailAnswerSchema,
      await (await app.request('/api/v1/events/team-detail/phuket-runners')).json(),
    );
    expect(body).toEqual([
      {
        team_name: "ภูเก็ต รันเนอร์ <img src=x onerror=alert(1)>'; drop table teams; --",
        team_description: 'วิ่งริมหาด\nทุกเสาร์',
        team_facebook_url: 'https://facebook.com/phuket-runners',
        cover_url: '/storage/teams/phuket-runners.jpg',
      },
    ]);
    const noCover = v.parse(
      teamDetailAnswerSchema,
      await (await app.request('/api/v1/events/team-detail/no-cover')).json(),
    );
    expect(noCover.body).toEqual([
      { team_name: 'ไม่มีภาพปก', team_description: '', team_facebook_url: '', cover_url: '' },
    ]);
    const unknown = await app.request('/api/v1/events/team-detail/nobody--');
    expect(await unknown.json()).toEqual({ status: 'success', body: [] });
  });

  it.each([
    '/api/v1/events/team/x%27%20or%20%271%27%3D%271',
    '/api/v1/events/team-detail/%3Cscript%3E',
    `/api/v1/events/team-detail/${'t'.repeat(121)}`,
  ])('refuses the team key of %s naming team_key', async (url) => {
    const res = await app.request(url);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: 'error', field: 'team_key' });
  });

  it('answers unknown API calls with JSON 404 and page addresses with the app shell', async () => {
    const api = await app.request('/api/v1/nothing');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ status: 'error' });
    // An unknown event's page is the app too (its 404 page), answered 404; a known page 200.
    const page = await app.request('/some-event/manual');
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('<div id="root">');
    expect((await app.request('/about')).status).toBe(200);
    expect((await app.request('/missing.js')).status).toBe(404);
  });
});
