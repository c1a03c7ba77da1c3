// A bib's digits are dark strokes on a light card (or the reverse): wherever one is, neighbouring pixels a stroke's
// width apart differ strongly. A torso with hardly any such edges (a plain wall, sky, road, a flat backdrop) holds
// no readable bib, and its text detection (the costliest step of reading bibs) is skipped.
import type { Box, RgbPixels } from './ocr';

/** Samples per face height: a digit's stroke is about a twentieth of the face's height. */
const SAMPLES_PER_FACE = 24;
/** Two samples this much apart in luminance (0..255) make an edge. */
export const EDGE_CONTRAST = 32;
/** A region with fewer edges than this holds no line of digits (measured on ../shared/bib-bench's bibs). */
export const MIN_EDGES = 12;

/** The strong edges in a region, counted between samples a stroke's width apart, across and down. */
export function edgesIn(
  image: RgbPixels,
  box: Box,
  faceHeight: number,
  enough = Number.POSITIVE_INFINITY,
): number {
  const step = Math.max(1, Math.floor(faceHeight / SAMPLES_PER_FACE));
  const left = Math.max(0, Math.floor(box.x));
  const top = Math.max(0, Math.floor(box.y));
  const right = Math.min(image.width, Math.ceil(box.x + box.width));
  const bottom = Math.min(image.height, Math.ceil(box.y + box.height));
  const { data, width } = image;
  const luma = (x: number, y: number) => {
    const at = (y * width + x) * 3;
    return ((data[at] as number) * 77 + (data[at + 1] as number) * 150 + (data[at + 2] as number) * 29) >> 8;
  };
  let edges = 0;
  for (let y = top; y + step < bottom; y += step) {
    for (let x = left; x + step < right; x += step) {
      const here = luma(x, y);
      if (Math.abs(here - luma(x + step, y)) >= EDGE_CONTRAST) edges++;
      if (Math.abs(here - luma(x, y + step)) >= EDGE_CONTRAST) edges++;
    }
    if (edges >= enough) return edges;
  }
  return edges;
}

/** Whether a torso is too plain to hold a readable bib (its face `faceHeight` pixels high). */
export const plainRegion = (image: RgbPixels, box: Box, faceHeight: number): boolean =>
  edgesIn(image, box, faceHeight, MIN_EDGES) < MIN_EDGES;
