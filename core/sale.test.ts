import { describe, expect, it } from 'vitest';
import { bangkokDateTimeText, saleState, showsCountdown, uploadAreaState } from './sale';

const window = {
  onSaleStart: new Date('2026-11-01T01:00:00Z'),
  onSaleEnd: new Date('2026-12-01T16:59:59Z'),
  eventDate: '2026-11-01',
};

describe('saleState', () => {
  it('is not open before the start', () => {
    const s = saleState(window, new Date('2026-11-01T00:59:59Z'));
    expect(s).toMatchObject({ can_sale: 'N', close_sale: 'N' });
    expect(uploadAreaState(s)).toBe('not-open');
  });

  it('is open between start and end', () => {
    const s = saleState(window, new Date('2026-11-01T01:00:00Z'));
    expect(s).toMatchObject({ can_sale: 'Y', close_sale: 'N' });
    expect(uploadAreaState(s)).toBe('open');
  });

  it('has ended after the end', () => {
    const s = saleState(window, new Date('2026-12-01T17:00:00Z'));
    expect(s).toMatchObject({ can_sale: 'Y', close_sale: 'Y' });
    expect(uploadAreaState(s)).toBe('ended');
  });

  it('counts the days left until the photos expire, 35 days after the event date in Thai time', () => {
    // Photos of an event on 1 Nov (Thai date) are kept through 6 Dec; expiry at 7 Dec 00:00 +07:00.
    expect(saleState(window, new Date('2026-12-06T16:59:00Z')).day_diff).toBe(1);
    expect(saleState(window, new Date('2026-12-06T10:00:00Z')).day_diff).toBe(1);
    expect(saleState(window, new Date('2026-12-05T10:00:00Z')).day_diff).toBe(2);
    expect(saleState(window, new Date('2026-12-07T00:00:00Z')).day_diff).toBe(0);
    expect(saleState(window, new Date('2027-01-30T00:00:00Z')).day_diff).toBe(0);
    expect(saleState({ ...window, retentionDays: 45 }, new Date('2026-12-05T10:00:00Z')).day_diff).toBe(12);
  });
});

describe('showsCountdown', () => {
  it('shows for 1 to 10 days only', () => {
    expect([0, 1, 10, 11].map(showsCountdown)).toEqual([false, true, true, false]);
  });
});

describe('bangkokDateTimeText', () => {
  it('formats in Thai time', () => {
    expect(bangkokDateTimeText(new Date('2026-11-01T01:05:00Z'))).toBe('01/11/2026 08:05');
    expect(bangkokDateTimeText(new Date('2026-12-31T17:30:00Z'))).toBe('01/01/2027 00:30');
  });
});
