// How good a selfie's face is to search with, measured on what describing it already made: the face's box in the
// decoded selfie, its 68 landmarks and dlib's aligned 150×150 chip. A poor selfie is told so before it is searched
// (services/face-search.ts). The limits are lenient on purpose: a false warning costs every runner a tap, a missed
// one only some photos.
import type { SelfieProblem } from '../../core/contract/facesearch';
import type { Point } from './chip';
import type { RgbImage } from './image';

export interface SelfieMeasures {
  /** The face's height in the selfie's decoded pixels (the descriptor's chip is 150 px: smaller faces are blown up). */
  faceHeight: number;
  /** Mean luma (0-255) of the chip's middle, the face itself. */
  brightness: number;
  /**
   * Variance of the Laplacian of the chip's middle (luma), as if the face were lit to at least SHARPNESS_LIGHT:
   * low is blurred.
   */
  sharpness: number;
  /** How far the nose lies off the middle of the face, from 0 (looking at the camera) to 1 (in profile). */
  turn: number;
}

/**
 * Measured with `npm run bench:selfie-quality -- --faces ../shared/faces-lfw --degrade 30`: on faces-lfw's 1,491 news
 * photos the faces lie 80-149 px high, their brightness 61-213, sharpness 7-617 (1% below 13), turn 0-1. The limits
 * flag 17 of them (1.1%): 10 turned (the nose past 0.8: rank-1 among the others 0.90, nearest same-person distance
 * 0.47) and 8 blurred (one both; 0.875, 0.49), against 0.97 and 0.40 for the rest; none of ../shared/faces' 40. A turn
 * of 0.6-0.8 (a press photo's three-quarter view, 56 faces) searches as well as a face to the camera (rank-1 1.0,
 * 0.40-0.41): not flagged. Thirty of those photos made poor: ×0.25 light flags 28 of 28 with a face found as dark
 * (×0.35: 22 of 29; ×0.5: 5 of 30, and 1 as blurred, the descriptor moving 0.15); blur sigma 3 flags 20 of 20 found
 * (sigma 6: no face at all, said as such); the face shrunk to 40 px flags 27 of 30 as small (the descriptor moves
 * 0.30), to 60 px none (it moves 0.17).
 */
export const SELFIE_LIMITS = {
  /** A face lower than this many pixels: small. */
  minFaceHeight: 48,
  /** The face's mean luma below this: dark. */
  minBrightness: 55,
  /** The Laplacian's variance below this: blurred. */
  minSharpness: 12,
  /** The nose further off the middle than this: turned away. */
  maxTurn: 0.8,
};

/**
 * A dim face's Laplacian is dimmed with its light (half the light, a quarter of the variance): its sharpness is
 * measured as if its mean luma were this, so that a selfie taken in a dim room is not also called blurred (on
 * faces-lfw made ×0.5 darker, 4 of 30 were, unscaled).
 */
export const SHARPNESS_LIGHT = 100;

/** Luma of a pixel (BT.601). */
const luma = (d: Uint8Array, i: number) =>
  0.299 * (d[i] as number) + 0.587 * (d[i + 1] as number) + 0.114 * (d[i + 2] as number);

/** The chip's middle (the face without its margin): a square of half the chip's side, centred a little low. */
function middleOf(chip: RgbImage): { x0: number; y0: number; side: number } {
  const side = Math.round(chip.width / 2);
  return { x0: Math.round(chip.width / 4), y0: Math.round(chip.height * 0.3), side };
}

export function measureSelfieFace(
  chip: RgbImage,
  landmarks: readonly Point[],
  faceHeight: number,
): SelfieMeasures {
  const { x0, y0, side } = middleOf(chip);
  const w = chip.width;
  const grey = new Float32Array(side * side);
  let sum = 0;
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const v = luma(chip.data, ((y0 + y) * w + x0 + x) * 3);
      grey[y * side + x] = v;
      sum += v;
    }
  const brightness = sum / grey.length;
  // The Laplacian's variance, inside the middle square (its border rows have no neighbours there).
  let n = 0;
  let mean = 0;
  let square = 0;
  for (let y = 1; y < side - 1; y++)
    for (let x = 1; x < side - 1; x++) {
      const i = y * side + x;
      const lap =
        (grey[i - 1] as number) +
        (grey[i + 1] as number) +
        (grey[i - side] as number) +
        (grey[i + side] as number) -
        4 * (grey[i] as number);
      n++;
      mean += lap;
      square += lap * lap;
    }
  mean /= n || 1;
  const lit = Math.max(1, (SHARPNESS_LIGHT / Math.max(brightness, 1)) ** 2);
  const sharpness = (square / (n || 1) - mean * mean) * lit;
  return { faceHeight, brightness, sharpness, turn: turnOf(landmarks) };
}

/**
 * The face's turn from the 68 landmarks (dlib's order): where the nose tip (30) lies between the jaw's two ends
 * (0 and 16) across the face, 0 in the middle, 1 at either end.
 */
export function turnOf(landmarks: readonly Point[]): number {
  const left = landmarks[0];
  const right = landmarks[16];
  const nose = landmarks[30];
  if (!left || !right || !nose) return 0;
  const dx = right.x - left.x;
  const dy = right.y - left.y;
  const across = Math.hypot(dx, dy);
  if (!(across > 0)) return 0;
  // The nose's place along the jaw line, 0..1, then its distance from the middle, doubled.
  const along = ((nose.x - left.x) * dx + (nose.y - left.y) * dy) / (across * across);
  return Math.min(1, Math.abs(along - 0.5) * 2);
}

/** The problems a face's measures show, most telling first; blurred only when neither small nor dark. */
export function selfieProblemsOf(m: SelfieMeasures, limits = SELFIE_LIMITS): SelfieProblem[] {
  const problems: SelfieProblem[] = [];
  if (m.faceHeight < limits.minFaceHeight) problems.push('small');
  if (m.turn > limits.maxTurn) problems.push('turned');
  if (m.brightness < limits.minBrightness) problems.push('dark');
  // A small face's chip is blown up, and a dark face's Laplacian is dimmed with it (×0.25 light: ÷16), so either
  // measures as blurred anyway: said as small or dark alone.
  if (m.sharpness < limits.minSharpness && !problems.includes('small') && !problems.includes('dark'))
    problems.push('blurred');
  return problems;
}
