// The Content-Security-Policy holds on every page without a violation: the shell's header (with frame-ancestors)
// and its meta element (which the service worker's shell carries too), through the pages and what they do at run
// time (selfie compression in a worker, the streamed zip in a frame, the QR canvas, toasts and the lightbox).
import { createHash } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { openSearchPage, searchBySelfie, waitForIndexing } from './journey-steps';
import { serviceWorkerControls } from './service-worker';

const FREE = 'khonkaen-fun-run-2026';

/** Collects every CSP violation the page reports (event and console), from before its first script. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return async () => [
    ...fromConsole,
    ...(await page.evaluate(
      () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
    )),
  ];
}

async function freeOrder(request: APIRequestContext): Promise<string> {
  const highlights = await request.post('/api/v1/facesearch/highlight', { data: { event_key: FREE } });
  const photos: { id: number }[] = (await highlights.json()).body.slice(0, 2);
  const created = await request.post('/api/v1/order/create', {
    data: {
      mobile: '0812345678',
      email: '',
      event_key: FREE,
      amount: '0.00',
      imageList: photos.map((p) => ({ id: p.id })),
      payment_channel: 'FREE',
    },
  });
  return (await created.json()).uuid;
}

test('the shell sends a strict policy as a header and in the page', async ({ request }) => {
  const shell = await request.get('/');
  const policy = shell.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(policy).not.toContain("'unsafe-eval'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  expect(shell.headers()['permissions-policy']).toContain('camera=()');
  const html = await shell.text();
  expect(html).toContain('<meta http-equiv="Content-Security-Policy"');
  // No inline script but the build's own, allowed by its hash: every other <script> loads a file or holds data.
  const inline = [...html.matchAll(/<script data-csp-hash="(sha256-[^"]+)">([^<]*)<\/script>/g)];
  expect(inline).toHaveLength(1);
  for (const [, hash, code] of inline) {
    expect(hash).toBe(
      `sha256-${createHash('sha256')
        .update(code ?? '')
        .digest('base64')}`,
    );
    expect(policy).toMatch(new RegExp(`script-src 'self' '${hash?.replace(/[+/]/g, '\\$&')}'`));
  }
  for (const [, attributes] of html.matchAll(/<script([^>]*)>/g))
    expect(attributes).toMatch(/\bsrc=|type="application\/json"|data-csp-hash=/);
  expect((await request.get('/sw.js.map')).status()).toBe(404);
});

test('no page breaks the policy: pages, selfie search, download all streamed, the order page, the QR page', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const violations = await watchViolations(page);
  for (const path of [
    '/',
    '/bangkok-city-marathon-2026',
    '/find-order',
    '/about',
    '/how-to-order',
    '/cart',
  ]) {
    await page.goto(path);
    await expect(page.locator('#main')).toBeVisible();
  }
  await page.goto(`/${FREE}/qr`);
  await expect(page.locator('canvas').first()).toBeVisible();

  // A selfie search (compression in a worker, thumbnails from the store), then download all, streamed in a frame.
  await waitForIndexing(request, FREE);
  await openSearchPage(page, `/${FREE}`);
  await serviceWorkerControls(page);
  const count = await searchBySelfie(page);
  await page.getByRole('button', { name: `ดาวน์โหลดทั้งหมด (${count} รูป)` }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('dialog').getByRole('button', { name: 'ดาวน์โหลด', exact: true }).click(),
  ]);
  expect(download.url()).toMatch(/\/zip-stream\//);
  await download.path();

  // The order page (QR, gallery, lightbox), now answered by the service worker's shell.
  const uuid = await freeOrder(request);
  await page.goto(`/download/${uuid}`);
  await page
    .getByRole('button', { name: /^ดูภาพ / })
    .first()
    .click();
  await expect(page.locator('.yarl__slide_current img')).toBeVisible();
  expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').count()).toBe(1);
  expect(await violations()).toEqual([]);
});
