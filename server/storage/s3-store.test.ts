import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningS3, S3RVER_KEYS, startS3rver } from '../test/s3rver';
import { objectStoreContract } from './object-store-contract';
import { S3Store } from './s3-store';

const bucket = 'photos';
let s3: RunningS3;
let endpoint = '';
let store: S3Store;

beforeAll(async () => {
  s3 = await startS3rver(bucket);
  endpoint = s3.endpoint;
  store = new S3Store({ endpoint, bucket, ...S3RVER_KEYS, region: 'us-east-1' });
});
afterAll(() => s3.close());

const bytes = (values: number[]) => new Uint8Array(values);

describe('S3Store', () => {
  it('builds public URLs from the endpoint, or from publicBaseUrl when given', () => {
    expect(store.publicUrl('ev-1/cover.jpg')).toBe(`${endpoint}/${bucket}/ev-1/cover.jpg`);
    const cdn = new S3Store({
      endpoint,
      bucket,
      ...S3RVER_KEYS,
      region: 'us-east-1',
      publicBaseUrl: 'https://cdn.example.com/',
    });
    expect(cdn.publicUrl('ev-1/cover.jpg')).toBe('https://cdn.example.com/ev-1/cover.jpg');
  });

  it('signs the content type and create-only into a presigned PUT: an upload without them is refused', async () => {
    const url = await store.signedPutUrl('ev-2/selfie/s.jpg', 'image/jpeg', 60);
    const signed = new URL(url).searchParams.get('X-Amz-SignedHeaders')?.split(';') ?? [];
    expect(signed).toEqual(expect.arrayContaining(['content-type', 'if-none-match']));
    // A replaying client that leaves out If-None-Match (to overwrite the object) breaks the signature. Real S3,
    // MinIO and R2 also refuse a second create-only PUT of the key (412); s3rver does not model that.
    const replacing = await fetch(url, {
      method: 'PUT',
      body: bytes([9, 8, 7]),
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(replacing.status).toBe(403);
    expect(await store.exists('ev-2/selfie/s.jpg')).toBe(false);
  });

  it('takes a large upload in parts, each PUT to its own signed address, joined by their ETags', async () => {
    const key = 'private/uploads/ev-5/abc';
    const whole = new Uint8Array(12 * 1024 * 1024).map((_, i) => i % 251);
    const uploadId = await store.multipart.begin(key, 'image/jpeg');
    const half = 6 * 1024 * 1024;
    const parts = [];
    for (const [i, slice] of [whole.subarray(0, half), whole.subarray(half)].entries()) {
      const url = await store.multipart.signPart(key, uploadId, i + 1, slice.length, 60);
      const put = await fetch(url, { method: 'PUT', body: slice });
      expect(put.status).toBe(200);
      parts.push({ partNumber: i + 1, etag: put.headers.get('etag') as string });
    }
    expect(await store.exists(key)).toBe(false);
    await store.multipart.complete(key, uploadId, parts);
    expect(Buffer.from((await store.get(key)) as Uint8Array).equals(Buffer.from(whole))).toBe(true);
  });

  it('signs the length into a sized PUT and into each part: the bucket refuses another length', async () => {
    const key = 'private/uploads/ev-6/sized';
    // Signed as 1 byte, 60 MiB sent: the bucket refuses it (the signed Content-Length does not match).
    const url = await store.signedPutUrl(key, 'image/jpeg', 60, { bytes: 1, grant: 'link:1' });
    expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-length');
    const send = (body: Uint8Array, to = url) =>
      fetch(to, {
        method: 'PUT',
        body,
        headers: { 'content-type': 'image/jpeg', 'if-none-match': '*' },
      });
    const big = new Uint8Array(60 * 1024 * 1024);
    expect((await send(big)).status).toBe(403);
    expect((await send(bytes([]))).status).toBe(403);
    expect(await store.exists(key)).toBe(false);
    expect((await send(bytes([7]))).status).toBe(200);
    // A part: the same.
    const parted = 'private/uploads/ev-6/parted';
    const uploadId = await store.multipart.begin(parted, 'image/jpeg');
    const partUrl = await store.multipart.signPart(parted, uploadId, 1, 5 * 1024 * 1024, 60);
    const part = (length: number) => fetch(partUrl, { method: 'PUT', body: new Uint8Array(length) });
    expect((await part(5 * 1024 * 1024 + 1)).status).toBe(403);
    expect((await part(1024)).status).toBe(403);
    expect((await part(5 * 1024 * 1024)).status).toBe(200);
  });

  it('gives up the uploads in parts begun before a time, page by page (where the server lists them)', async () => {
    // s3rver cannot list uploads in parts: nothing to give up there (a bucket's lifecycle rule does it).
    expect(await store.multipart.abandonBefore('private/uploads/', new Date())).toBe(0);
    // A server that lists them, two pages, as S3 answers.
    const upload = (key: string, id: string, at: string) =>
      `<Upload><Key>${key}</Key><UploadId>${id}</UploadId><Initiated>${at}</Initiated></Upload>`;
    const pages = [
      `<IsTruncated>true</IsTruncated><NextKeyMarker>private/uploads/e/b</NextKeyMarker><NextUploadIdMarker>u2</NextUploadIdMarker>${upload('private/uploads/e/a', 'u1', '2026-11-22T04:00:00.000Z')}${upload('private/uploads/e/b', 'u2', '2026-11-22T04:59:00.000Z')}`,
      `<IsTruncated>false</IsTruncated>${upload('private/uploads/e/c', 'u3', '2026-11-22T03:00:00.000Z')}`,
    ];
    const asked: string[] = [];
    const server = http.createServer((req, res) => {
      asked.push(`${req.method} ${req.url}`);
      if (req.method === 'DELETE') {
        res.writeHead(204).end();
        return;
      }
      const page = new URL(req.url ?? '/', 'http://x').searchParams.has('key-marker') ? 1 : 0;
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult><Bucket>photos</Bucket>${pages[page]}</ListMultipartUploadsResult>`,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const listing = new S3Store({
        endpoint: `http://127.0.0.1:${port}`,
        bucket: 'photos',
        ...S3RVER_KEYS,
        region: 'us-east-1',
      });
      expect(
        await listing.multipart.abandonBefore('private/uploads/', new Date('2026-11-22T04:30:00.000Z')),
      ).toBe(2);
      const deleted = asked.filter((line) => line.startsWith('DELETE')).sort();
      expect(deleted).toEqual([
        expect.stringMatching(/^DELETE \/photos\/private\/uploads\/e\/a\?uploadId=u1/),
        expect.stringMatching(/^DELETE \/photos\/private\/uploads\/e\/c\?uploadId=u3/),
      ]);
      expect(asked.filter((line) => line.startsWith('GET'))).toHaveLength(2);
    } finally {
      server.close();
    }
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

describe('S3Store, as every object store (on an S3-compatible server that checks signatures)', () => {
  objectStoreContract(() => ({
    store,
    send: (url, init) => fetch(url, init),
    elapse: (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 100)),
  }));
});
