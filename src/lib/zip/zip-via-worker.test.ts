import { describe, expect, it } from 'vitest';
import { streamsBrokenIn, streamZipThroughWorker } from './zip-via-worker';

const ios = (version: string) =>
  `Mozilla/5.0 (iPhone; CPU iPhone OS ${version} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1`;

describe('where the service worker streams the zip', () => {
  it('everywhere but iOS 18.2 and 18.3, whose service-worker downloads stop early', () => {
    expect(streamsBrokenIn(ios('18_2'))).toBe(true);
    expect(streamsBrokenIn(ios('18_3_1'))).toBe(true);
    expect(streamsBrokenIn(ios('18_4'))).toBe(false);
    expect(streamsBrokenIn(ios('17_5'))).toBe(false);
    expect(streamsBrokenIn(ios('26_1'))).toBe(false);
    expect(
      streamsBrokenIn(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
      ),
    ).toBe(false);
  });

  it('is unavailable without a controlling worker (the page then builds the zip itself)', async () => {
    const container = { controller: null } as unknown as ServiceWorkerContainer;
    const progress: number[] = [];
    expect(
      await streamZipThroughWorker('a.zip', [{ name: 'a.jpg', url: '/a' }], {
        container,
        onProgress: (done) => progress.push(done),
      }),
    ).toBe('unavailable');
    expect(progress).toEqual([]);
  });

  it('is unavailable when the worker does not take the job (an older version in control)', async () => {
    const posted: unknown[] = [];
    const controller = { postMessage: (m: unknown) => posted.push(m) };
    const container = { controller } as unknown as ServiceWorkerContainer;
    const started = Date.now();
    const outcome = await streamZipThroughWorker('a.zip', [{ name: 'a.jpg', url: '/a' }], {
      container,
      onProgress: () => undefined,
      userAgent: 'Chrome',
    });
    expect(outcome).toBe('unavailable');
    expect(posted).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
    expect(document.querySelector('iframe')).toBeNull();
  });
});
