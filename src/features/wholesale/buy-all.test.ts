import { describe, expect, it } from 'vitest';
import { bundleAveragePrice, compareBundle, resultsOfEvent } from './buy-all';

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

describe('compareBundle', () => {
  const event = {
    is_mhao_hybrid: 'Y' as const,
    hybrid_mhao_price: '590.00',
    package: [
      { name: '1', name_en: '1', number_of_photo: 1, price: '60.00' },
      { name: '5', name_en: '5', number_of_photo: 5, price: '250.00' },
      { name: '10', name_en: '10', number_of_photo: 10, price: '450.00' },
    ],
  };

  it('says when the same photos cost less at tier prices (few photos)', () => {
    expect(compareBundle(event, 3)).toEqual({ bundle: '590.00', tiers: '180.00', cheaper: 'tiers' });
  });

  it('says when the bundle is the better buy (many photos)', () => {
    expect(compareBundle(event, 15)).toEqual({ bundle: '590.00', tiers: '700.00', cheaper: 'bundle' });
  });

  it('has nothing to compare without photos or a bundle', () => {
    expect(compareBundle(event, 0)).toBeUndefined();
    expect(compareBundle({ ...event, is_mhao_hybrid: 'N' }, 3)).toBeUndefined();
  });
});
