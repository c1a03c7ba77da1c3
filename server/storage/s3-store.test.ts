import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Store, s3ConfigFromEnv } from './s3-store';

// s3rver ships no types; this is the part of it the tests use.
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverServer;
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;

const bucket = 'photos';
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 's3-store-'));
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: dir,
  configureBuckets: [{ name: bucket }],
});
let endpoint = '';
let store: S3Store;

beforeAll(async () => {
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  // s3rver's one built-in account is S3RVER/S3RVER; any other key pair is refused.
  store = new S3Store({
    endpoint,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
  });
});
afterAll(async () => {
  await server.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const bytes = (values: number[]) => new Uint8Array(values);

describe('S3Store', () => {
  it('puts, reads, checks and deletes objects under nested keys', async () => {
    await store.put('ev-1/thumbnail/a.jpg', bytes([1, 2, 3]), 'image/jpeg');
    expect([...((await store.get('ev-1/thumbnail/a.jpg')) ?? [])]).toEqual([1, 2, 3]);
    expect(await store.exists('ev-1/thumbnail/a.jpg')).toBe(true);
    await store.put('ev-1/thumbnail/a.jpg', bytes([4]), 'image/jpeg');
    expect([...((await store.get('ev-1/thumbnail/a.jpg')) ?? [])]).toEqual([4]);
    await store.delete('ev-1/thumbnail/a.jpg');
    expect(await store.exists('ev-1/thumbnail/a.jpg')).toBe(false);
    expect(await store.get('ev-1/thumbnail/a.jpg')).toBeUndefined();
  });

  it('answers undefined and false for a missing object, and deletes it without complaint', async () => {
    expect(await store.get('ev-1/original/missing.jpg')).toBeUndefined();
    expect(await store.exists('ev-1/original/missing.jpg')).toBe(false);
    await expect(store.delete('ev-1/original/missing.jpg')).resolves.toBeUndefined();
  });

  it('refuses invalid keys in every method', async () => {
    for (const key of ['../x', '/etc/passwd', 'a/../../b', 'a//b', '', 'a/./b', 'a b']) {
      await expect(store.put(key, bytes([]), 'text/plain')).rejects.toThrow(/invalid object key/);
      await expect(store.get(key)).rejects.toThrow(/invalid object key/);
      await expect(store.exists(key)).rejects.toThrow(/invalid object key/);
      await expect(store.delete(key)).rejects.toThrow(/invalid object key/);
      await expect(store.signedPutUrl(key, 'image/jpeg', 60)).rejects.toThrow(/invalid object key/);
      await expect(store.signedGetUrl(key, 60)).rejects.toThrow(/invalid object key/);
      expect(() => store.publicUrl(key)).toThrow(/invalid object key/);
    }
  });

  it('builds public URLs from the endpoint, or from publicBaseUrl when given', () => {
    expect(store.publicUrl('ev-1/cover.jpg')).toBe(`${endpoint}/${bucket}/ev-1/cover.jpg`);
    const cdn = new S3Store({
      endpoint,
      bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      region: 'us-east-1',
      publicBaseUrl: 'https://cdn.example.com/',
    });
    expect(cdn.publicUrl('ev-1/cover.jpg')).toBe('https://cdn.example.com/ev-1/cover.jpg');
  });

  it('accepts a presigned PUT with the bound content type, and the object is then readable', async () => {
    const url = await store.signedPutUrl('ev-2/selfie/s.jpg', 'image/jpeg', 60);
    expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toContain('content-type');
    const response = await fetch(url, {
      method: 'PUT',
      body: bytes([9, 8, 7]),
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(response.status).toBe(200);
    expect([...((await store.get('ev-2/selfie/s.jpg')) ?? [])]).toEqual([9, 8, 7]);
  });

  it('refuses a presigned PUT sent with a different content type', async () => {
    const url = await store.signedPutUrl('ev-2/selfie/t.jpg', 'image/jpeg', 60);
    const response = await fetch(url, {
      method: 'PUT',
      body: bytes([1]),
      headers: { 'content-type': 'text/html' },
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('SignatureDoesNotMatch');
    expect(await store.exists('ev-2/selfie/t.jpg')).toBe(false);
  });

  it('serves the bytes through a presigned GET', async () => {
    await store.put('ev-3/original/o.jpg', bytes([5, 6]), 'image/jpeg');
    const response = await fetch(await store.signedGetUrl('ev-3/original/o.jpg', 60));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([5, 6]);
  });

  it('refuses a presigned GET whose signature was tampered with', async () => {
    const url = new URL(await store.signedGetUrl('ev-3/original/o.jpg', 60));
    url.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    expect((await fetch(url)).status).toBe(403);
  });

  it('refuses an expired presigned GET', async () => {
    const url = await store.signedGetUrl('ev-3/original/o.jpg', 1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const response = await fetch(url);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Request has expired');
  });

  it('refuses requests signed with an unknown secret', async () => {
    const wrong = new S3Store({
      endpoint,
      bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'nope',
      region: 'us-east-1',
    });
    await expect(wrong.put('ev-4/a.jpg', bytes([1]), 'image/jpeg')).rejects.toThrow(/signature/i);
  });
});

describe('s3ConfigFromEnv', () => {
  const full = {
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'photos',
    S3_ACCESS_KEY: 'key',
    S3_SECRET_KEY: 'secret',
  };

  it('is undefined when S3_ENDPOINT is unset', () => {
    expect(s3ConfigFromEnv({})).toBeUndefined();
    expect(s3ConfigFromEnv({ S3_BUCKET: 'photos' })).toBeUndefined();
  });

  it('reads the settings, defaulting the region', () => {
    expect(s3ConfigFromEnv(full)).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'photos',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      region: 'us-east-1',
    });
    expect(
      s3ConfigFromEnv({ ...full, S3_REGION: 'ap-southeast-1', S3_PUBLIC_URL: 'https://cdn.example.com' }),
    ).toMatchObject({
      region: 'ap-southeast-1',
      publicBaseUrl: 'https://cdn.example.com',
    });
  });

  it('names the missing variable when S3_ENDPOINT is set', () => {
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const) {
      const env: NodeJS.ProcessEnv = { ...full };
      delete env[name];
      expect(() => s3ConfigFromEnv(env)).toThrow(name);
    }
  });
});
