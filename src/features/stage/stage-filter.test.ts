import { describe, expect, it } from 'vitest';
import { EVERY, stageFilter, stagePageCount, timeValue } from './stage-filter';

const times = [
  { label: '06:00-07:00', start: '2026-11-12T23:00:00.000Z', end: '2026-11-13T00:00:00.000Z' },
  { label: '07:00-08:00', start: '2026-11-13T00:00:00.000Z', end: '2026-11-13T01:00:00.000Z' },
];

describe('stageFilter', () => {
  it('sends the chosen stage and the time range as start/end', () => {
    const time = timeValue(times[1] as (typeof times)[number]);
    expect(time).toBe('2026-11-13T00:00:00.000Z/2026-11-13T01:00:00.000Z');
    expect(stageFilter(4, { stage: '2', time }, [1, 2, 3], times)).toEqual({
      eventId: 4,
      stageId: 2,
      duration: time,
    });
  });

  it('treats "every" and unknown choices as every stage and the whole day', () => {
    expect(stageFilter(4, { stage: EVERY, time: EVERY }, [1, 2], times)).toEqual({
      eventId: 4,
      stageId: '',
      duration: '',
    });
    expect(stageFilter(4, { stage: '9', time: 'x/y' }, [1, 2], times)).toEqual({
      eventId: 4,
      stageId: '',
      duration: '',
    });
  });

  it('makes pages of 200, rounded up', () => {
    expect(stagePageCount(0)).toBe(1);
    expect(stagePageCount(200)).toBe(1);
    expect(stagePageCount(201)).toBe(2);
    expect(stagePageCount(450)).toBe(3);
  });
});
