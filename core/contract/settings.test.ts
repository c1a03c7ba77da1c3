import { describe, expect, it } from 'vitest';
import {
  type AppSettings,
  appSettingsDefaults,
  appSettingsJson,
  contentSecurityPolicy,
  inlineAppSettings,
  inlineScriptHashes,
  parseAppSettingsJson,
} from './settings';

const SHELL =
  '<!doctype html><html><head><meta charset="UTF-8" /><!--app-settings--><title>t</title></head></html>';
const settings = (over: Partial<AppSettings> = {}): AppSettings => ({ ...appSettingsDefaults, ...over });

/** The element's text, read back the way a browser's JSON.parse of textContent would. */
function inlinedText(html: string): string {
  const match = /<script id="app-settings" type="application\/json">([^<]*)<\/script>/.exec(html);
  if (!match) throw new Error(`no settings element in ${html}`);
  return match[1] ?? '';
}

describe('app settings', () => {
  it('has the defaults the dev server proxy and the demo server use', () => {
    expect(appSettingsDefaults).toEqual({
      apiBase: '/api',
      storageBase: '/storage',
      appToken: 'demo-app-token',
      opnPublicKey: '',
      paymentGateway: 'sandbox',
      support: {},
      alertsByEmail: false,
      privacy: {
        controller: '',
        contactEmail: '',
        storageRegion: '',
        retentionDays: 35,
        orderContactDays: 730,
      },
    });
  });

  it('keeps a value that tries to close the script element as data', () => {
    const hostile = '</script><script>alert(1)</script><!--';
    const html = inlineAppSettings(SHELL, settings({ appToken: hostile, support: { lineId: '@x' } }));
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!--"');
    // Exactly one script element opens and closes: the settings' own.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const text = inlinedText(html);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(text).appToken).toBe(hostile);
    expect(parseAppSettingsJson(text).settings.appToken).toBe(hostile);
  });

  it('escapes &, > and the line separators U+2028 / U+2029', () => {
    const json = appSettingsJson(settings({ opnPublicKey: 'a&b>c\u2028d\u2029e' }));
    expect(json).toContain('a\\u0026b\\u003ec\\u2028d\\u2029e');
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json).opnPublicKey).toBe('a&b>c\u2028d\u2029e');
  });

  it('does not read "$&" or "$\'" in a value as replacement patterns', () => {
    const html = inlineAppSettings(SHELL, settings({ appToken: "t$&$'$`$1" }));
    expect(JSON.parse(inlinedText(html)).appToken).toBe("t$&$'$`$1");
    expect(
      html.startsWith(
        '<!doctype html><html><head><meta charset="UTF-8" /><meta http-equiv="Content-Security-Policy"',
      ),
    ).toBe(true);
    expect(html.endsWith('</script><title>t</title></head></html>')).toBe(true);
  });

  it('replaces settings inlined before (the shell the service worker precached from the server)', () => {
    const first = inlineAppSettings(SHELL, settings({ appToken: 'old-token' }));
    const second = inlineAppSettings(first, settings({ appToken: 'new-token' }));
    expect(second.match(/<script/g)).toHaveLength(1);
    expect(second.match(/<meta http-equiv="Content-Security-Policy"/g)).toHaveLength(1);
    expect(JSON.parse(inlinedText(second)).appToken).toBe('new-token');
  });

  it('puts the Content-Security-Policy before the settings, from the settings', () => {
    const shell = inlineAppSettings(SHELL, settings({ storageBase: 'https://photos.example.com/bucket' }));
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(shell)?.[1] ?? '';
    expect(meta).toContain("img-src 'self' data: blob: https://photos.example.com");
    expect(meta).toContain("script-src 'self';");
  });

  it('allows only what the settings need: the store, the API, the card provider where cards are set up', () => {
    const strict = contentSecurityPolicy(settings());
    expect(strict).toBe(
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "font-src 'self'",
        "frame-src 'self'",
        "worker-src 'self' blob:",
        "manifest-src 'self'",
        "media-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ].join('; '),
    );
    const elsewhere = contentSecurityPolicy(
      settings({
        apiBase: 'https://API.example.com/v',
        storageBase: 'https://cdn.example.com/photos',
        opnPublicKey: 'pkey_test_1',
        paymentGateway: 'opn',
      }),
    );
    expect(elsewhere).toContain("script-src 'self' https://cdn.omise.co;");
    expect(elsewhere).toContain(
      "connect-src 'self' https://api.example.com https://cdn.example.com https://vault.omise.co https://api.omise.co;",
    );
    expect(elsewhere).toContain(
      "img-src 'self' data: blob: https://api.example.com https://cdn.example.com https://api.omise.co;",
    );
    expect(elsewhere).toContain("frame-src 'self' https://cdn.omise.co;");
  });

  it("allows the shell's inline script by the hash the build wrote beside it, and nothing else inline", () => {
    const hash = `sha256-${'A'.repeat(43)}=`;
    const shell = SHELL.replace(
      '<title>',
      `<script data-csp-hash="${hash}">document.title</script><script data-csp-hash="sha256-short">x</script><title>`,
    );
    expect(inlineScriptHashes(shell)).toEqual([hash]);
    expect(inlineScriptHashes(SHELL)).toEqual([]);
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(
      inlineAppSettings(shell, settings()),
    )?.[1];
    expect(meta).toContain(`script-src 'self' '${hash}';`);
    expect(meta).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(contentSecurityPolicy(settings({ opnPublicKey: 'pkey_test_1' }), [hash])).toContain(
      `script-src 'self' '${hash}' https://cdn.omise.co;`,
    );
  });

  it('leaves a shell without a marker as it is', () => {
    const plain = '<!doctype html><title>shell</title>';
    expect(inlineAppSettings(plain, appSettingsDefaults)).toBe(plain);
  });

  it('parses what the server inlines, and gives the defaults with a reason for anything else', () => {
    const given = settings({
      apiBase: 'https://api.example.com/api',
      appToken: 'tok',
      paymentGateway: 'opn',
      opnPublicKey: 'pkey_test_1',
      support: { lineId: '@runfoto', phone: '02-123-4567', email: 'help@example.com' },
    });
    expect(parseAppSettingsJson(appSettingsJson(given))).toEqual({ settings: given });
    for (const broken of [undefined, null, '', '  ', '{', '[]', '"x"', '{"paymentGateway":"paypal"}']) {
      const parsed = parseAppSettingsJson(broken);
      expect(parsed.settings).toEqual(appSettingsDefaults);
      expect(parsed.problem).toBeTruthy();
    }
    expect(parseAppSettingsJson('{"appToken":""}').problem).toMatch(/appToken/);
    expect(parseAppSettingsJson('{"support":{"lineUrl":"javascript:alert(1)"}}').problem).toMatch(/http/);
  });

  it('fills absent fields with the defaults and drops trailing slashes of the bases', () => {
    expect(
      parseAppSettingsJson('{"appToken":"x","apiBase":"/shop/api/","storageBase":"https://cdn/x//"}'),
    ).toEqual({
      settings: settings({ appToken: 'x', apiBase: '/shop/api', storageBase: 'https://cdn/x' }),
    });
  });

  it('accepts only usable support channels', () => {
    const support = (value: unknown) => parseAppSettingsJson(JSON.stringify({ support: value }));
    expect(
      support({
        lineId: 'runfoto.th',
        lineUrl: 'https://lin.ee/abc',
        facebookUrl: 'https://www.facebook.com/runfoto',
        phone: '+66 2 123 4567',
        email: 'help@runfoto.example',
      }).problem,
    ).toBeUndefined();
    for (const bad of [
      { lineId: '@run foto' },
      { lineUrl: 'line://ti/p/@x' },
      { facebookUrl: 'data:text/html,<b>x</b>' },
      { phone: 'call me' },
      { email: 'not-an-email' },
    ]) {
      expect(support(bad).problem, JSON.stringify(bad)).toBeTruthy();
    }
  });
});
