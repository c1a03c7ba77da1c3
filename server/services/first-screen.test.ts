// The first screen's largest image, found from a page address and preloaded with the shell (issue 15).
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../db/test-databases';
import { orderFixture } from '../test/order-fixtures';
import { firstScreenImage, withImagePreload } from './first-screen';

describe.each(testDatabases.slice(0, 1))('the first screen’s image', (database) => {
  const f = orderFixture(database);

  it('is the first on-sale event’s cover on home and the event’s cover on its page; nothing elsewhere', async () => {
    const ctx = f.t.ctx;
    const home = await firstScreenImage(ctx, '/');
    expect(home).toMatch(/\/cover\.jpg$|cover/);
    expect(await firstScreenImage(ctx, '/paid')).toMatch(/paid/);
    for (const page of [
      '/cart',
      '/about',
      '/download/0b6f1f5e-2a34-4c1e-9d41-6a3c1b2d3e4f',
      '/%E0%A4%A',
      '/x.js',
    ])
      expect(await firstScreenImage(ctx, page)).toBeUndefined();
  });

  it('goes into the head as a high-priority image preload, its address escaped', () => {
    const html = '<!doctype html><html><head><title>RunFoto</title></head><body></body></html>';
    expect(withImagePreload(html, '/storage/run/cover.jpg')).toContain(
      '<link rel="preload" as="image" href="/storage/run/cover.jpg" fetchpriority="high"></head>',
    );
    expect(withImagePreload(html, '/a"><script>x</script>')).toContain('href="/a&quot;&gt;&lt;script&gt;');
    expect(withImagePreload(html, undefined)).toBe(html);
  });
});
