// The settings the PWA takes at run time: mapped from the config, inlined into every app shell the real app sends
// (/, /index.html and the SPA fallback), and answered at /app-settings.json for the service worker.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppSettings, appSettingsDefaults, parseAppSettingsJson } from '../core/contract/settings';
import { createApp } from './app';
import { appSettingsFor } from './app-settings';
import { DEMO_PRIVACY, DEMO_SUPPORT, loadConfig } from './config';
import { testDatabases } from './db/test-databases';
import { openTestApp, TEST_APP_TOKEN, type TestApp } from './test/app-fixture';

describe('appSettingsFor', () => {
  it('gives the defaults for the default config (the demo store: with its demo support channels)', () => {
    expect(appSettingsFor(loadConfig({}))).toEqual({
      ...appSettingsDefaults,
      support: DEMO_SUPPORT,
      privacy: { ...appSettingsDefaults.privacy, ...DEMO_PRIVACY },
    });
    expect(appSettingsFor(loadConfig({ DEMO_DATA: 'off' }))).toEqual(appSettingsDefaults);
  });

  it('maps the token, gateway, card key, API base and support channels', () => {
    const settings = appSettingsFor(
      loadConfig({
        APP_TOKEN: 'run-time-token',
        PAYMENT_GATEWAY: 'opn',
        PUBLIC_BASE_URL: 'https://photos.example',
        OPN_API_URL: 'http://127.0.0.1:1',
        OPN_SECRET_KEY: 'skey_test',
        OPN_PUBLIC_KEY: 'pkey_test',
        PUBLIC_API_BASE: '/shop/api',
        SUPPORT_LINE_ID: '@runfoto',
        SUPPORT_EMAIL: 'help@runfoto.example',
        PRIVACY_CONTROLLER: 'Runfoto Co., Ltd.',
        PRIVACY_CONTACT_EMAIL: 'dpo@runfoto.example',
        RETENTION_DAYS: '60',
        ORDER_CONTACT_DAYS: '365',
      }),
    );
    expect(settings).toEqual({
      apiBase: '/shop/api',
      storageBase: '/storage',
      appToken: 'run-time-token',
      opnPublicKey: 'pkey_test',
      paymentGateway: 'opn',
      support: { lineId: '@runfoto', email: 'help@runfoto.example' },
      alertsByEmail: false,
      privacy: {
        controller: 'Runfoto Co., Ltd.',
        contactEmail: 'dpo@runfoto.example',
        storageRegion: '',
        retentionDays: 60,
        orderContactDays: 365,
      },
    });
    // A store that sends e-mail offers runners' alerts by e-mail.
    expect(appSettingsFor(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:25' })).alertsByEmail).toBe(true);
    // What the server sends is what the PWA's schema accepts, unchanged.
    expect(parseAppSettingsJson(JSON.stringify(settings))).toEqual({ settings });
  });

  it('takes the storage base from the object store the server uses', () => {
    expect(appSettingsFor(loadConfig({ STORAGE_PUBLIC_URL: 'https://img.example.com/x/' })).storageBase).toBe(
      'https://img.example.com/x',
    );
    const s3 = {
      STORAGE_PUBLIC_URL: 'https://ignored.example.com',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_BUCKET: 'photos',
      S3_ACCESS_KEY: 'a',
      S3_SECRET_KEY: 'b',
    };
    expect(appSettingsFor(loadConfig(s3)).storageBase).toBe('http://127.0.0.1:9000/photos');
    // The privacy notice says where the photos are: the bucket's region.
    expect(appSettingsFor(loadConfig({ ...s3, S3_REGION: 'ap-southeast-1' })).privacy.storageRegion).toBe(
      'ap-southeast-1',
    );
    expect(appSettingsFor(loadConfig({ ...s3, S3_PUBLIC_URL: 'https://cdn.example.com/' })).storageBase).toBe(
      'https://cdn.example.com',
    );
  });
});

const SHELL = [
  '<!doctype html><html lang="th"><head><meta charset="UTF-8" />',
  '<!--app-settings-->',
  '<title>RunFoto</title><link rel="stylesheet" crossorigin href="/assets/index-abc123.css"></head>',
  '<body><div id="root"></div></body></html>',
].join('\n');

const SETTINGS: AppSettings = {
  ...appSettingsDefaults,
  appToken: 'token-</script><script>alert(1)</script><!--',
  opnPublicKey: 'pkey_test_run_time',
  support: { phone: '02-123-4567', facebookUrl: 'https://www.facebook.com/runfoto' },
};

/** The settings element a browser would parse out of an answered page. */
function inlined(html: string): AppSettings {
  const elements = [
    ...html.matchAll(/<script id="app-settings" type="application\/json">([^<]*)<\/script>/g),
  ];
  expect(elements).toHaveLength(1);
  const parsed = parseAppSettingsJson(elements[0]?.[1]);
  expect(parsed.problem).toBeUndefined();
  return parsed.settings;
}

describe('the app shell with the settings', () => {
  let t: TestApp;
  let dist: string;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    t = await openTestApp(testDatabases[0] ?? (undefined as never));
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), SHELL);
    await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    await fs.writeFile(path.join(dist, 'assets', 'index-abc123.css'), 'body{margin:0}');
    await fs.writeFile(path.join(dist, 'manifest.webmanifest'), '{}');
    app = createApp({ ctx: t.ctx, distDir: dist, settings: SETTINGS });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it.each([
    ['/', 200, 'no-cache'],
    ['/index.html', 200, 'no-cache'],
    ['/cart', 200, 'no-store'],
    ['/about', 200, 'no-cache'],
    // Unknown: 404, still the app (its 404 page).
    ['/bangkok-city-marathon-2026', 404, 'no-cache'],
    ['/download/0b6f1f5e-2a34-4c1e-9d41-6a3c1b2d3e4f', 404, 'no-store'],
  ])(
    '%s sends the shell with the settings in place of the marker, answered %s, cache %s',
    async (page, status, cache) => {
      const res = await app.request(page);
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe(cache);
      const html = await res.text();
      expect(html).not.toContain('<!--app-settings-->');
      expect(html).not.toContain('<script>alert(1)');
      expect(inlined(html)).toEqual(SETTINGS);
      expect(html).toMatch(/^<!doctype html>[\s\S]*<title>([^<]* \| )?RunFoto<\/title>/);
      // The first screen's styles come with it (server/shell-styles.ts).
      expect(html).toContain(
        '<style>body{margin:0}</style><link rel="stylesheet" crossorigin href="/assets/index-abc123.css" disabled>',
      );
    },
  );

  it('answers /app-settings.json with the same settings, revalidated', async () => {
    const res = await app.request('/app-settings.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(parseAppSettingsJson(await res.text())).toEqual({ settings: SETTINGS });
  });

  it('reads index.html once per process', async () => {
    await app.request('/');
    await fs.writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><!--app-settings--><title>changed</title>',
    );
    const html = await (await app.request('/index.html')).text();
    expect(html).toContain('<title>RunFoto</title>');
    await fs.writeFile(path.join(dist, 'index.html'), SHELL);
  });

  it('still serves files as they are: hashed assets immutable, a missing file 404', async () => {
    const asset = await app.request('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await (await app.request('/manifest.webmanifest')).text()).toBe('{}');
    expect((await app.request('/assets/missing.js')).status).toBe(404);
    expect((await app.request('/no-such-file.png')).status).toBe(404);
  });

  it('without a built PWA answers pages 404 and still the API and the settings', async () => {
    const empty = await fs.mkdtemp(path.join(os.tmpdir(), 'nodist-'));
    const apiOnly = createApp({ ctx: t.ctx, distDir: empty, settings: SETTINGS });
    expect((await apiOnly.request('/')).status).toBe(404);
    expect((await apiOnly.request('/cart')).status).toBe(404);
    expect((await apiOnly.request('/app-settings.json')).status).toBe(200);
    const conf = await apiOnly.request('/api/v1/utils/conf', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: TEST_APP_TOKEN, name: 'PAYMENT_GATEWAY' }),
    });
    expect(conf.status).toBe(200);
    await fs.rm(empty, { recursive: true, force: true });
  });

  it('an app given no settings sends its own context token and gateway, which its API accepts', async () => {
    const res = await t.app.request('/app-settings.json');
    const { settings } = parseAppSettingsJson(await res.text());
    expect(settings).toEqual({ ...appSettingsDefaults, appToken: TEST_APP_TOKEN, paymentGateway: 'sandbox' });
    const conf = await t.post('/api/v1/utils/conf', { token: settings.appToken, name: 'PAYMENT_GATEWAY' });
    expect(conf.status).toBe(200);
  });
});
