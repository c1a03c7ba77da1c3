// A photo's indexing pauses while the pool counts selfies: only within a photo job of a watching worker, until the
// count is back to 0, and never longer than its bound.
import { describe, expect, it } from 'vitest';
import { asPhotoJob, searchCounter, watchSearches, yieldToSearches } from './yield-to-searches';

const elapsed = async (work: () => Promise<void>) => {
  const start = performance.now();
  await work();
  return performance.now() - start;
};

describe('yielding to searches', () => {
  it('does not wait outside a photo job, nor while no selfie is counted', async () => {
    const counter = searchCounter();
    watchSearches(counter.shared);
    counter.set(3);
    expect(await elapsed(() => yieldToSearches(5_000))).toBeLessThan(1_000);
    counter.set(0);
    expect(await elapsed(() => asPhotoJob(() => yieldToSearches(5_000)))).toBeLessThan(1_000);
  });

  it('within a photo job, waits until the selfies are done', async () => {
    const counter = searchCounter();
    watchSearches(counter.shared);
    counter.set(2);
    const steps: string[] = [];
    setTimeout(() => {
      counter.set(1);
      steps.push('one left');
    }, 100);
    setTimeout(() => {
      counter.set(0);
      steps.push('done');
    }, 250);
    await asPhotoJob(() => yieldToSearches(60_000));
    expect(steps).toEqual(['one left', 'done']);
  });

  it('waits no longer than its bound when the searches never stop', async () => {
    const counter = searchCounter();
    watchSearches(counter.shared);
    counter.set(1);
    await asPhotoJob(() => yieldToSearches(200));
    // It went on although one selfie is still counted.
    expect(Atomics.load(new Int32Array(counter.shared), 0)).toBe(1);
    counter.set(0);
  });

  it('a photo job ends its pauses when it ends, failed or not', async () => {
    const counter = searchCounter();
    watchSearches(counter.shared);
    await expect(asPhotoJob(async () => Promise.reject(new Error('bad photo')))).rejects.toThrow('bad photo');
    counter.set(1);
    expect(await elapsed(() => yieldToSearches(5_000))).toBeLessThan(1_000);
    counter.set(0);
  });
});
