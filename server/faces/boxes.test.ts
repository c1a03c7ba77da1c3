// The even tiling of the small-face pass: the fewest equal tiles, each within its bound, covering the photo with
// the overlap asked for between neighbours.
import { describe, expect, it } from 'vitest';
import { evenTilesFor, type Tile } from './boxes';

function checkCover(tiles: Tile[], width: number, height: number, most: number, overlap: number) {
  const first = tiles[0] as Tile;
  for (const t of tiles) {
    expect(t.width).toBe(first.width);
    expect(t.height).toBe(first.height);
    expect(t.width).toBeLessThanOrEqual(most);
    expect(t.height).toBeLessThanOrEqual(most);
    expect(t.x).toBeGreaterThanOrEqual(0);
    expect(t.y).toBeGreaterThanOrEqual(0);
    expect(t.x + t.width).toBeLessThanOrEqual(width);
    expect(t.y + t.height).toBeLessThanOrEqual(height);
  }
  const xs = [...new Set(tiles.map((t) => t.x))].sort((a, b) => a - b);
  const ys = [...new Set(tiles.map((t) => t.y))].sort((a, b) => a - b);
  expect(xs.length * ys.length).toBe(tiles.length);
  expect(xs[0]).toBe(0);
  expect(ys[0]).toBe(0);
  expect((xs.at(-1) as number) + first.width).toBe(width);
  expect((ys.at(-1) as number) + first.height).toBe(height);
  for (let i = 1; i < xs.length; i++)
    expect((xs[i - 1] as number) + first.width - (xs[i] as number)).toBeGreaterThanOrEqual(overlap);
  for (let i = 1; i < ys.length; i++)
    expect((ys[i - 1] as number) + first.height - (ys[i] as number)).toBeGreaterThanOrEqual(overlap);
}

describe('even tiles', () => {
  it('covers a 12 MP photo with 3 × 2 tiles of 1504 × 1628', () => {
    const tiles = evenTilesFor(4000, 3000, 1664, 256);
    expect(tiles).toHaveLength(6);
    expect(tiles[0]).toEqual({ x: 0, y: 0, width: 1504, height: 1628 });
    checkCover(tiles, 4000, 3000, 1664, 256);
  });

  it('is one tile for a photo within the bound, and one row for a panorama', () => {
    expect(evenTilesFor(1600, 1200, 1664, 256)).toEqual([{ x: 0, y: 0, width: 1600, height: 1200 }]);
    const row = evenTilesFor(6000, 1000, 1664, 256);
    expect(new Set(row.map((t) => t.y))).toEqual(new Set([0]));
    checkCover(row, 6000, 1000, 1664, 256);
  });

  it('holds its rules on many shapes and bounds', () => {
    for (const [w, h] of [
      [1665, 1665],
      [3024, 4032],
      [8000, 6000],
      [2049, 911],
    ] as const)
      for (const [most, overlap] of [
        [1664, 256],
        [1024, 128],
        [700, 300],
      ] as const) {
        const tiles = evenTilesFor(w, h, most, overlap);
        checkCover(tiles, w, h, most, overlap);
        // The fewest: one tile fewer on either axis could not keep the overlap.
        const across = new Set(tiles.map((t) => t.x)).size;
        expect((across - 1) * most - (across - 2) * overlap).toBeLessThan(w + (across === 1 ? most : 0));
      }
  });
});
