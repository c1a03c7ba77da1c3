import { describe, expect, it } from 'vitest';
import { buyAllAverage, resultButtons } from './buy-all';

const event = {
  is_free_download: 'N',
  is_free_download_keep_contract: 'N',
  is_mhao: 'N',
  mhao_price: '0.00',
  is_mhao_hybrid: 'N',
  hybrid_mhao_price: '0.00',
} as const;

describe('resultButtons', () => {
  it('shows nothing extra on a normal event', () => {
    expect(resultButtons(event, 'event')).toEqual({ downloadAll: false, addAll: false, buyAllPrice: null });
  });
  it('shows download all on free events and add all on free-keep-contract events', () => {
    expect(resultButtons({ ...event, is_free_download: 'Y' }, 'event')).toMatchObject({
      downloadAll: true,
      addAll: false,
      buyAllPrice: null,
    });
    expect(resultButtons({ ...event, is_free_download_keep_contract: 'Y' }, 'event')).toMatchObject({
      downloadAll: false,
      addAll: true,
    });
  });
  it('shows buy all with the mhao price on an mhao event page only (the wholesale page has its own)', () => {
    const both = {
      ...event,
      is_mhao: 'Y',
      mhao_price: '399.00',
      is_mhao_hybrid: 'Y',
      hybrid_mhao_price: '590.00',
    } as const;
    expect(resultButtons(both, 'event').buyAllPrice).toBe('399.00');
    expect(resultButtons(both, 'wholesale').buyAllPrice).toBeNull();
    const hybridOnly = { ...event, is_mhao_hybrid: 'Y', hybrid_mhao_price: '590.00' } as const;
    expect(resultButtons(hybridOnly, 'event').buyAllPrice).toBeNull();
    expect(
      resultButtons({ ...event, is_mhao: 'Y', mhao_price: '399.00' }, 'wholesale').buyAllPrice,
    ).toBeNull();
  });
});

describe('buyAllAverage', () => {
  it('divides the price by the count, 2 decimals', () => {
    expect(buyAllAverage('590.00', 3)).toBe('196.67');
    expect(buyAllAverage('399.00', 1)).toBe('399.00');
  });
});
