// The face chip the recognition net was trained on: dlib's get_face_chip_details / extract_image_chip. A similarity
// transform (scale, rotation, shift; least squares) maps the 68 landmarks (eyes, nose, upper mouth) onto dlib's mean
// face shape in a 150×150 chip with 25% padding; the chip is sampled bilinearly, black outside the image. The
// descriptor then depends on the landmarks only, not on the detector's box, so a face gives nearly the same
// descriptor whichever pass found it (selfie or photo, tight crop or crowd).
import type { RgbImage } from './image';

/** The recognition net's input side (dlib: 150) and the chip's padding around the mean face (dlib: 0.25). */
export const CHIP_SIZE = 150;
export const CHIP_PADDING = 0.25;

// dlib's mean face shape, landmarks 17..67, in the unit square (dlib/image_transforms/interpolation.h, Boost
// Software License 1.0).
const MEAN_X = [
  0.000213256, 0.0752622, 0.18113, 0.29077, 0.393397, 0.586856, 0.689483, 0.799124, 0.904991, 0.98004,
  0.490127, 0.490127, 0.490127, 0.490127, 0.36688, 0.426036, 0.490127, 0.554217, 0.613373, 0.121737, 0.187122,
  0.265825, 0.334606, 0.260918, 0.182743, 0.645647, 0.714428, 0.793132, 0.858516, 0.79751, 0.719335, 0.254149,
  0.340985, 0.428858, 0.490127, 0.551395, 0.639268, 0.726104, 0.642159, 0.556721, 0.490127, 0.423532,
  0.338094, 0.290379, 0.428096, 0.490127, 0.552157, 0.689874, 0.553364, 0.490127, 0.42689,
];
const MEAN_Y = [
  0.106454, 0.038915, 0.0187482, 0.0344891, 0.0773906, 0.0773906, 0.0344891, 0.0187482, 0.038915, 0.106454,
  0.203352, 0.307009, 0.409805, 0.515625, 0.587326, 0.609345, 0.628106, 0.609345, 0.587326, 0.216423,
  0.178758, 0.179852, 0.231733, 0.245099, 0.244077, 0.231733, 0.179852, 0.178758, 0.216423, 0.244077,
  0.245099, 0.780233, 0.745405, 0.727388, 0.742578, 0.727388, 0.745405, 0.780233, 0.864805, 0.902192,
  0.909281, 0.902192, 0.864805, 0.784792, 0.778746, 0.785343, 0.778746, 0.784792, 0.824182, 0.831803,
  0.824182,
];

/** Landmarks dlib aligns on: 27..54 and 60..64 (no eyebrows, jaw or lower lip). */
const USED: number[] = [];
for (let i = 27; i < 68; i++) if (!((i >= 55 && i <= 59) || i >= 65)) USED.push(i);

export interface Point {
  x: number;
  y: number;
}

/** chip pixel (cx, cy) -> image point (a·u − b·v + tx, b·u + a·v + ty), with u, v relative to the chip centroid. */
export interface ChipTransform {
  a: number;
  b: number;
  tx: number;
  ty: number;
  cx: number;
  cy: number;
}

/** The least-squares similarity from chip pixels to the image, for 68 landmarks in image pixels. */
export function chipTransform(
  landmarks: readonly Point[],
  size = CHIP_SIZE,
  padding = CHIP_PADDING,
): ChipTransform {
  if (landmarks.length !== 68) throw new Error(`expected 68 landmarks, got ${landmarks.length}`);
  const n = USED.length;
  const fx = new Float64Array(n);
  const fy = new Float64Array(n);
  let cx = 0;
  let cy = 0;
  let tx = 0;
  let ty = 0;
  USED.forEach((i, k) => {
    fx[k] = ((padding + (MEAN_X[i - 17] as number)) / (2 * padding + 1)) * size;
    fy[k] = ((padding + (MEAN_Y[i - 17] as number)) / (2 * padding + 1)) * size;
    cx += fx[k] as number;
    cy += fy[k] as number;
    tx += (landmarks[i] as Point).x;
    ty += (landmarks[i] as Point).y;
  });
  cx /= n;
  cy /= n;
  tx /= n;
  ty /= n;
  let norm = 0;
  let dot = 0;
  let cross = 0;
  USED.forEach((i, k) => {
    const u = (fx[k] as number) - cx;
    const v = (fy[k] as number) - cy;
    const p = (landmarks[i] as Point).x - tx;
    const q = (landmarks[i] as Point).y - ty;
    norm += u * u + v * v;
    dot += u * p + v * q;
    cross += u * q - v * p;
  });
  return { a: dot / norm, b: cross / norm, tx, ty, cx, cy };
}

/** The aligned size×size chip of the face (bilinear, black outside the image). */
export function extractChip(image: RgbImage, t: ChipTransform, size = CHIP_SIZE): RgbImage {
  const { width, height, data: src } = image;
  const out = new Uint8Array(size * size * 3);
  let o = 0;
  for (let row = 0; row < size; row++) {
    const v = row - t.cy;
    for (let col = 0; col < size; col++) {
      const u = col - t.cx;
      const x = t.a * u - t.b * v + t.tx;
      const y = t.b * u + t.a * v + t.ty;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const dx = x - x0;
      const dy = y - y0;
      const w00 = (1 - dx) * (1 - dy);
      const w10 = dx * (1 - dy);
      const w01 = (1 - dx) * dy;
      const w11 = dx * dy;
      const in00 = x0 >= 0 && y0 >= 0 && x0 < width && y0 < height;
      const in10 = x0 + 1 >= 0 && y0 >= 0 && x0 + 1 < width && y0 < height;
      const in01 = x0 >= 0 && y0 + 1 >= 0 && x0 < width && y0 + 1 < height;
      const in11 = x0 + 1 >= 0 && y0 + 1 >= 0 && x0 + 1 < width && y0 + 1 < height;
      const p00 = (y0 * width + x0) * 3;
      const p10 = p00 + 3;
      const p01 = p00 + width * 3;
      const p11 = p01 + 3;
      for (let c = 0; c < 3; c++) {
        let s = 0;
        if (in00) s += w00 * (src[p00 + c] as number);
        if (in10) s += w10 * (src[p10 + c] as number);
        if (in01) s += w01 * (src[p01 + c] as number);
        if (in11) s += w11 * (src[p11 + c] as number);
        out[o++] = Math.round(s);
      }
    }
  }
  return { data: out, width: size, height: size };
}
