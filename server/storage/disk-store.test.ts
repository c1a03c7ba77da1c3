import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { storageRoutes, type UploadGrantCheck } from '../routes/storage';
import { accept, refuse } from '../services/outcome';
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

  it('signs an upload address bound to its size and grant: neither can be changed or left out', async () => {
    const url = new URL(
      await store.signedPutUrl('private/uploads/ev/abc', 'image/jpeg', 600, { bytes: 1234, grant: 'link:7' }),
      'http://x',
    );
    expect(url.searchParams.get('size')).toBe('1234');
    expect(url.searchParams.get('grant')).toBe('link:7');
    const sig = url.searchParams.get('sig') ?? undefined;
    const request = {
      method: 'PUT' as const,
      key: 'private/uploads/ev/abc',
      expires: NOW / 1000 + 600,
      contentType: 'image/jpeg',
      size: 1234,
      grant: 'link:7',
    };
    expect(verify('test-secret', request, sig, NOW / 1000)).toBe('valid');
    expect(verify('test-secret', { ...request, size: 60 * 1024 * 1024 }, sig, NOW / 1000)).toBe('invalid');
    expect(verify('test-secret', { ...request, grant: 'link:8' }, sig, NOW / 1000)).toBe('invalid');
    const { size: _size, ...unsized } = request;
    expect(verify('test-secret', unsized, sig, NOW / 1000)).toBe('invalid');
    const { grant: _grant, ...ungranted } = request;
    expect(verify('test-secret', ungranted, sig, NOW / 1000)).toBe('invalid');
    await expect(store.signedPutUrl('a/b', 'image/jpeg', 60, { bytes: -1 })).rejects.toThrow(/size/);
    await expect(store.signedPutUrl('a/b', 'image/jpeg', 60, { bytes: 1, grant: 'a\nb' })).rejects.toThrow(
      /grant/,
    );
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

describe('the disk store’s signed PUT of a size and a grant (behind the app’s /storage route)', () => {
  const root = path.join(dir, 'sized');
  let now = Date.now();
  const store = new DiskStore(root, { baseUrl: '/storage', signingSecret: 'sized-secret', now: () => now });
  /** The grants that still hold, and how often the route asked. */
  const holding = new Set(['link:1']);
  let asked = 0;
  const checkGrant: UploadGrantCheck = async (_key, grant) => {
    asked += 1;
    return holding.has(grant)
      ? accept(true)
      : refuse(403, 'this upload link does not work', { code: 'upload-link-invalid', th: 'ลิงก์ใช้ไม่ได้' });
  };
  const app = new Hono().route('/storage', storageRoutes(store, undefined, checkGrant));
  const put = (
    url: string,
    body: Uint8Array | ReadableStream<Uint8Array>,
    headers: Record<string, string> = {},
  ) =>
    app.request(url, {
      method: 'PUT',
      body,
      headers: { 'content-type': 'image/jpeg', ...headers },
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);
  /** Every file under the store's folder, temporary ones too. */
  const files = async () =>
    (await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []))
      .filter((e) => e.isFile())
      .map((e) => e.name);
  /** A body sent in chunks with no Content-Length (Transfer-Encoding: chunked). */
  const chunked = (sizes: number[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const size of sizes) controller.enqueue(new Uint8Array(size).fill(7));
        controller.close();
      },
    });

  it('refuses a body of another length than signed, said in English and Thai, and keeps nothing', async () => {
    const key = 'private/uploads/ev-1/aaa';
    const url = await store.signedPutUrl(key, 'image/jpeg', 600, { bytes: 1, grant: 'link:1' });
    // Signed as 1 byte: 60 MiB declared is refused before a byte is read.
    const declared = await put(url, new Uint8Array(10), { 'content-length': String(60 * 1024 * 1024) });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({
      status: 'error',
      code: 'size-mismatch',
      message:
        'the file is larger than the size this upload address was signed for: send the file it was signed for',
      message_th: 'ไฟล์ใหญ่กว่าขนาดที่ขออัปโหลดไว้ กรุณาส่งไฟล์เดิมที่ขออัปโหลด',
    });
    // The bytes received count, whatever the client declares (or does not: a chunked body).
    expect((await put(url, new Uint8Array(5000))).status).toBe(413);
    expect((await put(url, chunked([1, 64 * 1024, 64 * 1024]))).status).toBe(413);
    expect(await files()).toEqual([]);
    const bigger = await store.signedPutUrl(key, 'image/jpeg', 600, { bytes: 100, grant: 'link:1' });
    const short = await put(bigger, chunked([40, 59]));
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ code: 'size-mismatch', message_th: expect.any(String) });
    expect(await files()).toEqual([]);
    expect((await put(bigger, chunked([40, 60]))).status).toBe(200);
    expect((await store.get(key))?.length).toBe(100);
    expect(await files()).toEqual(['aaa']);
  });

  it('asks whether the grant still holds as the PUT arrives and again before keeping it', async () => {
    const key = 'private/uploads/ev-1/bbb';
    const url = await store.signedPutUrl(key, 'image/jpeg', 600, { bytes: 3, grant: 'link:2' });
    // Signed while link 2 worked; revoked since: 403 in the grant's words, nothing kept.
    const revoked = await put(url, new Uint8Array([1, 2, 3]));
    expect(revoked.status).toBe(403);
    expect(await revoked.json()).toMatchObject({ code: 'upload-link-invalid', message_th: 'ลิงก์ใช้ไม่ได้' });
    expect(await store.exists(key)).toBe(false);
    // Revoked while the body streams in: refused before the file is kept.
    holding.add('link:2');
    asked = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        controller.enqueue(new Uint8Array([1, 2, 3]));
        holding.delete('link:2');
        controller.close();
      },
    });
    expect((await put(url, body)).status).toBe(403);
    expect(asked).toBe(2);
    expect(await store.exists(key)).toBe(false);
    expect((await files()).filter((f) => f.startsWith('bbb'))).toEqual([]);
    holding.add('link:2');
    expect((await put(url, new Uint8Array([1, 2, 3]))).status).toBe(200);
  });

  it('takes a photographer’s upload only through an address bound to its size and link, with the link checked', async () => {
    const key = 'private/uploads/ev-1/ccc';
    for (const binding of [undefined, { bytes: 1 }]) {
      const url = await store.signedPutUrl(key, 'image/jpeg', 600, binding);
      expect((await put(url, new Uint8Array([1]))).status).toBe(403);
    }
    // A route that cannot check grants takes none.
    const unchecked = new Hono().route('/storage', storageRoutes(store));
    const url = await store.signedPutUrl(key, 'image/jpeg', 600, { bytes: 1, grant: 'link:1' });
    const answer = await unchecked.request(url, {
      method: 'PUT',
      body: new Uint8Array([1]),
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(answer.status).toBe(403);
    expect(await store.exists(key)).toBe(false);
    now += 601_000;
    const expired = await put(url, new Uint8Array([1]));
    expect(expired.status).toBe(403);
    expect(await expired.json()).toMatchObject({
      message: 'upload address is expired',
      message_th: expect.any(String),
    });
  });
});
