import { describe, expect, it, vi } from 'vitest';
import { type AppSettings, appSettingsDefaults, inlineAppSettings } from '../../core/contract/settings';
import { API_BASE } from './api/client';
import { APP_TOKEN } from './api/order-inquiry';
import { appSettings, readAppSettings } from './app-settings';
import { STORAGE_BASE } from './photo-urls';

/** A document parsed from the shell the server would send with these settings (or the build's marker). */
function shellDocument(settings?: AppSettings, head = '<!--app-settings-->'): Document {
  const html = `<!doctype html><html><head>${head}</head><body></body></html>`;
  return new DOMParser().parseFromString(settings ? inlineAppSettings(html, settings) : html, 'text/html');
}

const served: AppSettings = {
  apiBase: 'https://api.example.com/api',
  storageBase: 'https://cdn.example.com/photos',
  appToken: 'token-</script><script>alert(1)</script>',
  opnPublicKey: 'pkey_test_123',
  paymentGateway: 'opn',
  support: { lineId: '@runfoto', email: 'help@runfoto.example' },
  alertsByEmail: true,
  privacy: {
    controller: 'Runfoto Co., Ltd.',
    contactEmail: 'dpo@runfoto.example',
    storageRegion: 'ap-southeast-1',
    retentionDays: 60,
    orderContactDays: 365,
  },
};

describe('readAppSettings', () => {
  it('reads the settings the server inlined, a hostile value included, without a warning', () => {
    const warn = vi.fn();
    expect(readAppSettings(shellDocument(served), { warnIfAbsent: true, warn })).toEqual(served);
    expect(warn).not.toHaveBeenCalled();
  });

  it('gives the defaults when the marker was never replaced; warns only where a server should have', () => {
    const warn = vi.fn();
    expect(readAppSettings(shellDocument(), { warnIfAbsent: false, warn })).toEqual(appSettingsDefaults);
    expect(warn).not.toHaveBeenCalled();
    expect(readAppSettings(shellDocument(), { warnIfAbsent: true, warn })).toEqual(appSettingsDefaults);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/defaults/));
  });

  it.each([
    ['broken JSON', '{"appToken":'],
    ['an empty element', ''],
    ['a wrong type', '{"appToken":42}'],
    ['an unknown gateway', '{"paymentGateway":"paypal"}'],
  ])('gives the defaults and a warning for %s', (_name, text) => {
    const warn = vi.fn();
    const doc = shellDocument(
      undefined,
      `<script id="app-settings" type="application/json">${text}</script>`,
    );
    expect(readAppSettings(doc, { warnIfAbsent: false, warn })).toEqual(appSettingsDefaults);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/^app settings: unusable/);
  });
});

describe('the settings the modules use in unit tests', () => {
  it('are the defaults, which match the dev proxy and the demo server', () => {
    expect(appSettings).toEqual(appSettingsDefaults);
    expect(API_BASE).toBe('/api');
    expect(APP_TOKEN).toBe('demo-app-token');
    expect(STORAGE_BASE).toBe('/storage');
  });
});
