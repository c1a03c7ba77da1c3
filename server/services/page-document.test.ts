// Pages as a link-preview crawler or search engine fetches them (no JavaScript): the head in the
// visitor's language with the event's or team's Open Graph and Twitter card meta and its 1200×630 image, real 404s,
// noindex and nothing of the buyer on a buyer's pages, robots.txt and the sitemap; and every address in them the
// store's own (PUBLIC_BASE_URL, an allowed host, else the listener's), never a Host a client made up.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertTeam } from '../db/teams-repo';
import { testDatabases } from '../db/test-databases';
import { serveHttp } from '../http-server';
import { orderFixture } from '../test/order-fixtures';
import { getWithHost } from '../test/request-stream';

/** The content of every <meta property|name="key">, and the title, as a crawler reads them. */
function headOf(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = new Map<string, string>();
  for (const m of head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g))
    meta.set(m[1] ?? '', (m[2] ?? '').replace(/&amp;/g, '&').replace(/&quot;/g, '"'));
  return {
    lang: /<html lang="(\w+)"/.exec(html)?.[1],
    title: /<title>([^<]*)<\/title>/.exec(head)?.[1],
    canonical: /<link rel="canonical" href="([^"]+)">/.exec(head)?.[1],
    meta,
    titles: [...head.matchAll(/<title>/g)].length,
  };
}

describe.each(testDatabases.slice(0, 1))('pages as crawlers see them', (database) => {
  const f = orderFixture(database);
  // The store's address is PUBLIC_BASE_URL, whatever host a request names.
  const crawl = (path: string, cookie?: string) =>
    f.t.app.request(`http://any-host.example${path}`, {
      headers: { 'user-agent': 'facebookexternalhit/1.1', ...(cookie ? { cookie } : {}) },
    });

  beforeAll(async () => {
    f.t.ctx.publicBaseUrl = 'http://shop.example';
    const cover = await sharp({
      create: { width: 1600, height: 1000, channels: 3, background: { r: 200, g: 80, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    await f.t.store.put('paid/cover.jpg', cover, 'image/jpeg');
    await insertTeam(f.t.ctx.db, {
      team_key: 'runners-club',
      team_name: 'Runners Club',
      team_description: 'ชมรมวิ่ง & เพื่อน "ภูเก็ต"',
      team_facebook_url: '',
    });
  });

  it('an event page: title, date, province and sale state, its 1200×630 image, canonical, Thai by default', async () => {
    const res = await crawl('/paid');
    expect(res.status).toBe(200);
    const html = await res.text();
    const head = headOf(html);
    expect(head.lang).toBe('th');
    expect(head.titles).toBe(1);
    expect(head.title).toBe('งาน paid | RunFoto');
    expect(head.canonical).toBe('http://shop.example/paid');
    expect(head.meta.get('og:title')).toBe('งาน paid | RunFoto');
    expect(head.meta.get('og:type')).toBe('article');
    expect(head.meta.get('og:url')).toBe('http://shop.example/paid');
    expect(head.meta.get('og:locale')).toBe('th_TH');
    expect(head.meta.get('twitter:card')).toBe('summary_large_image');
    expect(head.meta.has('robots')).toBe(false);
    const description = head.meta.get('og:description') ?? '';
    expect(description).toContain('15 พฤศจิกายน 2569');
    expect(description).toContain('ภูเก็ต');
    expect(description).toContain('เปิดขายถึง');
    expect(head.meta.get('description')).toBe(description);
    // The image: made once from the cover, kept as an object, served at its address.
    const image = head.meta.get('og:image') ?? '';
    expect(image).toMatch(/^http:\/\/shop\.example\/storage\/paid\/cover\.jpg\.share-1200x630\.jpg$/);
    expect(head.meta.get('og:image:width')).toBe('1200');
    expect(head.meta.get('og:image:height')).toBe('630');
    const served = await f.t.app.request(new URL(image).pathname);
    expect(served.status).toBe(200);
    const size = await sharp(new Uint8Array(await served.arrayBuffer())).metadata();
    expect([size.width, size.height, size.format]).toEqual([1200, 630, 'jpeg']);
    // The same again: found, not made anew.
    expect(headOf(await (await crawl('/paid')).text()).meta.get('og:image')).toBe(image);
  });

  it('in English for a visitor who chose it (the PWA’s cookie)', async () => {
    const res = await crawl('/paid', 'other=1; currentLanguage=en');
    const head = headOf(await res.text());
    expect(res.headers.get('vary')).toMatch(/cookie/i);
    expect(head.lang).toBe('en');
    expect(head.meta.get('og:locale')).toBe('en_US');
    expect(head.meta.get('og:description')).toMatch(/^งาน paid · 15 Nov 2026 · ภูเก็ต\. Photos on sale until /);
    expect(headOf(await (await crawl('/about', 'currentLanguage=en')).text()).title).toBe(
      'About us | RunFoto',
    );
  });

  it('without a choice, in English for a browser that asks for English and not Thai; Thai for a crawler', async () => {
    const asking = (acceptLanguage: string, fetchSite?: string, cookie?: string) =>
      f.t.app.request('http://any-host.example/about', {
        headers: {
          'accept-language': acceptLanguage,
          ...(fetchSite ? { 'sec-fetch-site': fetchSite } : {}),
          ...(cookie ? { cookie } : {}),
        },
      });
    const english = await asking('en-US,en;q=0.9', 'none');
    const html = await english.text();
    expect(headOf(html).lang).toBe('en');
    expect(headOf(html).title).toBe('About us | RunFoto');
    // The language the server chose, for the page's first script (src/head-init.js).
    expect(html).toMatch(/<html lang="en" data-served-in="en"/);
    expect(english.headers.get('vary')).toMatch(/cookie, accept-language, sec-fetch-site/i);
    // No choice is made up for the visitor.
    expect(english.headers.get('set-cookie')).toBeNull();
    expect(headOf(await (await asking('en-US,th;q=0.5', 'none')).text()).lang).toBe('th');
    // A crawler (no Sec-Fetch-Site) reads the store in Thai whatever its Accept-Language.
    expect(headOf(await (await asking('en-US,en', undefined)).text()).lang).toBe('th');
    // A choice kept on the device wins, and is written again by the server for a year.
    const chosen = await asking('en-US', 'same-origin', 'currentLanguage=th');
    expect(headOf(await chosen.text()).lang).toBe('th');
    expect(chosen.headers.get('set-cookie')).toBe(
      'currentLanguage=th; Path=/; Max-Age=31536000; SameSite=Lax',
    );
  });

  it('a closed sale and a sale not open yet say so', async () => {
    const closed = headOf(await (await crawl('/closed')).text());
    expect(closed.meta.get('og:description')).toContain('ปิดการขายแล้ว');
  });

  it('a team page carries its name, description and the store’s image when it has no cover', async () => {
    const head = headOf(await (await crawl('/team/runners-club')).text());
    expect(head.title).toBe('Runners Club | RunFoto');
    expect(head.meta.get('og:description')).toBe('ชมรมวิ่ง & เพื่อน "ภูเก็ต"');
    expect(head.meta.get('og:image')).toBe('http://shop.example/icons/icon-512.png');
  });

  it('home carries the store’s title, description and image', async () => {
    const head = headOf(await (await crawl('/')).text());
    expect(head.title).toBe('ค้นหาภาพงานวิ่งของคุณ | RunFoto');
    expect(head.canonical).toBe('http://shop.example/');
    expect(head.meta.get('og:type')).toBe('website');
    expect(head.meta.get('og:image')).toBe('http://shop.example/icons/icon-512.png');
  });

  it.each([
    '/no-such-event',
    '/no-such-event/wholesale',
    '/team/no-such-team',
    '/eventqr/no-such-event',
    '/no/such/page',
    '/404',
    '/download/0b6f1f5e-2a34-4c1e-9d41-6a3c1b2d3e4f',
    '/download/not-an-order',
  ])('%s answers 404 with the app (its 404 page), noindex', async (path) => {
    const res = await crawl(path);
    expect(res.status).toBe(404);
    const head = headOf(await res.text());
    expect(head.meta.get('robots')).toBe('noindex, nofollow');
    expect(head.meta.has('og:title')).toBe(false);
  });

  it('a buyer’s pages are noindex and name nothing of the buyer in the head', async () => {
    const uuid = await f.create(f.order({ email: 'somchai.private@example.com', mobile: '089-765-4321' }));
    for (const path of [
      `/download/${uuid}`,
      `/d/${uuid}`,
      '/cart',
      '/find-order',
      '/find-mobile/0897654321',
    ]) {
      const res = await crawl(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      const head = headOf(html);
      expect(head.meta.get('robots'), path).toBe('noindex, nofollow');
      expect(head.canonical, path).toBeUndefined();
      expect(head.meta.has('og:title'), path).toBe(false);
      const headText = `${head.title} ${[...head.meta.values()].join(' ')}`;
      for (const personal of ['somchai', '089', '4321', uuid]) expect(headText).not.toContain(personal);
    }
  });

  it('robots.txt keeps the buyer’s pages and the API out and names the sitemap; the sitemap lists events on sale', async () => {
    const robots = await (await crawl('/robots.txt')).text();
    for (const line of ['Disallow: /api/', 'Disallow: /download/', 'Disallow: /d/', 'Disallow: /cart'])
      expect(robots).toContain(line);
    expect(robots).toContain('Sitemap: http://shop.example/sitemap.xml');
    const res = await crawl('/sitemap.xml');
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const sitemap = await res.text();
    const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(urls).toContain('http://shop.example/');
    expect(urls).toContain('http://shop.example/paid');
    expect(urls).toContain('http://shop.example/about');
    expect(urls).not.toContain('http://shop.example/closed');
    expect(urls.some((u) => u?.includes('/cart'))).toBe(false);
  });
});

const locsOf = (sitemap: string) => [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');

describe.each(testDatabases.slice(0, 1))('the store’s own address in public answers', (database) => {
  const f = orderFixture(database);
  let server: Server | undefined;
  let port = 0;
  let listener = '';

  beforeAll(async () => {
    const cover = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 20, g: 80, b: 200 } },
    })
      .jpeg()
      .toBuffer();
    await f.t.store.put('paid/cover.jpg', cover, 'image/jpeg');
    const listening = new Promise<AddressInfo>((resolve) => {
      server = serveHttp({ fetch: f.t.app.fetch, port: 0, hostname: '127.0.0.1' }, resolve);
    });
    port = (await listening).port;
    listener = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });
  beforeEach(() => {
    f.t.ctx.publicBaseUrl = undefined;
    f.t.ctx.ownAddress = { allowedHosts: ['localhost', '127.0.0.1'], host: '127.0.0.1', port };
  });

  /** robots.txt's sitemap line, the sitemap's addresses, and the event page's canonical, og:url and og:image. */
  const publicAddresses = async (host: string) => {
    const robots = await getWithHost(`http://127.0.0.1:${port}`, '/robots.txt', host);
    const sitemap = await getWithHost(`http://127.0.0.1:${port}`, '/sitemap.xml', host);
    const page = await getWithHost(`http://127.0.0.1:${port}`, '/paid', host);
    expect([robots.status, sitemap.status, page.status]).toEqual([200, 200, 200]);
    const head = headOf(page.text);
    return {
      texts: [robots.text, sitemap.text, page.text],
      sitemapLine: /^Sitemap: (.+)$/m.exec(robots.text)?.[1],
      locs: locsOf(sitemap.text),
      canonical: head.canonical,
      ogUrl: head.meta.get('og:url'),
      ogImage: head.meta.get('og:image'),
    };
  };

  it.each(['evil.example', 'evil.example:8080', 'localhost.evil.example', '127.0.0.1.evil.example'])(
    'never writes a made-up Host (%s): the listener’s own address instead',
    async (host) => {
      const seen = await publicAddresses(host);
      for (const text of seen.texts) expect(text).not.toContain('evil.example');
      expect(seen.sitemapLine).toBe(`${listener}/sitemap.xml`);
      expect(seen.locs.length).toBeGreaterThan(3);
      for (const loc of seen.locs) expect(loc.startsWith(`${listener}/`), loc).toBe(true);
      expect(seen.canonical).toBe(`${listener}/paid`);
      expect(seen.ogUrl).toBe(`${listener}/paid`);
      expect(seen.ogImage).toMatch(
        new RegExp(`^${listener}/storage/paid/cover\\.jpg\\.share-1200x630\\.jpg$`),
      );
    },
  );

  it('writes PUBLIC_BASE_URL whatever the Host', async () => {
    f.t.ctx.publicBaseUrl = 'https://photos.example';
    const seen = await publicAddresses('evil.example');
    for (const text of seen.texts) expect(text).not.toContain('evil.example');
    expect(seen.sitemapLine).toBe('https://photos.example/sitemap.xml');
    expect(seen.locs).toContain('https://photos.example/paid');
    for (const loc of seen.locs) expect(loc.startsWith('https://photos.example/'), loc).toBe(true);
    expect([seen.canonical, seen.ogUrl]).toEqual([
      'https://photos.example/paid',
      'https://photos.example/paid',
    ]);
    expect(seen.ogImage?.startsWith('https://photos.example/storage/')).toBe(true);
  });

  it('writes an allowed host as asked: any port of a host listed alone, only the port of one listed with it', async () => {
    let seen = await publicAddresses('localhost:5173');
    expect(seen.sitemapLine).toBe('http://localhost:5173/sitemap.xml');
    expect(seen.locs).toContain('http://localhost:5173/paid');
    expect([seen.canonical, seen.ogUrl]).toEqual([
      'http://localhost:5173/paid',
      'http://localhost:5173/paid',
    ]);
    expect(seen.ogImage?.startsWith('http://localhost:5173/storage/')).toBe(true);

    f.t.ctx.ownAddress = { allowedHosts: ['photos.lan:8443', 'kiosk.lan'], host: '127.0.0.1', port };
    seen = await publicAddresses('photos.lan:8443');
    expect(seen.canonical).toBe('http://photos.lan:8443/paid');
    seen = await publicAddresses('KIOSK.lan:9000');
    expect(seen.canonical).toBe('http://kiosk.lan:9000/paid');
    // Another port of a host listed with its port, and a host no longer listed: the listener's address.
    for (const host of ['photos.lan:9000', 'localhost:5173']) {
      seen = await publicAddresses(host);
      expect(seen.canonical, host).toBe(`${listener}/paid`);
      expect(seen.sitemapLine, host).toBe(`${listener}/sitemap.xml`);
    }
  });
});
