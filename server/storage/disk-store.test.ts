import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { storageRoutes } from '../routes/storage';
import { DiskStore } from './disk-store';
import { objectStoreContract } from './object-store-contract';
import { verify } from './url-signing';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'disk-store-'));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

const NOW = 1_800_000_000_000;

describe('DiskStore', () => {
  const store = new DiskStore(dir, { baseUrl: '/storage', signingSecret: 'test-secret', now: () => NOW });

  it('writes, reads and deletes an object under nested keys', async () => {
    await store.put('ev-1/thumbnail/a.jpg', new Uint8Array([1, 2, 3]), 'image/jpeg');
    expect([...((await store.get('ev-1/thumbnail/a.jpg')) ?? [])]).toEqual([1, 2, 3]);
    expect(await store.exists('ev-1/thumbnail/a.jpg')).toBe(true);
    expect(await store.get('ev-1/thumbnail/missing.jpg')).toBeUndefined();
    expect(await fs.readdir(path.join(dir, 'ev-1/thumbnail'))).toEqual(['a.jpg']);
    await store.delete('ev-1/thumbnail/a.jpg');
    await store.delete('ev-1/thumbnail/a.jpg');
    expect(await store.exists('ev-1/thumbnail/a.jpg')).toBe(false);
    expect(await store.exists('ev-1/thumbnail')).toBe(false);
  });

  it('refuses keys that could leave the store', async () => {
    for (const key of ['../x', '/etc/passwd', 'a/../../b', 'a//b', '']) {
      await expect(store.put(key, new Uint8Array(), 'text/plain')).rejects.toThrow(/invalid object key/);
      expect(() => store.publicUrl(key)).toThrow(/invalid object key/);
    }
  });

  it('signs PUT addresses bound to key, content type and expiry', async () => {
    const url = new URL(await store.signedPutUrl('private/selfies/s.jpg', 'image/jpg', 600), 'http://x');
    expect(url.pathname).toBe('/storage/private/selfies/s.jpg');
    const expires = Number(url.searchParams.get('expires'));
    expect(expires).toBe(NOW / 1000 + 600);
    const sig = url.searchParams.get('sig') ?? undefined;
    const request = {
      method: 'PUT' as const,
      key: 'private/selfies/s.jpg',
      expires,
      contentType: 'image/jpg',
    };
    expect(verify('test-secret', request, sig, NOW / 1000)).toBe('valid');
    expect(verify('test-secret', { ...request, contentType: 'image/png' }, sig, NOW / 1000)).toBe('invalid');
    expect(verify('test-secret', { ...request, key: 'private/selfies/t.jpg' }, sig, NOW / 1000)).toBe(
      'invalid',
    );
    expect(verify('test-secret', { ...request, method: 'GET' }, sig, NOW / 1000)).toBe('invalid');
    expect(verify('other-secret', request, sig, NOW / 1000)).toBe('invalid');
    expect(verify('test-secret', request, sig, NOW / 1000 + 601)).toBe('expired');
    expect(verify('test-secret', request, undefined, NOW / 1000)).toBe('invalid');
  });

  it('gives public addresses under its base', () => {
    expect(store.publicUrl('ev-1/thumbnail/a.jpg')).toBe('/storage/ev-1/thumbnail/a.jpg');
  });
});

describe('DiskStore, as every object store (behind the app’s /storage route)', () => {
  let now = Date.now();
  const store = new DiskStore(path.join(dir, 'contract'), {
    baseUrl: '/storage',
    signingSecret: 'contract-secret',
    now: () => now,
  });
  const app = new Hono().route('/storage', storageRoutes(store));
  objectStoreContract(() => ({
    store,
    send: async (url, init) => app.request(url, init),
    elapse: async (seconds) => {
      now += seconds * 1000;
    },
  }));

  it('takes each signed upload address once', async () => {
    const url = await store.signedPutUrl('private/c-6/selfie/s.jpg', 'image/jpg', 60);
    const put = () =>
      app.request(url, {
        method: 'PUT',
        body: new Uint8Array([1]),
        headers: { 'content-type': 'image/jpg', 'If-None-Match': '*' },
      });
    expect((await put()).status).toBe(200);
    expect((await put()).status).toBe(409);
  });

  it('never serves a private object at a public address', async () => {
    await store.put('private/c-5/original/o.jpg', new Uint8Array([1]), 'image/jpeg');
    expect((await app.request('/storage/private/c-5/original/o.jpg')).status).toBe(403);
  });
});
