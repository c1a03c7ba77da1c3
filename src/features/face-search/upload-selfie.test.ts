// The selfie PUT with a fake XMLHttpRequest: content type, real progress, success, refusals, network failure, abort.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from './fake-xhr';
import { putSelfie, UploadError } from './upload-selfie';

beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

const body = new Blob([new Uint8Array(1000)], { type: 'image/jpeg' });
const xhr = () => {
  if (!FakeXhr.last) throw new Error('no request was made');
  return FakeXhr.last;
};

describe('putSelfie', () => {
  it('PUTs the body as image/jpg and reports each progress event, then the whole size', async () => {
    const seen: [number, number][] = [];
    const done = putSelfie('/storage/private/selfies/x.jpg?sig=1', body, {
      onProgress: (loaded, total) => seen.push([loaded, total]),
    });
    expect(xhr().method).toBe('PUT');
    expect(xhr().url).toBe('/storage/private/selfies/x.jpg?sig=1');
    expect(xhr().headers['content-type']).toBe('image/jpg');
    expect(xhr().body).toBe(body);
    xhr().progress(300, 1000);
    xhr().progress(0, 0, false); // not computable: not reported
    xhr().progress(900, 1000);
    xhr().respond(200);
    await expect(done).resolves.toBeUndefined();
    expect(seen).toEqual([
      [300, 1000],
      [900, 1000],
      [1000, 1000],
    ]);
  });

  it('rejects with the status when the store refuses the upload', async () => {
    const done = putSelfie('/u', body);
    xhr().respond(403);
    await expect(done).rejects.toBeInstanceOf(UploadError);
    await expect(done).rejects.toMatchObject({ httpStatus: 403 });
  });

  it('rejects when the connection fails', async () => {
    const done = putSelfie('/u', body);
    xhr().fail();
    await expect(done).rejects.toMatchObject({ name: 'UploadError', httpStatus: undefined });
  });

  it('aborts the request with the signal, and does not start when already aborted', async () => {
    const controller = new AbortController();
    const done = putSelfie('/u', body, { signal: controller.signal });
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhr().aborted).toBe(true);

    FakeXhr.reset();
    await expect(putSelfie('/u', body, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(FakeXhr.last).toBeUndefined();
  });
});
