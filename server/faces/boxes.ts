// Plain box geometry for the detector: tiling a large photo and merging the boxes the tiles and the whole-image
// pass found for the same face.

export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ScoredBox extends FaceBox {
  score: number;
  /** Touches a tile edge inside the image: maybe a cut face, so it loses to a whole box of the same face. */
  cut?: boolean;
}

export interface Tile {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Start offsets of tiles of `size` with at least `overlap` shared, covering `length` (last tile flush with the end). */
function starts(length: number, size: number, overlap: number): number[] {
  if (length <= size) return [0];
  const stride = size - overlap;
  const count = Math.ceil((length - size) / stride) + 1;
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(Math.min(i * stride, length - size));
  return out;
}

export function tilesFor(width: number, height: number, size: number, overlap: number): Tile[] {
  const tiles: Tile[] = [];
  for (const y of starts(height, size, overlap)) {
    for (const x of starts(width, size, overlap)) {
      tiles.push({ x, y, width: Math.min(size, width), height: Math.min(size, height) });
    }
  }
  return tiles;
}

/** Splits `length` into the fewest spans of at most `most` that overlap by at least `overlap`, all the same size. */
function evenSpans(length: number, most: number, overlap: number): { start: number; size: number }[] {
  if (length <= most) return [{ start: 0, size: length }];
  const count = Math.ceil((length - overlap) / (most - overlap));
  const size = Math.ceil((length + (count - 1) * overlap) / count);
  const stride = (length - size) / (count - 1);
  return Array.from({ length: count }, (_, i) => ({ start: Math.round(i * stride), size }));
}

/**
 * The fewest tiles of equal size, each side at most `most`, that cover the image and overlap their neighbours by at
 * least `overlap`: a 4000×3000 photo at most 1664 and overlap 256 is 3 × 2 tiles of 1504×1628 (1.2 times its
 * pixels), where square tiles of 1536 would be 3 × 3 (1.8 times).
 */
export function evenTilesFor(width: number, height: number, most: number, overlap: number): Tile[] {
  const tiles: Tile[] = [];
  for (const y of evenSpans(height, most, overlap))
    for (const x of evenSpans(width, most, overlap))
      tiles.push({ x: x.start, y: y.start, width: x.size, height: y.size });
  return tiles;
}

function intersection(a: FaceBox, b: FaceBox): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

export function iou(a: FaceBox, b: FaceBox): number {
  const inter = intersection(a, b);
  return inter === 0 ? 0 : inter / (a.width * a.height + b.width * b.height - inter);
}

/** Share of the smaller box that lies inside the other one. */
export function containment(a: FaceBox, b: FaceBox): number {
  const inter = intersection(a, b);
  return inter === 0 ? 0 : inter / Math.min(a.width * a.height, b.width * b.height);
}

/**
 * Keeps one box per face: whole (uncut) boxes first, then by score; a box overlapping a kept one
 * (IoU ≥ iouLimit, or mostly inside it / containing it) is a duplicate.
 */
export function mergeBoxes<T extends ScoredBox>(
  boxes: readonly T[],
  iouLimit = 0.35,
  containLimit = 0.7,
): T[] {
  const ordered = [...boxes].sort(
    (a, b) => Number(a.cut ?? false) - Number(b.cut ?? false) || b.score - a.score,
  );
  const kept: T[] = [];
  for (const box of ordered) {
    if (kept.some((k) => iou(k, box) >= iouLimit || containment(k, box) >= containLimit)) continue;
    kept.push(box);
  }
  return kept;
}

/** True when the box touches a side of the tile that is not a side of the image. */
export function touchesInnerEdge(
  box: FaceBox,
  tile: Tile,
  imageWidth: number,
  imageHeight: number,
  margin = 2,
) {
  return (
    (tile.x > 0 && box.x <= tile.x + margin) ||
    (tile.y > 0 && box.y <= tile.y + margin) ||
    (tile.x + tile.width < imageWidth && box.x + box.width >= tile.x + tile.width - margin) ||
    (tile.y + tile.height < imageHeight && box.y + box.height >= tile.y + tile.height - margin)
  );
}
