import { describe, expect, it } from 'vitest';
import {
  amountsEqual,
  amountWithoutDecimalPoint,
  averagePricePerPhoto,
  formatAmount,
  isZeroAmount,
  type PricingInput,
  parseAmount,
  paymentFeeSatang,
  priceCart,
} from './pricing';

/** The demo event's packages: 1 = 60.00, 5 = 250.00, 10 = 450.00, 20 = 800.00. */
const demo = [
  { number_of_photo: 1, price: '60.00' },
  { number_of_photo: 5, price: '250.00' },
  { number_of_photo: 10, price: '450.00' },
  { number_of_photo: 20, price: '800.00' },
];
const only = (...tiers: number[]) => demo.filter((p) => tiers.includes(p.number_of_photo));
const satang = (amount: string) => parseAmount(amount) ?? Number.NaN;

describe('priceCart: greedy tiers with the demo packages', () => {
  // [photos, 20s, 10s, 5s, 1s, cart_amt, cart_full_amt (n × 60), cart_discount, fee 5%, final payment]
  const table: Array<[number, number, number, number, number, string, string, string, string, string]> = [
    [0, 0, 0, 0, 0, '0.00', '0.00', '0.00', '0.00', '0.00'],
    [1, 0, 0, 0, 1, '60.00', '60.00', '0.00', '3.00', '63.00'], // 1 × 60
    [4, 0, 0, 0, 4, '240.00', '240.00', '0.00', '12.00', '252.00'], // 4 × 60
    [5, 0, 0, 1, 0, '250.00', '300.00', '50.00', '12.50', '262.50'], // 250
    [6, 0, 0, 1, 1, '310.00', '360.00', '50.00', '15.50', '325.50'], // 250 + 60
    [9, 0, 0, 1, 4, '490.00', '540.00', '50.00', '24.50', '514.50'], // 250 + 4 × 60
    [10, 0, 1, 0, 0, '450.00', '600.00', '150.00', '22.50', '472.50'], // 450
    [14, 0, 1, 0, 4, '690.00', '840.00', '150.00', '34.50', '724.50'], // 450 + 240
    [19, 0, 1, 1, 4, '940.00', '1140.00', '200.00', '47.00', '987.00'], // 450 + 250 + 240
    [20, 1, 0, 0, 0, '800.00', '1200.00', '400.00', '40.00', '840.00'], // 800
    [21, 1, 0, 0, 1, '860.00', '1260.00', '400.00', '43.00', '903.00'], // 800 + 60
    [37, 1, 1, 1, 2, '1620.00', '2220.00', '600.00', '81.00', '1701.00'], // 800 + 450 + 250 + 120
    [40, 2, 0, 0, 0, '1600.00', '2400.00', '800.00', '80.00', '1680.00'], // 2 × 800
  ];
  it.each(table)('%i photos', (n, c20, c10, c5, c1, amt, full, discount, fee, final) => {
    expect(priceCart({ photoCount: n, packages: demo })).toEqual({
      package_20_count: c20,
      package_10_count: c10,
      package_5_count: c5,
      package_1_count: c1,
      fallback_photo_count: 0,
      package_20_price: '800.00',
      package_10_price: '450.00',
      package_5_price: '250.00',
      package_1_price: '60.00',
      cart_full_amt: full,
      cart_amt: amt,
      cart_full_amt_no_pomo: amt,
      cart_total_amt: amt,
      cart_discount: discount,
      cart_payment_fee: fee,
      cart_final_payment: final,
    });
  });

  it('does not depend on the order of the package list and normalises prices', () => {
    const reversed = [...demo].reverse().map((p) => ({ ...p, price: p.price.replace('.00', '') }));
    expect(priceCart({ photoCount: 37, packages: reversed })).toEqual(
      priceCart({ photoCount: 37, packages: demo }),
    );
  });
});

describe('priceCart: missing tiers', () => {
  it('skips absent tiers: only 1 and 10', () => {
    // 19 = 10 + 9 × 1 → 450 + 540 = 990; 25 = 2 × 10 + 5 × 1 → 900 + 300 = 1200
    const s19 = priceCart({ photoCount: 19, packages: only(1, 10) });
    expect(s19).toMatchObject({
      package_20_count: 0,
      package_10_count: 1,
      package_5_count: 0,
      package_1_count: 9,
    });
    expect(s19).toMatchObject({ package_20_price: null, package_5_price: null, package_10_price: '450.00' });
    expect(s19).toMatchObject({ cart_amt: '990.00', cart_full_amt: '1140.00', cart_discount: '150.00' });
    expect(priceCart({ photoCount: 25, packages: only(1, 10) }).cart_amt).toBe('1200.00');
  });

  it('only 20 and 1: 39 = 20 + 19 × 1 → 800 + 1140 = 1940', () => {
    expect(priceCart({ photoCount: 39, packages: only(1, 20) })).toMatchObject({
      package_20_count: 1,
      package_1_count: 19,
      cart_amt: '1940.00',
    });
  });

  it('charges 60 per leftover photo when there is no 1-photo package', () => {
    // 23 = 20 + 3 left → 800 + 3 × 60 = 980; full price 23 × 60 = 1380
    expect(priceCart({ photoCount: 23, packages: only(5, 10, 20) })).toMatchObject({
      package_20_count: 1,
      package_1_count: 0,
      fallback_photo_count: 3,
      package_1_price: null,
      cart_amt: '980.00',
      cart_full_amt: '1380.00',
      cart_discount: '400.00',
    });
    // 7 = 5 + 2 left → 250 + 120 = 370
    expect(priceCart({ photoCount: 7, packages: only(5, 10, 20) }).cart_amt).toBe('370.00');
  });

  it('charges 60 per photo when the event has no packages at all', () => {
    const s = priceCart({ photoCount: 3, packages: [] });
    expect(s).toMatchObject({ fallback_photo_count: 3, cart_amt: '180.00', cart_full_amt: '180.00' });
    expect(s).toMatchObject({ cart_payment_fee: '9.00', cart_final_payment: '189.00' });
  });
});

describe('priceCart: unlimited (mhao) package', () => {
  const mhao = (chosen: boolean, allowed = true, price = '399.00') => ({ price, chosen, allowed });

  it('chosen means the fixed price for any non-zero count, even one photo', () => {
    // 1 photo would cost 60, chosen mhao charges 399 anyway; the discount cannot go below 0
    expect(priceCart({ photoCount: 1, packages: demo, mhao: mhao(true) })).toMatchObject({
      cart_amt: '60.00',
      cart_full_amt_no_pomo: '60.00',
      cart_full_amt: '60.00',
      cart_total_amt: '399.00',
      cart_discount: '0.00',
      cart_payment_fee: '19.95',
      cart_final_payment: '418.95',
    });
    // 37 photos: tiered 1620, full 2220, charged 399, discount 2220 − 399 = 1821
    expect(priceCart({ photoCount: 37, packages: demo, mhao: mhao(true) })).toMatchObject({
      cart_amt: '1620.00',
      cart_total_amt: '399.00',
      cart_discount: '1821.00',
      cart_final_payment: '418.95',
    });
  });

  it('an empty cart costs nothing even with mhao chosen', () => {
    expect(priceCart({ photoCount: 0, packages: demo, mhao: mhao(true) }).cart_final_payment).toBe('0.00');
  });

  it('caps the tiered total at the mhao price when allowed but not chosen', () => {
    // 6 → 310 < 399 kept; 7 → 370 kept; 8 → 250 + 180 = 430 capped to 399; 9 → 490 capped, discount 540 − 399
    const total = (n: number) =>
      priceCart({ photoCount: n, packages: demo, mhao: mhao(false) }).cart_total_amt;
    expect([6, 7, 8, 9, 37].map(total)).toEqual(['310.00', '370.00', '399.00', '399.00', '399.00']);
    expect(priceCart({ photoCount: 9, packages: demo, mhao: mhao(false) })).toMatchObject({
      cart_amt: '490.00',
      cart_full_amt_no_pomo: '490.00',
      cart_discount: '141.00',
    });
  });

  it('neither chosen nor allowed leaves the tiered total', () => {
    expect(priceCart({ photoCount: 37, packages: demo, mhao: mhao(false, false) }).cart_total_amt).toBe(
      '1620.00',
    );
  });

  it('serves wholesale with the hybrid price: 3 photos for 590', () => {
    const s = priceCart({ photoCount: 3, packages: demo, mhao: mhao(true, true, '590.00') });
    expect(s).toMatchObject({
      cart_total_amt: '590.00',
      cart_payment_fee: '29.50',
      cart_final_payment: '619.50',
    });
    expect(averagePricePerPhoto(s.cart_total_amt, 3)).toBe('196.67');
  });

  it('refuses mhao chosen where the event does not allow it, and a bad mhao price', () => {
    expect(() => priceCart({ photoCount: 3, packages: demo, mhao: mhao(true, false) })).toThrow(
      /mhao\.chosen/,
    );
    expect(() => priceCart({ photoCount: 3, packages: demo, mhao: mhao(false, true, '3.999') })).toThrow(
      /mhao\.price/,
    );
  });
});

describe('payment fee: 5% rounded half up to the satang', () => {
  // [single-photo price, fee, final]: 0.10 → 0.5 satang → 1; 60.50 → 302.5 → 303; 1250.50 → 6252.5 → 6253
  it.each([
    ['0.10', '0.01', '0.11'],
    ['0.09', '0.00', '0.09'], // 0.45 satang rounds down
    ['0.30', '0.02', '0.32'], // 1.5 satang rounds up
    ['60.50', '3.03', '63.53'],
    ['399.00', '19.95', '418.95'],
    ['1250.50', '62.53', '1313.03'],
  ])('on %s', (price, fee, final) => {
    const s = priceCart({ photoCount: 1, packages: [{ number_of_photo: 1, price }] });
    expect([s.cart_total_amt, s.cart_payment_fee, s.cart_final_payment]).toEqual([
      formatAmount(satang(price)),
      fee,
      final,
    ]);
  });

  it('works in satang', () => {
    expect([0, 10, 6050, 39900, 125050].map(paymentFeeSatang)).toEqual([0, 1, 303, 1995, 6253]);
  });
});

describe('free events', () => {
  it('free-download costs 0.00 whatever the packages and mhao say', () => {
    const s = priceCart({
      photoCount: 12,
      packages: demo,
      mhao: { price: '399.00', chosen: true, allowed: true },
      freeDownload: true,
    });
    expect(s).toMatchObject({ package_10_count: 0, package_1_count: 0, fallback_photo_count: 0 });
    for (const key of [
      'cart_full_amt',
      'cart_amt',
      'cart_total_amt',
      'cart_discount',
      'cart_final_payment',
    ] as const) {
      expect(s[key]).toBe('0.00');
    }
    expect(isZeroAmount(s.cart_final_payment)).toBe(true);
  });

  it('free-download-keep-contract prices from its 0.00 packages; the zero marker picks the free form', () => {
    const free = demo.map((p) => ({ ...p, price: '0.00' }));
    const s = priceCart({ photoCount: 6, packages: free });
    expect(s).toMatchObject({ package_5_count: 1, package_1_count: 1, cart_final_payment: '0.00' });
    expect(isZeroAmount(s.cart_final_payment)).toBe(true);
    expect(isZeroAmount(priceCart({ photoCount: 6, packages: demo }).cart_final_payment)).toBe(false);
  });

  it('isZeroAmount compares amounts, not spellings, and refuses non-amounts', () => {
    expect(['0.00', '0', '0.0', '0.01', 'abc', '', '-0'].map(isZeroAmount)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('averagePricePerPhoto', () => {
  it('divides and rounds half up to 2 decimals', () => {
    expect(averagePricePerPhoto('399.00', 7)).toBe('57.00'); // 39900 / 7 = 5700
    expect(averagePricePerPhoto('590.00', 3)).toBe('196.67'); // 19666.67 satang
    expect(averagePricePerPhoto('100.00', 3)).toBe('33.33'); // 3333.33
    expect(averagePricePerPhoto('0.05', 2)).toBe('0.03'); // 2.5 satang rounds up
    expect(averagePricePerPhoto('399.00', 0)).toBe('0.00');
  });

  it('refuses a bad count or total', () => {
    expect(() => averagePricePerPhoto('399.00', -1)).toThrow(/count/);
    expect(() => averagePricePerPhoto('399.00', 1.5)).toThrow(/count/);
    expect(() => averagePricePerPhoto('abc', 3)).toThrow(/total/);
  });
});

describe('amounts', () => {
  it('amountWithoutDecimalPoint gives satang digits for the card call', () => {
    expect(['1250.50', '60.00', '60', '0.05', '0.00'].map(amountWithoutDecimalPoint)).toEqual([
      '125050',
      '6000',
      '6000',
      '5',
      '0',
    ]);
    expect(() => amountWithoutDecimalPoint('12.345')).toThrow(/amount/);
  });

  it('parseAmount gives satang for a non-negative decimal with at most 2 places', () => {
    expect(['0', '60', '60.0', '60.5', '60.50', '1250.50', '007.00'].map(parseAmount)).toEqual([
      0, 6000, 6000, 6050, 6050, 125050, 700,
    ]);
  });

  it('parseAmount returns undefined for anything else', () => {
    const bad = [
      '-1',
      '1.234',
      'abc',
      '',
      '1e3',
      ' 1',
      '1 ',
      '1.',
      '.5',
      '+1',
      '0x10',
      'NaN',
      'Infinity',
      '１',
    ];
    expect(bad.map(parseAmount)).toEqual(bad.map(() => undefined));
    expect(parseAmount('123456789012')).toBeUndefined(); // 12 integer digits: beyond the largest amount
    expect(parseAmount(60 as unknown as string)).toBeUndefined();
  });

  it('amountsEqual is exact to the satang', () => {
    expect(amountsEqual('60', '60.00')).toBe(true);
    expect(amountsEqual('60.0', '60.00')).toBe(true);
    expect(amountsEqual('60.01', '60.00')).toBe(false);
    expect(amountsEqual('abc', 'abc')).toBe(false);
    expect(amountsEqual('-1', '-1')).toBe(false);
    expect(amountsEqual('1e3', '1000.00')).toBe(false);
  });

  it('formatAmount writes 2 places and refuses non-satang', () => {
    expect([0, 5, 60, 125050].map(formatAmount)).toEqual(['0.00', '0.05', '0.60', '1250.50']);
    expect(() => formatAmount(-1)).toThrow();
    expect(() => formatAmount(1.5)).toThrow();
  });
});

describe('priceCart refuses nonsense input, naming the field', () => {
  const cases: Array<[string, PricingInput, RegExp]> = [
    ['negative count', { photoCount: -1, packages: demo }, /photoCount/],
    ['fractional count', { photoCount: 1.5, packages: demo }, /photoCount/],
    ['NaN count', { photoCount: Number.NaN, packages: demo }, /photoCount/],
    ['huge count', { photoCount: 1e12, packages: demo }, /photoCount/],
    [
      'negative price',
      { photoCount: 1, packages: [{ number_of_photo: 1, price: '-1.00' }] },
      /packages\[0\]\.price/,
    ],
    [
      'malformed price',
      { photoCount: 1, packages: [{ number_of_photo: 1, price: 'abc' }] },
      /packages\[0\]\.price/,
    ],
    [
      'unknown tier',
      { photoCount: 1, packages: [...only(1), { number_of_photo: 3, price: '100.00' }] },
      /packages\[1\]\.number_of_photo/,
    ],
    [
      'repeated tier',
      { photoCount: 1, packages: [...only(1), ...only(1)] },
      /packages\[1\]\.number_of_photo/,
    ],
  ];
  it.each(cases)('%s', (_name, input, message) => {
    expect(() => priceCart(input)).toThrow(message);
  });
});

describe('priceCart properties for 0..200 photos', () => {
  const packageSets = [demo, only(1, 10), only(1, 5), only(1, 20), only(5, 10, 20), only(10), []];
  it('the tier counts recompose the photo count and the greedy total never exceeds n × single price', () => {
    for (const packages of packageSets) {
      for (let n = 0; n <= 200; n++) {
        const s = priceCart({ photoCount: n, packages });
        const photos =
          20 * s.package_20_count +
          10 * s.package_10_count +
          5 * s.package_5_count +
          s.package_1_count +
          s.fallback_photo_count;
        expect(photos).toBe(n);
        expect(satang(s.cart_amt)).toBeLessThanOrEqual(satang(s.cart_full_amt));
        expect(satang(s.cart_full_amt) - satang(s.cart_discount)).toBe(satang(s.cart_total_amt));
        expect(satang(s.cart_final_payment)).toBe(satang(s.cart_total_amt) + satang(s.cart_payment_fee));
      }
    }
  });

  it('allowed mhao charges min(tiered, mhao price)', () => {
    for (let n = 1; n <= 200; n++) {
      const s = priceCart({
        photoCount: n,
        packages: demo,
        mhao: { price: '399.00', chosen: false, allowed: true },
      });
      expect(satang(s.cart_total_amt)).toBe(Math.min(satang(s.cart_amt), 39900));
    }
  });
});
