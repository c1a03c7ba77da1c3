// Camera clock offsets from photos' capture times against their bibs' finish times: a finish photographer's
// differences agree to within seconds (their median, the photos it rests on, the spread); a course photographer's
// spread over hours, and are not taken for a finish.
import { describe, expect, it } from 'vitest';
import { estimateClockOffset, FINISH_WINDOW_MS } from './camera-clocks';

const at = (photoId: number, seconds: number) => ({ photoId, differenceMs: seconds * 1000 });

describe('estimateClockOffset', () => {
  it("finds a finish photographer's offset in the group of their differences, outliers aside", () => {
    // A camera 62 s behind the timing clock shoots runners 1-4 s before they cross; two misread bibs far off.
    const differences = [
      at(1, -64),
      at(2, -65),
      at(3, -63.5),
      at(4, -66),
      at(5, -64.5),
      at(6, -1200),
      at(7, 3400),
      // A photo with two runners: one photo, two differences.
      at(8, -65.5),
      at(8, -63),
    ];
    expect(estimateClockOffset(differences)).toEqual({
      offsetMs: -64_500,
      photos: 6,
      of: 8,
      spreadMs: 1000,
      atFinish: true,
    });
  });

  it('does not take a course photographer, or too few photos, for a finish', () => {
    // Runners shot 5 to 90 minutes before they finish: no group of 20 s holds half.
    const course = Array.from({ length: 30 }, (_, i) => at(i, -300 - i * 180));
    const estimate = estimateClockOffset(course);
    expect(estimate?.atFinish).toBe(false);
    expect(estimate?.of).toBe(30);
    expect(estimateClockOffset([at(1, 10), at(2, 11)])?.atFinish).toBe(false);
    expect(estimateClockOffset([at(1, 10), at(2, 11), at(3, 12)])).toMatchObject({
      offsetMs: 11_000,
      atFinish: true,
    });
    expect(estimateClockOffset([])).toBeUndefined();
  });

  it('groups differences within the window, not beyond it', () => {
    const edge = FINISH_WINDOW_MS / 1000;
    expect(estimateClockOffset([at(1, 0), at(2, edge), at(3, edge + 0.001)])).toMatchObject({ photos: 2 });
  });
});
