import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { Db } from '../../db/database';
import { testDatabases } from '../../db/test-databases';
import { nextTellAt } from './match-alerts';
import { defaultPushSubject, newPushKeyPair, pushKeys, pushKeysOnce } from './push-keys';

describe.each(testDatabases)('the store’s VAPID keys on $name', (database) => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await database.open());
  });
  afterAll(() => close());

  it('are made once and kept: every process (and every restart) signs with the same', async () => {
    const subject = 'mailto:shop@runfoto.example';
    const [a, b] = await Promise.all([pushKeys(db, { subject }), pushKeys(db, { subject })]);
    expect(a).toEqual(b);
    expect(a.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(a.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await pushKeys(db, { subject: 'https://photos.example' })).toMatchObject({
      publicKey: a.publicKey,
      subject: 'https://photos.example',
    });
    // A process reads them once.
    const once = pushKeysOnce(db, { subject });
    expect(await once()).toEqual(a);
    expect(once()).toBe(once());
    // An operator's keys win.
    const own = newPushKeyPair();
    expect(await pushKeys(db, { ...own, subject })).toEqual({ ...own, subject });
  });
});

describe('push settings', () => {
  it('a new key pair is always 65 and 32 bytes (a private key with leading zero bytes padded)', () => {
    for (let i = 0; i < 2000; i++) {
      const { publicKey, privateKey } = newPushKeyPair();
      expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
      expect(Buffer.from(privateKey, 'base64url')).toHaveLength(32);
    }
  });

  it('VAPID_* are checked: both keys or neither, of the right shape, a contact subject', () => {
    const { publicKey, privateKey } = newPushKeyPair();
    expect(loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }).push).toMatchObject({
      publicKey,
      privateKey,
    });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(/set both or neither/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: privateKey })).toThrow(
      /87 characters/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://insecure.example' })).toThrow(/mailto: or https:/);
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://photos.example/' }).push.subject).toBe(
      'https://photos.example',
    );
    expect(defaultPushSubject('http://localhost:8080', 'help@runfoto.example')).toBe(
      'mailto:help@runfoto.example',
    );
  });

  it('a runner is told a minute after a new photo, and never sooner than ten minutes after the last time', () => {
    const now = new Date('2026-11-22T05:00:00Z');
    expect(nextTellAt(now, null).toISOString()).toBe('2026-11-22T05:01:00.000Z');
    expect(nextTellAt(now, new Date('2026-11-22T04:55:00Z')).toISOString()).toBe('2026-11-22T05:05:00.000Z');
    expect(nextTellAt(now, new Date('2026-11-22T04:40:00Z')).toISOString()).toBe('2026-11-22T05:01:00.000Z');
  });
});
