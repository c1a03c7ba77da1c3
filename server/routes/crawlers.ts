// What search engines and link-preview crawlers read besides the pages: robots.txt (the buyer's pages
// and the API kept out, the sitemap named) and sitemap.xml (home, the public pages, every event on sale now), both
// at the store's own address (services/own-address.ts), never at a Host a client made up: caches keep them.
import { Hono } from 'hono';
import type { AppContext } from '../context';
import { ORDER_PAGE_PREFIXES, STATIC_PAGES } from '../page-addresses';
import { escapeMarkup } from '../services/escape-markup';
import { eventsOnSale } from '../services/events';
import { ownAddressOf } from '../services/own-address';

/** A sitemap holds at most 50,000 addresses. */
const SITEMAP_MOST_EVENTS = 49_000;

export function robotsTxt(baseUrl: string): string {
  const privatePages = Object.entries(STATIC_PAGES)
    .filter(([, kind]) => kind === 'private')
    .map(([path]) => path);
  const disallowed = [
    '/api/',
    '/storage/private/',
    ...ORDER_PAGE_PREFIXES.map((prefix) => `/${prefix}/`),
    '/find-mobile/',
    ...privatePages,
  ];
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export function crawlerRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  app.get('/robots.txt', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(robotsTxt(ownAddressOf(ctx, c.req.url)));
  });
  app.get('/sitemap.xml', async (c) => {
    const baseUrl = ownAddressOf(ctx, c.req.url);
    const onSale = await eventsOnSale(ctx, SITEMAP_MOST_EVENTS);
    const publicPages = Object.entries(STATIC_PAGES)
      .filter(([path, kind]) => kind === 'public' && path !== '/mansonry' && path !== '/eventqr/')
      .map(([path]) => ({ loc: `${baseUrl}${path}` }));
    const urls = [
      { loc: `${baseUrl}/` },
      ...onSale.map((event) => ({ loc: `${baseUrl}/${encodeURIComponent(event.event_key)}` })),
      ...publicPages,
    ];
    const body = urls.map((url) => `<url><loc>${escapeMarkup(url.loc)}</loc></url>`).join('');
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=600');
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</urlset>\n`,
    );
  });
  return app;
}
