// face-api's tiny face detector (a small MobileNet-style YOLO: one 3×3 conv, five depthwise-separable convs, a 1×1
// head, five anchors per cell), fused: the input's mean colour and 1/255 folded into the first conv (a 'valid' conv,
// so exact), each separable conv run as a depthwise conv and a pointwise conv with its bias and leaky ReLU in one
// call (face-api pads with tf.pad, runs the two convs, adds the bias and builds the leaky ReLU from four more
// passes), and the boxes decoded and suppressed in plain JS. The leaky ReLU runs as a PReLU of slope 0.1: the wasm
// backend's fused leaky ReLU is a scalar loop, its PReLU is XNNPACK's (the 16→32 conv at 111 px: 3.4 ms against
// 1.1). The same boxes as face-api's locateFaces, within float error, except that face-api maps them back through
// the image's size at the input's scale rounded to whole pixels (up to half an input pixel of stretch) where this
// maps them exactly.
import type { ScoredBox, Tile } from './boxes';
import {
  type ConvArgs,
  foldInputNormalisation,
  keptSeparable,
  type Params,
  type Separable,
  separableConv,
  type T4,
} from './fused-ops';
import type { RgbImage } from './image';
import type { FaceApi, Tf } from './models';
import { yieldToSearches } from './yield-to-searches';

/** face-api's tiny face detector constants (tinyFaceDetector/const.ts). */
const MEAN_RGB = [117.001, 114.697, 97.404];
const ANCHORS = [
  { x: 1.603231, y: 2.094468 },
  { x: 6.041143, y: 7.080126 },
  { x: 2.882459, y: 3.518061 },
  { x: 4.266906, y: 5.178857 },
  { x: 9.041765, y: 10.66308 },
];
const IOU_THRESHOLD = 0.4;
const LEAKY_ALPHA = 0.10000000149011612;
/** Input pixels per cell of the head's grid. */
const CELL = 32;
/** Values per anchor in the head's output: x, y, w, h, score (one class, no class scores). */
const BOX_ENCODING = 5;

interface Leaky {
  /** LEAKY_ALPHA per output channel (the leaky ReLU as a PReLU). */
  slope: T4;
}
interface FusedTiny {
  first: { filter: T4; bias: T4 } & Leaky;
  separable: (Separable & Leaky)[];
  head: { filter: T4; bias: T4 };
}

let fused: FusedTiny | undefined;

function fuseTiny(faceapi: FaceApi): FusedTiny {
  if (fused) return fused;
  const tf = faceapi.tf as unknown as Tf;
  const p: Params = (faceapi.nets.tinyFaceDetector as unknown as { params: Params }).params;
  if (!p) throw new Error('face engine: the tiny face detector is not loaded');
  const slope = (channels: number) => tf.keep(tf.fill([channels], LEAKY_ALPHA)) as T4;
  const first = foldInputNormalisation(tf, p.conv0.filters, p.conv0.bias, MEAN_RGB, 1 / 255);
  fused = {
    first: { ...first, slope: slope(p.conv0.bias.shape[0]) },
    separable: [1, 2, 3, 4, 5].map((i) => {
      const q = p[`conv${i}`];
      return { ...keptSeparable(tf, q), slope: slope(q.bias.shape[0]) };
    }),
    head: { filter: tf.keep(p.conv8.filters.clone()), bias: tf.keep(p.conv8.bias.clone()) },
  };
  return fused;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

interface RawBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
  score: number;
}

function iou(a: RawBox, b: RawBox): number {
  const w = Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left));
  const h = Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
  const inter = w * h;
  const areaA = (a.right - a.left) * (a.bottom - a.top);
  const areaB = (b.right - b.left) * (b.bottom - b.top);
  return inter / (areaA + areaB - inter);
}

/** The float copy of the last input, kept for the next: a full-size tile's is about 30 MB. */
let scratch = new Float32Array(0);

/** `region` of `image` as the net's float input, black beyond it up to `width` × `height` (bottom and right). */
function inputPixels(image: RgbImage, region: Tile, width: number, height: number): Float32Array {
  const size = width * height * 3;
  if (scratch.length < size) scratch = new Float32Array(size);
  const pixels = scratch.subarray(0, size);
  const rowValues = region.width * 3;
  for (let row = 0; row < region.height; row++) {
    const from = ((region.y + row) * image.width + region.x) * 3;
    pixels.set(image.data.subarray(from, from + rowValues), row * width * 3);
    pixels.fill(0, row * width * 3 + rowValues, (row + 1) * width * 3);
  }
  pixels.fill(0, region.height * width * 3);
  return pixels;
}

/**
 * The tiny detector's boxes in `region` of `image` (whole pixels inside it; the whole image by default), in the
 * region's pixels, with a score above `minScore`, best first, suppressed at IoU 0.4. With `fitSide`, face-api's own
 * input: the region padded with black to a square on the bottom and right, resized (bilinear) to fitSide × fitSide
 * (a multiple of 32). Without, the region as it is (the net is convolutional), padded with black to a multiple of 32
 * on the bottom and right: one cell of the head per 32 pixels.
 */
export async function tinyBoxes(
  faceapi: FaceApi,
  image: RgbImage,
  minScore: number,
  fitSide = 0,
  region: Tile = { x: 0, y: 0, width: image.width, height: image.height },
): Promise<ScoredBox[]> {
  const net = fuseTiny(faceapi);
  const tf = faceapi.tf as unknown as Tf;
  const square = Math.max(region.width, region.height);
  const height = fitSide ? square : Math.ceil(region.height / CELL) * CELL;
  const width = fitSide ? square : Math.ceil(region.width / CELL) * CELL;
  /** Region pixels per input pixel. */
  const unit = fitSide ? square / fitSide : 1;
  const pixels = inputPixels(image, region, width, height);
  // Layer by layer, each in its own tidy: a photo's indexing can pause between them for the searches (a full-size
  // tile is about 0.4 s of work; its largest layer about 0.12 s).
  let x = tf.tidy(() => {
    const input = tf.tensor4d(pixels, [1, height, width, 3]) as T4;
    const sized =
      fitSide && square !== fitSide
        ? (tf.image.resizeBilinear(input as Parameters<Tf['image']['resizeBilinear']>[0], [
            fitSide,
            fitSide,
          ]) as T4)
        : input;
    return tf.fused.conv2d({
      x: sized as ConvArgs['x'],
      filter: net.first.filter as ConvArgs['filter'],
      strides: 1,
      pad: 'valid',
      bias: net.first.bias,
      activation: 'prelu',
      preluActivationWeights: net.first.slope,
    }) as T4;
  });
  const layer = async (next: (input: T4) => T4) => {
    await yieldToSearches();
    const made = tf.tidy(() => next(x));
    x.dispose();
    x = made;
  };
  try {
    for (const s of net.separable)
      await layer((input) =>
        separableConv(tf, tf.maxPool(input as Parameters<Tf['maxPool']>[0], 2, 2, 'same') as T4, s, 1, {
          activation: 'prelu',
          preluActivationWeights: s.slope,
        }),
      );
    await layer(
      (input) =>
        tf.fused.conv2d({
          x: tf.maxPool(input as Parameters<Tf['maxPool']>[0], 2, 1, 'same') as ConvArgs['x'],
          filter: net.head.filter as ConvArgs['filter'],
          strides: 1,
          pad: 'valid',
          bias: net.head.bias,
        }) as T4,
    );
  } catch (error) {
    x.dispose();
    throw error;
  }
  const out = x;
  let values: Float32Array;
  try {
    values = (await out.data()) as Float32Array;
  } finally {
    out.dispose();
  }
  const [, rows = 0, cols = 0] = out.shape;
  const cell = CELL * unit;
  const found: RawBox[] = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      ANCHORS.forEach((anchor, a) => {
        const e = ((row * cols + col) * ANCHORS.length + a) * BOX_ENCODING;
        const score = sigmoid(values[e + 4] as number);
        if (!(score > minScore)) return;
        const cx = (col + sigmoid(values[e] as number)) * cell;
        const cy = (row + sigmoid(values[e + 1] as number)) * cell;
        const w = Math.exp(values[e + 2] as number) * anchor.x * cell;
        const h = Math.exp(values[e + 3] as number) * anchor.y * cell;
        found.push({ left: cx - w / 2, top: cy - h / 2, right: cx + w / 2, bottom: cy + h / 2, score });
      });
    }
  }
  found.sort((a, b) => b.score - a.score);
  const kept: RawBox[] = [];
  for (const box of found) if (kept.every((k) => iou(box, k) <= IOU_THRESHOLD)) kept.push(box);
  return kept.map((b) => ({
    x: b.left,
    y: b.top,
    width: b.right - b.left,
    height: b.bottom - b.top,
    score: b.score,
  }));
}
