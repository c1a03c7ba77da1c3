import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_APP_TOKEN, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded store on port 8080', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c).toMatchObject({
      port: 8080,
      dataDir: path.resolve('/srv/app/data'),
      databaseUrl: undefined,
      storagePublicUrl: '/storage',
      appToken: DEMO_APP_TOKEN,
      demoData: 'auto',
    });
  });

  it('reads the environment', () => {
    const c = loadConfig(
      {
        PORT: '9000',
        DATA_DIR: '/tmp/x',
        DATABASE_URL: 'postgres://a@b/c',
        STORAGE_PUBLIC_URL: 'https://cdn/x/',
      },
      '/srv',
    );
    expect(c).toMatchObject({ port: 9000, dataDir: '/tmp/x', databaseUrl: 'postgres://a@b/c' });
    expect(c.storagePublicUrl).toBe('https://cdn/x');
  });

  it('refuses a bad port or demo setting', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DEMO_DATA: 'yes' })).toThrow(/DEMO_DATA/);
  });

  it('needs the Opn address and secret key for card payments', () => {
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'opn', OPN_SECRET_KEY: 'k' })).toThrow(/OPN_API_URL/);
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'opn', OPN_API_URL: 'http://127.0.0.1:1' })).toThrow(
      /OPN_SECRET_KEY/,
    );
    expect(loadConfig({ PAYMENT_GATEWAY: 'opn', OPN_API_URL: 'http://x', OPN_SECRET_KEY: 'k' }).opn).toEqual({
      apiUrl: 'http://x',
      secretKey: 'k',
    });
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'paypal' })).toThrow(/PAYMENT_GATEWAY/);
  });
});
