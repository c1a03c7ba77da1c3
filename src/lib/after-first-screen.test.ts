import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module: what it waited for is remembered for the whole visit. */
const freshModule = async () => {
  vi.resetModules();
  return import('./after-first-screen');
};

/** The page's main image, still loading. */
function loadingMainImage(): HTMLImageElement {
  const image = document.createElement('img');
  image.setAttribute('fetchpriority', 'high');
  Object.defineProperty(image, 'complete', { configurable: true, value: false });
  document.body.append(image);
  return image;
}

/** Whether `promise` has settled, read at any time. */
function watch(promise: Promise<void>): () => boolean {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  return () => done;
}

describe('work after the first screen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it("waits for the page's main image, then resolves at once for the rest of the visit", async () => {
    const image = loadingMainImage();
    const { afterFirstScreen } = await freshModule();
    const done = watch(afterFirstScreen());
    await vi.advanceTimersByTimeAsync(1000);
    expect(done()).toBe(false);
    image.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(100);
    expect(done()).toBe(true);
    const again = watch(afterFirstScreen());
    await Promise.resolve();
    await Promise.resolve();
    expect(again()).toBe(true);
  });

  it('never waits longer than 3 s, whatever the page does', async () => {
    loadingMainImage();
    const { afterFirstScreen } = await freshModule();
    const done = watch(afterFirstScreen());
    await vi.advanceTimersByTimeAsync(2900);
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(done()).toBe(true);
  });
});
