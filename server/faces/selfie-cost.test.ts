import { describe, expect, it } from 'vitest';
import { SEARCH_BUSY_AFTER_MS } from '../services/face-search';
import { FIRST_SELFIE_MS, SELFIE_COST_HALF_LIFE_MS, SELFIE_SAMPLE_MOST_MS, SelfieCost } from './selfie-cost';

describe("a selfie's expected cost", () => {
  const clock = () => {
    let now = 0;
    return { now: () => now, pass: (ms: number) => (now += ms) };
  };

  it('follows the measured selfies, a new one weighing a fifth', () => {
    const c = clock();
    const cost = new SelfieCost(c.now);
    expect(cost.current()).toBe(FIRST_SELFIE_MS);
    cost.note(650);
    expect(cost.current()).toBeCloseTo(FIRST_SELFIE_MS + 0.2 * 500);
    // Two selfies queued for one worker: this one waits for both, then takes its own time.
    expect(cost.expectedWait(2, 1)).toBeCloseTo(3 * cost.current());
    expect(cost.expectedWait(2, 2)).toBeCloseTo(2 * cost.current());
  });

  it('never refuses the next search with nothing queued, after a burst of selfies that took seconds each', () => {
    const c = clock();
    const cost = new SelfieCost(c.now);
    // Ten selfies of 12 s each, finishing a second apart (two workers on a burst).
    for (let i = 0; i < 10; i++) {
      c.pass(1000);
      cost.note(12_000);
    }
    // One outlier counts for at most SELFIE_SAMPLE_MOST_MS: a search with nothing ahead of it is not "busy".
    expect(cost.current()).toBeLessThanOrEqual(SELFIE_SAMPLE_MOST_MS);
    expect(cost.expectedWait(0, 1)).toBeLessThan(SEARCH_BUSY_AFTER_MS);
    // Queued work still counts: two selfies ahead at that cost is a wait worth the busy answer.
    expect(cost.expectedWait(2, 1)).toBeGreaterThan(SEARCH_BUSY_AFTER_MS);
  });

  it('forgets with time when no selfie finishes', () => {
    const c = clock();
    const cost = new SelfieCost(c.now);
    for (let i = 0; i < 20; i++) cost.note(SELFIE_SAMPLE_MOST_MS);
    const high = cost.current();
    c.pass(SELFIE_COST_HALF_LIFE_MS);
    expect(cost.current() - FIRST_SELFIE_MS).toBeCloseTo((high - FIRST_SELFIE_MS) / 2);
    c.pass(60_000);
    expect(cost.current()).toBeLessThan(FIRST_SELFIE_MS + 0.02 * (high - FIRST_SELFIE_MS));
    // Three selfies queued on two workers a minute later: well within the limit again.
    expect(cost.expectedWait(3, 2)).toBeLessThan(SEARCH_BUSY_AFTER_MS);
  });
});
