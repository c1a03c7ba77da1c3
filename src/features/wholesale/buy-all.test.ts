import { describe, expect, it } from 'vitest';
import { bundleAveragePrice, resultsOfEvent } from './buy-all';

const item = (id: number, event_key = 'phuket-beach-run-2026') => ({ id, event_key });

describe('resultsOfEvent', () => {
  it('keeps the latest results of this event', () => {
    expect(resultsOfEvent([item(1), item(2)], 'phuket-beach-run-2026')).toEqual([item(1), item(2)]);
  });

  it('gives nothing when the latest search was on another event, or mixed', () => {
    expect(resultsOfEvent([item(1, 'other')], 'phuket-beach-run-2026')).toEqual([]);
    expect(resultsOfEvent([item(1), item(2, 'other')], 'phuket-beach-run-2026')).toEqual([]);
    expect(resultsOfEvent([], 'phuket-beach-run-2026')).toEqual([]);
  });
});

describe('bundleAveragePrice', () => {
  const hybrid = { is_mhao_hybrid: 'Y' as const, hybrid_mhao_price: '590.00' };

  it('divides the bundle price by the photo count, 2 decimals', () => {
    expect(bundleAveragePrice(hybrid, 3)).toBe('196.67');
    expect(bundleAveragePrice(hybrid, 1)).toBe('590.00');
  });

  it('has no average without photos or without a bundle price', () => {
    expect(bundleAveragePrice(hybrid, 0)).toBeUndefined();
    expect(bundleAveragePrice({ ...hybrid, is_mhao_hybrid: 'N' }, 4)).toBeUndefined();
  });
});
