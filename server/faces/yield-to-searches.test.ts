// A photo's indexing pauses while the pool counts selfies: only within a photo job of a watching worker, until the
// count is back to 0, and never longer than its bound.
import { describe, expect, it } from 'vitest';
import {
  Announcements,
  asPhotoJob,
  searchCounter,
  watchSearches,
  yieldToSearches,
} from './yield-to-searches';

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

  it('a photo waits no longer than its own bound in all its steps', async () => {
    const counter = searchCounter();
    watchSearches(counter.shared);
    counter.set(1);
    // Five steps of at most 300 ms each, in a photo allowed 400 ms of pauses in all.
    const took = await elapsed(() =>
      asPhotoJob(async () => {
        for (let step = 0; step < 5; step++) await yieldToSearches(300);
      }, 400),
    );
    expect(took).toBeGreaterThanOrEqual(390);
    expect(took).toBeLessThan(1_000);
    // The next photo has its own bound again.
    expect(await elapsed(() => asPhotoJob(() => yieldToSearches(200), 5_000))).toBeGreaterThanOrEqual(190);
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

describe('selfies announced by their signatures', () => {
  it('count until their selfie arrives or their time lapses', () => {
    const announced = new Announcements();
    announced.announce(0, 5000);
    announced.announce(100, 5000);
    expect(announced.active(200)).toBe(2);
    expect(announced.nextLapse()).toBe(5000);
    announced.arrived(200);
    expect(announced.active(200)).toBe(1);
    expect(announced.nextLapse()).toBe(5100);
    expect(announced.active(5100)).toBe(0);
    expect(announced.nextLapse()).toBeUndefined();
    // A selfie that arrives with nothing announced (a search signed elsewhere) changes nothing.
    announced.arrived(5200);
    expect(announced.active(5200)).toBe(0);
  });

  it('let an arriving selfie use up a live announcement, not one that has lapsed', () => {
    const announced = new Announcements();
    announced.announce(0, 1000);
    announced.announce(500, 5000);
    announced.arrived(2000);
    expect(announced.active(2000)).toBe(0);
  });

  it('keep lapses in order whatever their length, and only the newest of a flood', () => {
    const announced = new Announcements(3);
    announced.announce(0, 5000);
    announced.announce(0, 1000);
    announced.announce(0, 3000);
    expect(announced.nextLapse()).toBe(1000);
    announced.arrived(0);
    expect(announced.nextLapse()).toBe(3000);
    for (let i = 1; i <= 10; i++) announced.announce(i, 5000);
    expect(announced.active(10)).toBe(3);
    expect(announced.nextLapse()).toBe(5008);
  });
});
