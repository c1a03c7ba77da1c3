// @vitest-environment node
// Node's fetch Request and FormData, as a service worker has (jsdom's FormData and File are not fetch's).
import { beforeEach, describe, expect, it } from 'vitest';
import {
  afterShareAddress,
  hasSharedPhoto,
  keepSharedPhoto,
  receiveShare,
  rememberLastEvent,
  SHARED_PHOTO_TTL_MS,
  sharedPhotoFile,
  takeSharedPhoto,
} from './share-target';

const ORIGIN = 'https://runfoto.example';

/** The share sheet's POST: multipart with an optional photo, written out as the browser sends it. */
function sharePost(file?: { name: string; bytes: Uint8Array }): Request {
  const boundary = 'share-boundary-1234';
  const parts: (string | Uint8Array)[] = [
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nfrom the gallery\r\n`,
  ];
  if (file)
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${file.name}"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
      file.bytes,
      '\r\n',
    );
  parts.push(`--${boundary}--\r\n`);
  const chunks = parts.map((p) => (typeof p === 'string' ? new TextEncoder().encode(p) : p));
  const body = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.length;
  }
  return new Request(`${ORIGIN}/share-target`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
}

describe('the share target', () => {
  beforeEach(async () => {
    await takeSharedPhoto();
  });

  it('sends the app to the last event visited with the photo ready, or home to choose one', () => {
    expect(afterShareAddress('bangkok-city-marathon-2026')).toBe('/bangkok-city-marathon-2026?shared=1');
    expect(afterShareAddress('งาน วิ่ง')).toBe(`/${encodeURIComponent('งาน วิ่ง')}?shared=1`);
    expect(afterShareAddress(undefined)).toBe('/?shared=1');
  });

  it('keeps a shared photo and redirects (303) to the last event; the photo is taken once', async () => {
    await rememberLastEvent('phuket-beach-run-2026');
    const answer = await receiveShare(
      sharePost({ name: 'IMG_2041.jpg', bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xd9]) }),
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`${ORIGIN}/phuket-beach-run-2026?shared=1`);
    expect(await hasSharedPhoto()).toBe(true);
    const taken = await takeSharedPhoto();
    const file = taken && sharedPhotoFile(taken);
    expect(file?.name).toBe('IMG_2041.jpg');
    expect(file?.type).toBe('image/jpeg');
    expect([...new Uint8Array((await file?.arrayBuffer()) ?? new ArrayBuffer(0))]).toEqual([
      0xff, 0xd8, 0xff, 0xd9,
    ]);
    expect(await takeSharedPhoto()).toBeUndefined();
  });

  it('a share without a file, or an empty one, keeps nothing and opens home', async () => {
    for (const request of [sharePost(), sharePost({ name: 'empty.jpg', bytes: new Uint8Array(0) })]) {
      const answer = await receiveShare(request);
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe(`${ORIGIN}/`);
      expect(await hasSharedPhoto()).toBe(false);
    }
    const broken = new Request(`${ORIGIN}/share-target`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: 'not multipart',
    });
    expect((await receiveShare(broken)).headers.get('location')).toBe(`${ORIGIN}/`);
  });

  it('drops a photo shared too long ago', async () => {
    const at = Date.now() - SHARED_PHOTO_TTL_MS - 1;
    await keepSharedPhoto({ bytes: new Uint8Array([1]).buffer, name: 'old.jpg', type: 'image/jpeg', at });
    expect(await hasSharedPhoto()).toBe(false);
    expect(await takeSharedPhoto()).toBeUndefined();
  });
});
