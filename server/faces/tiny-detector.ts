// face-api's tiny face detector (a small MobileNet-style YOLO: one 3×3 conv, five depthwise-separable convs, a 1×1
// head, five anchors per cell), run on our own WebAssembly SIMD kernels (wasm-kernels.ts: 2-3 times faster than
// tfjs's wasm backend here, which was half of a 12 MP photo's indexing). Its weights are face-api's, fused: the
// input's mean colour and 1/255 folded into the first conv (a 'valid' conv, so exact), its 2×2 max pool run with it,
// each separable conv a depthwise conv and a pointwise conv with the bias and the leaky ReLU, and the boxes decoded
// and suppressed in plain JS. The same boxes as face-api's locateFaces, within float error, except that face-api
// maps them back through the image's size at the input's scale rounded to whole pixels (up to half an input pixel of
// stretch) where this maps them exactly.
import type { ScoredBox, Tile } from './boxes';
import { foldInputNormalisation, type Params, type T4 } from './fused-ops';
import type { RgbImage } from './image';
import type { FaceApi, Tf } from './models';
import { aligned16, growMemory, placeFloats } from './wasm-api';
import { DEPTHWISE_CHANNELS, PW_ROWS, type WasmKernels, wasmKernels } from './wasm-kernels';
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
const LEAKY_ALPHA = 0.1;
/** Input pixels per cell of the head's grid. */
const CELL = 32;
/** Values per anchor in the head's output: x, y, w, h, score (one class, no class scores). */
const BOX_ENCODING = 5;
/** The head's output channels (5 anchors × 5), padded to a multiple of 8 for the pointwise kernel. */
const HEAD_CHANNELS = ANCHORS.length * BOX_ENCODING;
const HEAD_PADDED = 32;
const FLOAT = 4;

interface Stage {
  /** Input channels (the depthwise conv's); the pointwise conv makes twice as many. */
  channels: number;
  depthwise: number;
  pointwise: number;
  bias: number;
}

/** Where the weights are in the kernels' memory (byte offsets), and where the buffers start. */
interface Layout {
  conv0: { filter: number; bias: number };
  stages: Stage[];
  head: { weights: number; bias: number };
  end: number;
}

/** A part of the kernels' memory that one call's tensors use; a call takes a free one or a new one at the top. */
interface Arena {
  at: number;
  bytes: number;
  busy: boolean;
}

interface TinyNet {
  kernels: WasmKernels;
  layout: Layout;
  /** Calls at once in one thread (searches on the main thread, with no workers) each have their own. */
  arenas: Arena[];
  top: number;
}

let net: Promise<TinyNet> | undefined;

/** The net's weights out of face-api's params, in the layouts the kernels read (tfjs's HWIO is already theirs). */
function tinyWeights(faceapi: FaceApi): {
  conv0: Float32Array[];
  stages: Float32Array[][];
  head: Float32Array[];
} {
  const tf = faceapi.tf as unknown as Tf;
  const p: Params = (faceapi.nets.tinyFaceDetector as unknown as { params: Params }).params;
  if (!p) throw new Error('face engine: the tiny face detector is not loaded');
  const first = foldInputNormalisation(tf, p.conv0.filters, p.conv0.bias, MEAN_RGB, 1 / 255);
  const values = (t: T4) => new Float32Array(t.dataSync() as Float32Array);
  const conv0 = [values(first.filter), values(first.bias)];
  first.filter.dispose();
  first.bias.dispose();
  const stages = [1, 2, 3, 4, 5].map((i) => {
    const q = p[`conv${i}`];
    return [values(q.depthwise_filter), values(q.pointwise_filter), values(q.bias)];
  });
  // The head's 25 outputs padded to 32 with zero weights (their values are never read).
  const headIn = p.conv8.filters.shape[2] as number;
  const filters = values(p.conv8.filters);
  const weights = new Float32Array(headIn * HEAD_PADDED);
  for (let k = 0; k < headIn; k++)
    weights.set(filters.subarray(k * HEAD_CHANNELS, (k + 1) * HEAD_CHANNELS), k * HEAD_PADDED);
  const bias = new Float32Array(HEAD_PADDED);
  bias.set(values(p.conv8.bias));
  return { conv0, stages, head: [weights, bias] };
}

/** The kernels with the weights copied in, once per thread. */
function tinyNet(faceapi: FaceApi): Promise<TinyNet> {
  // A failure (the kernels' assembly, the memory's growth) is not kept: the next call tries again.
  net ??= (async () => {
    const kernels = await wasmKernels();
    const w = tinyWeights(faceapi);
    const { at, end } = placeFloats(kernels.memory, [...w.conv0, ...w.stages.flat(), ...w.head]);
    const stages = DEPTHWISE_CHANNELS.map((channels, i) => ({
      channels,
      depthwise: at[2 + i * 3] as number,
      pointwise: at[3 + i * 3] as number,
      bias: at[4 + i * 3] as number,
    }));
    const layout: Layout = {
      conv0: { filter: at[0] as number, bias: at[1] as number },
      stages,
      head: { weights: at[17] as number, bias: at[18] as number },
      end,
    };
    return { kernels, layout, arenas: [], top: end };
  })().catch((error: unknown) => {
    net = undefined;
    throw error;
  });
  return net;
}

/** A free arena of at least `bytes`, taken (give it back with `arena.busy = false`). */
function takeArena(tiny: TinyNet, bytes: number): Arena {
  const fitting = tiny.arenas.filter((a) => !a.busy && a.bytes >= bytes);
  let arena = fitting.sort((a, b) => a.bytes - b.bytes)[0];
  if (!arena) {
    // None fits: with none in use, the memory after the weights is all free again (it never shrinks, so it is
    // reused rather than left behind each time a larger input comes).
    if (tiny.arenas.every((a) => !a.busy)) {
      tiny.arenas = [];
      tiny.top = tiny.layout.end;
    }
    growMemory(tiny.kernels.memory, tiny.top + bytes);
    arena = { at: tiny.top, bytes, busy: false };
    tiny.top += bytes;
    tiny.arenas.push(arena);
  }
  arena.busy = true;
  return arena;
}

type Buffers = ReturnType<typeof buffersFor>;

/** Buffers for an input of height × width (multiples of 32) from `base`: their offsets, and the end. */
function buffersFor(base: number, height: number, width: number) {
  const slack = PW_ROWS * 512 * FLOAT;
  let h = (height - 2) / 2;
  let w = (width - 2) / 2;
  let a = (h + 2) * (w + 2) * 16;
  let b = 0;
  let c = 0;
  for (const [i, channels] of DEPTHWISE_CHANNELS.entries()) {
    if (i > 0) {
      h = Math.ceil(h / 2);
      w = Math.ceil(w / 2);
      a = Math.max(a, (h + 2) * (w + 2) * channels);
    }
    b = Math.max(b, h * w * channels);
    c = Math.max(c, h * w * channels * 2);
  }
  b = Math.max(b, h * w * 512);
  a = Math.max(a, h * w * HEAD_PADDED);
  const input = base;
  const pa = input + aligned16(height * width * 3 * FLOAT);
  const pb = pa + a * FLOAT + slack;
  const pc = pb + b * FLOAT + slack;
  return { input, a: pa, b: pb, c: pc, end: pc + c * FLOAT + slack, rows: h, cols: w };
}

/** A JS copy of a square input before its resize (the fitSide path), kept for the next. */
let scratch = new Float32Array(0);

/** Writes `region` of `image` into `pixels` (rows of width × 3 floats), black beyond it (bottom and right). */
function writeInput(pixels: Float32Array, image: RgbImage, region: Tile, width: number): void {
  const rowValues = region.width * 3;
  for (let row = 0; row < region.height; row++) {
    const from = ((region.y + row) * image.width + region.x) * 3;
    pixels.set(image.data.subarray(from, from + rowValues), row * width * 3);
    pixels.fill(0, row * width * 3 + rowValues, (row + 1) * width * 3);
  }
  pixels.fill(0, region.height * width * 3);
}

/**
 * Runs the net on the input already written at `buffers.input` (height × width × 3, multiples of 32), pausing for
 * the searches between layers (a full-size tile's largest layer is under 0.1 s); answers the head's output offset.
 */
async function runNet({ kernels, layout }: TinyNet, height: number, width: number, buffers: Buffers) {
  const k = kernels;
  let h = (height - 2) / 2;
  let w = (width - 2) / 2;
  k.clearBorder(buffers.a, h, w, 16);
  k.conv0pool(buffers.input, buffers.a, height, width, layout.conv0.filter, layout.conv0.bias);
  for (const [i, stage] of layout.stages.entries()) {
    if (i > 0) {
      await yieldToSearches();
      k.pool2(buffers.c, buffers.a, h, w, stage.channels);
      h = Math.ceil(h / 2);
      w = Math.ceil(w / 2);
      k.clearBorder(buffers.a, h, w, stage.channels);
    }
    await yieldToSearches();
    k.depthwise(stage.channels, buffers.a, buffers.b, h, w, stage.depthwise, 1);
    await yieldToSearches();
    k.pointwise(
      buffers.b,
      buffers.c,
      0,
      h * w,
      stage.channels,
      stage.channels * 2,
      stage.pointwise,
      stage.bias,
      LEAKY_ALPHA,
    );
  }
  await yieldToSearches();
  k.pool1(buffers.c, buffers.b, h, w, 512);
  k.pointwise(buffers.b, buffers.a, 0, h * w, 512, HEAD_PADDED, layout.head.weights, layout.head.bias, 1);
  return buffers.a;
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
  const tiny = await tinyNet(faceapi);
  const square = Math.max(region.width, region.height);
  const height = fitSide || Math.ceil(region.height / CELL) * CELL;
  const width = fitSide || Math.ceil(region.width / CELL) * CELL;
  /** Region pixels per input pixel. */
  const unit = fitSide ? square / fitSide : 1;
  const arena = takeArena(tiny, buffersFor(0, height, width).end);
  let values: Float32Array;
  let rows: number;
  let cols: number;
  try {
    const buffers = buffersFor(arena.at, height, width);
    const memory = tiny.kernels.memory;
    const input = () => new Float32Array(memory.buffer, buffers.input, height * width * 3);
    if (!fitSide) writeInput(input(), image, region, width);
    else {
      // face-api's own input: the region padded with black to a square, resized (bilinear) to fitSide × fitSide.
      const size = square * square * 3;
      if (scratch.length < size) scratch = new Float32Array(size);
      const pixels = scratch.subarray(0, size);
      writeInput(pixels, image, region, square);
      const tf = faceapi.tf as unknown as Tf;
      const sized = tf.tidy(() => {
        const t = tf.tensor4d(pixels, [1, square, square, 3]);
        return square === fitSide ? t : tf.image.resizeBilinear(t, [fitSide, fitSide]);
      });
      try {
        // Read before the view is made: another call may grow the memory meanwhile (a view of the old is empty).
        const resized = (await sized.data()) as Float32Array;
        input().set(resized);
      } finally {
        sized.dispose();
      }
    }
    const headAt = await runNet(tiny, height, width, buffers);
    rows = buffers.rows;
    cols = buffers.cols;
    values = new Float32Array(memory.buffer, headAt, rows * cols * HEAD_PADDED).slice();
  } finally {
    arena.busy = false;
  }
  const cell = CELL * unit;
  const found: RawBox[] = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      ANCHORS.forEach((anchor, a) => {
        const e = (row * cols + col) * HEAD_PADDED + a * BOX_ENCODING;
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
