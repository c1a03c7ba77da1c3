import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasSupportChannels } from '../core/contract/settings';
import {
  DEMO_APP_TOKEN,
  DEMO_PRIVACY,
  DEMO_SUPPORT,
  loadConfig,
  noPrivacyContactNotice,
  noSupportNotice,
  s3Settings,
  sandboxWarning,
} from './config';
import { DEFAULT_PUSH_SERVICES } from './services/alerts/push-endpoint';

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

  it('reads the worker threads and API processes; several processes need PostgreSQL', () => {
    expect(loadConfig({ FACE_WORKERS: '3' })).toMatchObject({
      faceWorkers: 3,
      selfieWorkers: 3,
      apiProcesses: 1,
    });
    expect(loadConfig({ FACE_WORKERS: '0', SELFIE_WORKERS: '2' })).toMatchObject({
      faceWorkers: 0,
      selfieWorkers: 2,
    });
    expect(loadConfig({ API_PROCESSES: '4', DATABASE_URL: 'postgres://a@b/c' }).apiProcesses).toBe(4);
    expect(() => loadConfig({ API_PROCESSES: '2' })).toThrow(/API_PROCESSES=2 needs DATABASE_URL/);
    expect(() => loadConfig({ SELFIE_WORKERS: '-1' })).toThrow(/SELFIE_WORKERS must be 0-64/);
  });

  it('refuses a bad port or demo setting', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DEMO_DATA: 'yes' })).toThrow(/DEMO_DATA/);
  });

  it('needs the Opn address and secret key for card payments', () => {
    expect(() =>
      loadConfig({ PAYMENT_GATEWAY: 'opn', PUBLIC_BASE_URL: 'https://photos.example', OPN_SECRET_KEY: 'k' }),
    ).toThrow(/OPN_API_URL/);
    expect(() =>
      loadConfig({
        PAYMENT_GATEWAY: 'opn',
        PUBLIC_BASE_URL: 'https://photos.example',
        OPN_API_URL: 'http://127.0.0.1:1',
      }),
    ).toThrow(/OPN_SECRET_KEY/);
    expect(
      loadConfig({
        PAYMENT_GATEWAY: 'opn',
        PUBLIC_BASE_URL: 'https://photos.example',
        OPN_API_URL: 'http://x',
        OPN_SECRET_KEY: 'k',
      }).opn,
    ).toEqual({
      apiUrl: 'http://x',
      secretKey: 'k',
    });
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'paypal' })).toThrow(/PAYMENT_GATEWAY/);
  });

  it('refuses a production store without an explicit gateway, and says loudly that the sandbox takes no money', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENT_GATEWAY set explicitly/);
    const sandbox = loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox' });
    expect(sandboxWarning(sandbox)).toMatch(/takes NO money[\s\S]*mark it paid/);
    expect(sandboxWarning(loadConfig({}))).toMatch(/sandbox/);
    const real = loadConfig({
      PAYMENT_GATEWAY: 'opn',
      PUBLIC_BASE_URL: 'https://photos.example',
      OPN_API_URL: 'http://x',
      OPN_SECRET_KEY: 'k',
    });
    expect(sandboxWarning(real)).toBeUndefined();
  });
});

describe('loadConfig: the settings the PWA takes at run time', () => {
  it('defaults to the demo token, /api, no card key and the demo store’s own support channels', () => {
    expect(loadConfig({})).toMatchObject({ publicApiBase: '/api', opnPublicKey: '', support: DEMO_SUPPORT });
  });

  it('has no support channels when none is set outside the demo store', () => {
    expect(loadConfig({ DEMO_DATA: 'off' }).support).toEqual({});
    expect(hasSupportChannels(loadConfig({ DEMO_DATA: 'off' }).support)).toBe(false);
    expect(hasSupportChannels(DEMO_SUPPORT)).toBe(true);
    expect(noSupportNotice(loadConfig({ DEMO_DATA: 'off' }))).toMatch(/hides its "contact us" links/);
    expect(noSupportNotice(loadConfig({}))).toBeUndefined();
    // A channel of the owner's own replaces the demo's, not added to them.
    expect(loadConfig({ SUPPORT_EMAIL: 'shop@runfoto.example' }).support).toEqual({
      email: 'shop@runfoto.example',
    });
  });

  it('reads the card public key, the API base and every support channel', () => {
    const c = loadConfig({
      OPN_PUBLIC_KEY: ' pkey_test_5x ',
      PUBLIC_API_BASE: 'https://api.example.com/shop/api/',
      SUPPORT_LINE_ID: '@runfoto',
      SUPPORT_LINE_URL: 'https://lin.ee/AbCdEf',
      SUPPORT_FACEBOOK_URL: 'https://www.facebook.com/runfoto',
      SUPPORT_PHONE: '02-123-4567',
      SUPPORT_EMAIL: 'help@runfoto.example',
    });
    expect(c.opnPublicKey).toBe('pkey_test_5x');
    expect(c.publicApiBase).toBe('https://api.example.com/shop/api');
    expect(c.support).toEqual({
      lineId: '@runfoto',
      lineUrl: 'https://lin.ee/AbCdEf',
      facebookUrl: 'https://www.facebook.com/runfoto',
      phone: '02-123-4567',
      email: 'help@runfoto.example',
    });
  });

  it('leaves out empty support channels and keeps the ones given', () => {
    expect(
      loadConfig({ SUPPORT_PHONE: '+66 81 234 5678', SUPPORT_EMAIL: '  ', SUPPORT_LINE_ID: '' }).support,
    ).toEqual({ phone: '+66 81 234 5678' });
  });

  it('refuses a support channel the About page could not link, naming its variable', () => {
    expect(() => loadConfig({ SUPPORT_LINE_URL: 'javascript:alert(1)' })).toThrow(/^SUPPORT_LINE_URL .*http/);
    expect(() => loadConfig({ SUPPORT_FACEBOOK_URL: 'facebook.com/runfoto' })).toThrow(
      /^SUPPORT_FACEBOOK_URL/,
    );
    expect(() => loadConfig({ SUPPORT_LINE_ID: '@run foto' })).toThrow(/^SUPPORT_LINE_ID/);
    expect(() => loadConfig({ SUPPORT_PHONE: 'ask us' })).toThrow(/^SUPPORT_PHONE .*"ask us"/);
    expect(() => loadConfig({ SUPPORT_EMAIL: 'help@' })).toThrow(/^SUPPORT_EMAIL/);
  });

  it('reads the addresses the store trusts, calls and writes, and refuses bad ones', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      metricsHost: '127.0.0.1',
      trustedProxyAddresses: ['127.0.0.0/8', '::1'],
      pushServices: [...DEFAULT_PUSH_SERVICES],
      allowedHosts: ['localhost', '127.0.0.1'],
      drainSeconds: 5,
    });
    expect(
      loadConfig({
        METRICS_HOST: '0.0.0.0',
        TRUSTED_PROXIES: '10.0.0.0/8, fd00::/8,192.168.1.7',
        PUSH_SERVICES: 'FCM.googleapis.com,*.notify.windows.com,http://127.0.0.1:9999',
        ALLOWED_HOSTS: 'photos.example,localhost:8080',
        DRAIN_SECONDS: '0',
      }),
    ).toMatchObject({
      metricsHost: '0.0.0.0',
      trustedProxyAddresses: ['10.0.0.0/8', 'fd00::/8', '192.168.1.7'],
      pushServices: ['fcm.googleapis.com', '*.notify.windows.com', 'http://127.0.0.1:9999'],
      allowedHosts: ['photos.example', 'localhost:8080'],
      drainSeconds: 0,
    });
    expect(() => loadConfig({ TRUSTED_PROXIES: 'proxy.local' })).toThrow(/^TRUSTED_PROXIES/);
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(/^TRUSTED_PROXIES/);
    expect(() => loadConfig({ PUSH_SERVICES: 'http://push.example/path' })).toThrow(/^PUSH_SERVICES/);
    expect(() => loadConfig({ PUSH_SERVICES: 'ftp://push.example' })).toThrow(/^PUSH_SERVICES/);
    expect(() => loadConfig({ ALLOWED_HOSTS: 'evil.example/x' })).toThrow(/^ALLOWED_HOSTS/);
    expect(() => loadConfig({ DRAIN_SECONDS: '61' })).toThrow(/^DRAIN_SECONDS/);
    expect(() => loadConfig({ DRAIN_SECONDS: '10', SHUTDOWN_SECONDS: '10' })).toThrow(
      /shorter than SHUTDOWN/,
    );
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'photos.example' })).toThrow(/^PUBLIC_BASE_URL/);
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://photos.example/' }).publicBaseUrl).toBe(
      'https://photos.example',
    );
  });

  it('a store on a real gateway refuses to start without its own public address', () => {
    const opn = { PAYMENT_GATEWAY: 'opn', OPN_API_URL: 'http://x', OPN_SECRET_KEY: 'k' };
    expect(() => loadConfig(opn)).toThrow(/PAYMENT_GATEWAY=opn needs PUBLIC_BASE_URL/);
    expect(() =>
      loadConfig({ PAYMENT_GATEWAY: 'gbp', GBP_API_URL: 'http://x', GBP_TOKEN: 't', GBP_SECRET_KEY: 's' }),
    ).toThrow(/PAYMENT_GATEWAY=gbp needs PUBLIC_BASE_URL/);
    expect(loadConfig({ ...opn, PUBLIC_BASE_URL: 'https://photos.example' }).publicBaseUrl).toBe(
      'https://photos.example',
    );
  });

  it('reads TRUST_PROXY as the number of proxies in front, and refuses anything else', () => {
    expect(loadConfig({}).trustedProxies).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustedProxies).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustedProxies).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/^TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '-1' })).toThrow(/^TRUST_PROXY/);
  });

  it('reads the operator settings: logs, metrics, the stop and backups, and refuses bad ones', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c).toMatchObject({
      log: { level: 'info', format: 'json' },
      metricsToken: undefined,
      metricsPort: undefined,
      shutdownSeconds: 20,
      backups: undefined,
    });
    expect(
      loadConfig(
        {
          LOG_LEVEL: 'warn',
          LOG_FORMAT: 'pretty',
          METRICS_TOKEN: 'a-long-enough-token',
          METRICS_PORT: '9464',
          SHUTDOWN_SECONDS: '30',
          BACKUP_DIR: 'backups',
          BACKUP_EVERY: '24h',
        },
        '/srv/app',
      ),
    ).toMatchObject({
      log: { level: 'warn', format: 'pretty' },
      metricsToken: 'a-long-enough-token',
      metricsPort: 9464,
      shutdownSeconds: 30,
      backups: { dir: path.resolve('/srv/app/backups'), everyMs: 24 * 3600_000, keep: 7 },
    });
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/^LOG_LEVEL/);
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/^LOG_FORMAT/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/^METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_PORT: 'x' })).toThrow(/^METRICS_PORT/);
    expect(() => loadConfig({ SHUTDOWN_SECONDS: '0' })).toThrow(/^SHUTDOWN_SECONDS/);
    expect(() => loadConfig({ BACKUP_DIR: 'b' })).toThrow(/^BACKUP_DIR and BACKUP_EVERY/);
    expect(() => loadConfig({ BACKUP_DIR: 'b', BACKUP_EVERY: '5m' })).toThrow(/^BACKUP_EVERY/);
    expect(() => loadConfig({ BACKUP_DIR: 'b', BACKUP_EVERY: '1d', BACKUP_KEEP: '0' })).toThrow(
      /^BACKUP_KEEP/,
    );
    expect(() => loadConfig({ BACKUP_DIR: 'b', BACKUP_EVERY: '1d', DATABASE_URL: 'postgres://x/y' })).toThrow(
      /pg_dump/,
    );
  });

  it("reads the privacy notice's controller and contact, and the days orders' contacts are kept", () => {
    expect(loadConfig({}).privacy).toEqual(DEMO_PRIVACY);
    expect(loadConfig({}).orderContactDays).toBe(730);
    expect(noPrivacyContactNotice(loadConfig({}))).toBeUndefined();
    const off = loadConfig({ DEMO_DATA: 'off' });
    expect(off.privacy).toEqual({ controller: '', contactEmail: '' });
    expect(noPrivacyContactNotice(off)).toMatch(/PRIVACY_CONTROLLER and PRIVACY_CONTACT_EMAIL/);
    const given = loadConfig({
      DEMO_DATA: 'off',
      PRIVACY_CONTROLLER: ' Runfoto Co., Ltd. ',
      PRIVACY_CONTACT_EMAIL: 'dpo@runfoto.example',
      ORDER_CONTACT_DAYS: '365',
    });
    expect(given.privacy).toEqual({ controller: 'Runfoto Co., Ltd.', contactEmail: 'dpo@runfoto.example' });
    expect(given.orderContactDays).toBe(365);
    expect(noPrivacyContactNotice(given)).toBeUndefined();
    expect(() => loadConfig({ PRIVACY_CONTACT_EMAIL: 'not-an-address' })).toThrow(/^PRIVACY_CONTACT_EMAIL/);
    expect(() => loadConfig({ ORDER_CONTACT_DAYS: '0' })).toThrow(/^ORDER_CONTACT_DAYS must be 1-3650/);
    expect(() => loadConfig({ ORDER_CONTACT_DAYS: 'two years' })).toThrow(/^ORDER_CONTACT_DAYS/);
  });
});

describe('s3Settings', () => {
  const full = {
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'photos',
    S3_ACCESS_KEY: 'key',
    S3_SECRET_KEY: 'secret',
  };

  it('is undefined when S3_ENDPOINT is unset', () => {
    expect(s3Settings({})).toBeUndefined();
    expect(s3Settings({ S3_BUCKET: 'photos' })).toBeUndefined();
  });

  it('reads the settings, defaulting the region', () => {
    expect(s3Settings(full)).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'photos',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      region: 'us-east-1',
    });
    expect(
      s3Settings({ ...full, S3_REGION: 'ap-southeast-1', S3_PUBLIC_URL: 'https://cdn.example.com' }),
    ).toMatchObject({
      region: 'ap-southeast-1',
      publicBaseUrl: 'https://cdn.example.com',
    });
  });

  it('names the missing variable when S3_ENDPOINT is set', () => {
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const) {
      const env: NodeJS.ProcessEnv = { ...full };
      delete env[name];
      expect(() => s3Settings(env)).toThrow(name);
    }
  });
});

describe('whole-number settings', () => {
  it.each([
    ['PORT', '70000', 'PORT must be 0-65535, got "70000"'],
    ['FACE_WORKERS', '2.5', 'FACE_WORKERS must be 0-64, got "2.5"'],
    ['SHUTDOWN_SECONDS', '0', 'SHUTDOWN_SECONDS must be 1-600, got "0"'],
    ['DRAIN_SECONDS', 'ten', 'DRAIN_SECONDS must be 0-60, got "ten"'],
    ['RETENTION_DAYS', '4000', 'RETENTION_DAYS must be 1-3650, got "4000"'],
    ['JOB_LEASE_SECONDS', '1', 'JOB_LEASE_SECONDS must be 2-3600, got "1"'],
    ['TRUST_PROXY', '11', 'TRUST_PROXY must be the number of proxies in front (0-10), got "11"'],
    ['METRICS_PORT', '-1', 'METRICS_PORT must be 0-65535, got "-1"'],
  ])('%s=%s stops the start and names the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('takes the default when unset or empty, and the number when given', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(8080);
    expect(loadConfig({ PORT: '0', SHUTDOWN_SECONDS: '30', DRAIN_SECONDS: '0' })).toMatchObject({
      port: 0,
      shutdownSeconds: 30,
      drainSeconds: 0,
    });
  });
});

it('reads PROMPTPAY_ID for the sandbox (no other module reads the environment)', () => {
  expect(loadConfig({}).promptPayId).toBeUndefined();
  expect(loadConfig({ PROMPTPAY_ID: ' 0812345678 ' }).promptPayId).toBe('0812345678');
});
