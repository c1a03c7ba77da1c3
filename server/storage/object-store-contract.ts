// What every object store promises the rest of the store (object-store.ts), as one suite that runs against each:
// the disk store behind the app's /storage route, and S3 as an S3-compatible server that checks signatures
// (s3rver) answers it. A browser's side of it goes over HTTP: public reads, presigned PUTs and GETs. Tests only.
import { expect, it } from 'vitest';
import { UPLOAD_ONCE_HEADER } from '../../core/constants';
import { cacheControlOf, type ObjectStore } from './object-store';

export interface StoreUnderTest {
  store: ObjectStore;
  /** Sends a request to one of the store's addresses as a browser would. */
  send(url: string, init?: RequestInit): Promise<Response>;
  /** Lets `seconds` pass on the clock the store's signed addresses expire by. */
  elapse(seconds: number): Promise<void>;
}

const bytes = (values: number[]) => new Uint8Array(values);
/** A browser's upload to a signed address: the type it was signed for, create-only (as src/…/upload-selfie.ts). */
const upload = (body: Uint8Array, contentType = 'image/jpeg'): RequestInit => ({
  method: 'PUT',
  body,
  headers: { 'content-type': contentType, [UPLOAD_ONCE_HEADER.name]: UPLOAD_ONCE_HEADER.value },
});
const body = async (response: Response) => [...new Uint8Array(await response.arrayBuffer())];
const INVALID_KEYS = ['../x', '/etc/passwd', 'a/../../b', 'a//b', '', 'a/./b', 'a b'];

/** A signed address with the last character of its signature changed (the disk store's sig, S3's). */
function withSignatureChanged(url: string): string {
  const parsed = new URL(url, 'http://relative.invalid');
  const name = ['sig', 'X-Amz-Signature'].find((param) => parsed.searchParams.has(param));
  if (!name) throw new Error(`no signature in ${url}`);
  const signature = parsed.searchParams.get(name) ?? '';
  parsed.searchParams.set(
    name,
    signature.replace(/.$/, (last) => (last === '0' ? '1' : '0')),
  );
  return url.startsWith('/') ? `${parsed.pathname}${parsed.search}` : parsed.toString();
}

/** The suite, inside a describe that sets the store up; `under()` gives it once it is. */
export function objectStoreContract(under: () => StoreUnderTest): void {
  it('puts, reads, overwrites and deletes objects under nested keys; a missing one is undefined, and deleting it is fine', async () => {
    const { store } = under();
    await store.put('c-1/thumbnail/a.jpg', bytes([1, 2, 3]), 'image/jpeg');
    expect([...((await store.get('c-1/thumbnail/a.jpg')) ?? [])]).toEqual([1, 2, 3]);
    expect(await store.exists('c-1/thumbnail/a.jpg')).toBe(true);
    await store.put('c-1/thumbnail/a.jpg', bytes([4]), 'image/jpeg');
    expect([...((await store.get('c-1/thumbnail/a.jpg')) ?? [])]).toEqual([4]);
    await store.delete('c-1/thumbnail/a.jpg');
    await store.delete('c-1/thumbnail/a.jpg');
    expect(await store.exists('c-1/thumbnail/a.jpg')).toBe(false);
    expect(await store.get('c-1/thumbnail/a.jpg')).toBeUndefined();
  });

  it('refuses keys that could leave the store, in every method', async () => {
    const { store } = under();
    for (const key of INVALID_KEYS) {
      await expect(store.put(key, bytes([]), 'text/plain')).rejects.toThrow(/invalid object key/);
      await expect(store.get(key)).rejects.toThrow(/invalid object key/);
      await expect(store.exists(key)).rejects.toThrow(/invalid object key/);
      await expect(store.delete(key)).rejects.toThrow(/invalid object key/);
      await expect(store.signedPutUrl(key, 'image/jpeg', 60)).rejects.toThrow(/invalid object key/);
      await expect(store.signedGetUrl(key, 60)).rejects.toThrow(/invalid object key/);
      expect(() => store.publicUrl(key)).toThrow(/invalid object key/);
    }
  });

  it('serves a public object at its public address, with its type and how long a browser may keep it', async () => {
    const { store, send } = under();
    for (const [key, type] of [
      ['c-2/thumbnail/p.jpg', 'image/jpeg'],
      ['c-2/cover-ab12.w480.jpg', 'image/jpeg'],
      ['c-2/thumbnail/p.jpg.v3.webp', 'image/webp'],
    ] as const) {
      await store.put(key, bytes([7, 7]), type);
      const response = await send(store.publicUrl(key));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('cache-control')).toBe(cacheControlOf(key));
      expect(await body(response)).toEqual([7, 7]);
    }
  });

  it('takes a presigned PUT of the bound content type only, and not once its address is changed', async () => {
    const { store, send } = under();
    const url = await store.signedPutUrl('private/c-3/selfie/s.jpg', 'image/jpeg', 60);
    const wrongType = await send(url, upload(bytes([1]), 'text/html'));
    expect(wrongType.status).toBe(403);
    const otherKey = await send(url.replace('s.jpg', 't.jpg'), upload(bytes([1])));
    expect(otherKey.status).toBe(403);
    expect(await store.exists('private/c-3/selfie/s.jpg')).toBe(false);
    expect(await store.exists('private/c-3/selfie/t.jpg')).toBe(false);
    const ok = await send(url, upload(bytes([9, 8, 7])));
    expect(ok.status).toBe(200);
    expect([...((await store.get('private/c-3/selfie/s.jpg')) ?? [])]).toEqual([9, 8, 7]);
  });

  it('takes a presigned PUT bound to a size of that size only: a body of another length keeps nothing', async () => {
    const { store, send } = under();
    const key = 'private/c-7/upload/u.jpg';
    const url = await store.signedPutUrl(key, 'image/jpeg', 60, { bytes: 3 });
    // Larger (the length signed as 1 byte, 60 MiB sent) and smaller: the disk store answers 413 or 400, a bucket
    // 403 (the signed Content-Length no longer matches).
    for (const length of [4, 64 * 1024, 2]) {
      const refused = await send(url, upload(new Uint8Array(length).fill(1)));
      expect([400, 403, 413], `${length} bytes`).toContain(refused.status);
      expect(await store.exists(key)).toBe(false);
    }
    expect((await send(url, upload(bytes([4, 5, 6])))).status).toBe(200);
    expect([...((await store.get(key)) ?? [])]).toEqual([4, 5, 6]);
  });

  it('lists the objects under a folder with when each was written', async () => {
    const { store } = under();
    const started = Date.now() - 60_000;
    await store.put('private/c-8/list/a', bytes([1]), 'image/jpeg');
    await store.put('private/c-8/list/b/c', bytes([2]), 'image/jpeg');
    await store.put('private/c-8/listed-not', bytes([3]), 'image/jpeg');
    const listed = [];
    for await (const object of store.list('private/c-8/list/')) listed.push(object);
    expect(listed.map((o) => o.key).sort()).toEqual(['private/c-8/list/a', 'private/c-8/list/b/c']);
    for (const object of listed) expect(object.modifiedAt.getTime()).toBeGreaterThan(started);
    const none = [];
    for await (const object of store.list('private/c-8/nothing-here/')) none.push(object);
    expect(none).toEqual([]);
    await expect(store.list('private/c-8/list')[Symbol.asyncIterator]().next()).rejects.toThrow(/prefix/);
  });

  it('serves a private object through its presigned GET until it expires, and never with a changed signature', async () => {
    const { store, send, elapse } = under();
    await store.put('private/c-4/original/o.jpg', bytes([5, 6]), 'image/jpeg');
    const url = await store.signedGetUrl('private/c-4/original/o.jpg', 2);
    const response = await send(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(await body(response)).toEqual([5, 6]);
    expect((await send(withSignatureChanged(url))).status).toBe(403);
    await elapse(3);
    expect((await send(url)).status).toBe(403);
  });
}
