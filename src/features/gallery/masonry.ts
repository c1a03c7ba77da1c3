// The masonry layout of SPEC §2 Wholesale page / §9: columns by width (2 under 480 px, 3 under 768, 4 under 1024,
// 5 under 1550, else 6), 5 px gaps, columns never narrower than 80 px. Pure, so the breakpoints are tested here
// and the component only measures and draws.
import { MASONRY_COLUMNS, MASONRY_GAP_PX, MASONRY_MIN_WIDTH_PX } from '../../../core/constants';

/** Columns the spec gives for a viewport width. */
export function columnsForWidth(viewportWidth: number): number {
  const rule = MASONRY_COLUMNS.find((r) => viewportWidth < r.maxWidth);
  return rule?.columns ?? (MASONRY_COLUMNS.at(-1)?.columns as number);
}

/**
 * Columns of a gallery: the spec's count for the viewport, fewer when the gallery's own box is too narrow for
 * columns of the minimum width, and at least one.
 */
export function masonryColumnCount(
  viewportWidth: number,
  containerWidth: number = viewportWidth,
  gap: number = MASONRY_GAP_PX,
  minWidth: number = MASONRY_MIN_WIDTH_PX,
): number {
  const fitting = Math.floor((containerWidth + gap) / (minWidth + gap));
  return Math.max(1, Math.min(columnsForWidth(viewportWidth), fitting));
}

export interface MasonryBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface MasonryLayout {
  boxes: MasonryBox[];
  /** Height of the whole gallery (the tallest column). */
  height: number;
  columnWidth: number;
}

/**
 * Places items (given as width / height ratios) in reading order, each into the shortest column so far (the
 * leftmost of equals), so the columns end about level and the page order stays the visual order.
 */
export function masonryLayout(
  aspectRatios: readonly number[],
  containerWidth: number,
  columns: number,
  gap: number = MASONRY_GAP_PX,
): MasonryLayout {
  const count = Math.max(1, Math.floor(columns));
  const columnWidth = Math.max(0, (containerWidth - gap * (count - 1)) / count);
  const heights = new Array<number>(count).fill(0);
  const boxes = aspectRatios.map((ratio) => {
    const column = heights.indexOf(Math.min(...heights));
    const height = columnWidth / (ratio > 0 && Number.isFinite(ratio) ? ratio : 1);
    const box = {
      left: column * (columnWidth + gap),
      top: heights[column] as number,
      width: columnWidth,
      height,
    };
    heights[column] = box.top + height + gap;
    return box;
  });
  const tallest = Math.max(...heights);
  return { boxes, height: boxes.length ? tallest - gap : 0, columnWidth };
}
