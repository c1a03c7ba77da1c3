import { describe, expect, it } from 'vitest';
import { columnsForWidth, masonryColumnCount, masonryLayout } from './masonry';

describe('columnsForWidth (SPEC §9 breakpoints)', () => {
  it.each([
    [320, 2],
    [479, 2],
    [480, 3],
    [767, 3],
    [768, 4],
    [1023, 4],
    [1024, 5],
    [1549, 5],
    [1550, 6],
    [2560, 6],
  ])('a %i px wide window gets %i columns', (width, columns) => {
    expect(columnsForWidth(width)).toBe(columns);
  });
});

describe('masonryColumnCount', () => {
  it('follows the window when the gallery has room', () => {
    expect(masonryColumnCount(390, 358)).toBe(2);
    expect(masonryColumnCount(1280, 1168)).toBe(5);
  });

  it('never makes columns narrower than 80 px (with 5 px gaps)', () => {
    // Six columns of 80 px need 6 * 80 + 5 * 5 = 505 px.
    expect(masonryColumnCount(1600, 505)).toBe(6);
    expect(masonryColumnCount(1600, 504)).toBe(5);
    expect(masonryColumnCount(1600, 165)).toBe(2);
    expect(masonryColumnCount(1600, 164)).toBe(1);
  });

  it('keeps at least one column in a box narrower than the minimum', () => {
    expect(masonryColumnCount(300, 40)).toBe(1);
    expect(masonryColumnCount(300, 0)).toBe(1);
  });
});

describe('masonryLayout', () => {
  it('puts each item into the shortest column, leftmost first, with 5 px gaps', () => {
    // 205 px wide in 2 columns: each column 100 px.
    const layout = masonryLayout([1, 0.5, 2, 1], 205, 2);
    expect(layout.columnWidth).toBe(100);
    expect(layout.boxes).toEqual([
      { left: 0, top: 0, width: 100, height: 100 },
      { left: 105, top: 0, width: 100, height: 200 },
      // Column 0 ends at 105 (100 + gap), column 1 at 205: the third goes left.
      { left: 0, top: 105, width: 100, height: 50 },
      { left: 0, top: 160, width: 100, height: 100 },
    ]);
    expect(layout.height).toBe(260);
  });

  it('is empty with no items', () => {
    expect(masonryLayout([], 500, 3)).toEqual({ boxes: [], height: 0, columnWidth: (500 - 10) / 3 });
  });

  it('treats a missing or broken ratio as a square', () => {
    const { boxes } = masonryLayout([0, Number.NaN], 100, 1);
    expect(boxes.map((b) => b.height)).toEqual([100, 100]);
    expect(boxes[1]?.top).toBe(105);
  });
});
