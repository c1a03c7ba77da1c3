// The recognition net (face-api's 128-d net, dlib's ResNet-34 variant; its weights fused by recognise.ts) run whole
// on our kernels (wasm-kernels.ts, recognition-wat.ts), from the chips' pixels to the descriptors, in one memory:
// - the first conv (7×7 stride 2, conv7s2) and its 3×3 max pool (maxPool3s2), into a stack of padded images, one a
//   chip (a one-pixel zero border each), so that each conv after is one call for the whole batch;
// - the residual blocks that keep their size: relu(conv2(relu(conv1(x))) + x), both 3×3 'same' (conv3);
// - the blocks that halve it: relu(conv2(relu(conv1(x))) + shortcut), conv1 3×3 stride 2 'valid' (conv3s2) and the
//   shortcut x's 2×2 average pool with zero channels after x's (avgPool2Pad). Where conv1's size falls a row and a
//   column short of the pool's (8×8 → 3×3 against 4×4), face-api pads conv2's output with zeros: conv1's output is
//   kept zero there, and there the block's output is relu(shortcut);
// - the mean over the last 2×2 and the final 256 → 128 layer, in JS (33 thousand multiply-adds a face).
// The values the convs leave on the borders are zeroed after each conv. Where conv2 has no kernel for its size (the
// last block: 1×1, as conv1's 4×4 stride 2 leaves it), it runs in JS at the positions conv1 computed (one, its centre
// tap: 65 thousand multiply-adds). Runs synchronously (no other call can use the buffers meanwhile).
import {
  CONV3_CHANNELS,
  CONV3S2_CHANNELS,
  CONV3S2_GROUP,
  packWideFilter,
  WIDE_CONV3,
} from './recognition-wat';
import { aligned16, growMemory, placeFloats } from './wasm-api';
import { PW_ROWS, type WasmKernels, wasmKernels } from './wasm-kernels';
import { packFilter } from './wat-parts';

const FLOAT = 4;
const FIRST_CHANNELS = 32;

/** A fused conv's weights: filter HWIO (kh×kw×Cin×Cout) and bias (Cout). */
export interface ConvWeights {
  filter: Float32Array;
  bias: Float32Array;
}

export interface RecognitionWeights {
  /** 7×7×3×32, the input's mean colour and 1/255 folded in. */
  first: ConvWeights;
  /** Each 3×3; `down`: conv1 has stride 2 and the block halves the size. */
  blocks: readonly { conv1: ConvWeights; conv2: ConvWeights; down: boolean }[];
  /** The final layer, channels × descriptor length (row major). */
  fc: Float32Array;
}

export interface RecognitionKernels {
  /** The descriptors of n chips, each side × side × 3 (RGB values 0-255, plain, one after the other). */
  describe(pixels: Float32Array, n: number, side: number): Float32Array[];
}

interface Stage {
  h: number;
  w: number;
  c: number;
}
interface ConvAt {
  filter: number;
  bias: number;
}
type Step =
  | { kind: 'same'; stage: Stage; conv1: ConvAt; conv2: ConvAt }
  | {
      kind: 'down';
      from: Stage;
      to: Stage;
      /** conv1's own size (at most the pooled one). */
      oh: number;
      ow: number;
      conv1: ConvAt;
      conv2: ConvAt;
      /** conv2's weights, where it runs in JS (no kernel for its size). */
      conv2InJs?: ConvWeights;
    };
interface Plan {
  /** The first conv's output side. */
  convSide: number;
  steps: Step[];
  last: Stage;
  /** The first stage (after the max pool). */
  first: Stage;
  /** The floats of the largest stack of padded images a stage of n chips needs, with the kernels' room after it. */
  stackFloats: (n: number) => number;
}

/** Whether conv3 runs a 'same' conv of this stage (its channels, and a wide one's width). */
const conv3Runs = (s: Stage) =>
  (CONV3_CHANNELS as readonly number[]).includes(s.c) && (s.c < WIDE_CONV3 || s.w % PW_ROWS === 0);

/** The kernels with the net's weights copied in (`fma: false`: the multiply and add, as without it). */
export async function recognitionKernels(
  weights: RecognitionWeights,
  options: { fma?: boolean } = {},
): Promise<RecognitionKernels> {
  const k: WasmKernels = await wasmKernels(options);
  const { first, blocks, fc } = weights;
  if (first.bias.length !== FIRST_CHANNELS || first.filter.length !== 7 * 7 * 3 * FIRST_CHANNELS)
    throw new Error('recognition kernels: the first conv is not 7×7×3×32');
  // Each filter as its kernel reads it: conv3's wide ones and conv3s2's packed.
  const cout = (c: ConvWeights) => c.bias.length;
  const cin = (c: ConvWeights) => c.filter.length / 9 / cout(c);
  const forConv3 = (c: ConvWeights) => (cout(c) >= WIDE_CONV3 ? packWideFilter(c.filter, cout(c)) : c.filter);
  const placed = placeFloats(k.memory, [
    first.filter,
    first.bias,
    ...blocks.flatMap((b) => [
      b.down ? packFilter(b.conv1.filter, 9, cin(b.conv1), cout(b.conv1), CONV3S2_GROUP) : forConv3(b.conv1),
      b.conv1.bias,
      forConv3(b.conv2),
      b.conv2.bias,
    ]),
  ]);
  const at = placed.at;
  const convAt = (i: number): ConvAt => ({ filter: at[i] as number, bias: at[i + 1] as number });
  const plans = new Map<number, Plan>();

  /** The stages and the calls for chips of this side; throws where a kernel cannot run a shape. */
  function planFor(side: number): Plan {
    const known = plans.get(side);
    if (known) return known;
    const convSide = Math.floor((side - 7) / 2) + 1;
    if (!Number.isInteger(side) || convSide < 3 || convSide % PW_ROWS !== 0)
      throw new Error(
        `recognition kernels: a chip ${side} wide gives a first conv ${convSide} wide, not a multiple of ${PW_ROWS} from 4`,
      );
    const poolSide = Math.floor((convSide - 3) / 2) + 1;
    const first: Stage = { h: poolSide, w: poolSide, c: FIRST_CHANNELS };
    let stage = first;
    // conv3 reads up to PW_ROWS + 1 pixels past a stack (its last group of positions) and writes none past it;
    // conv3s2's groups stay inside their image. Two rows more are kept after the stacks as a margin.
    let [largest, after] = [0, 0];
    const room = (s: Stage) => {
      largest = Math.max(largest, (s.h + 2) * (s.w + 2) * s.c);
      after = Math.max(after, (2 * (s.w + 2) + 2 * PW_ROWS) * s.c);
    };
    room(stage);
    const steps = blocks.map((b, i): Step => {
      const [conv1, conv2] = [convAt(2 + i * 4), convAt(4 + i * 4)];
      if (cin(b.conv1) !== stage.c || cin(b.conv2) !== cout(b.conv1) || cout(b.conv2) !== cout(b.conv1))
        throw new Error(`recognition kernels: block ${i}'s channels do not follow ${stage.c}`);
      if (!b.down) {
        if (cout(b.conv1) !== stage.c || !conv3Runs(stage))
          throw new Error(
            `recognition kernels: no kernel for block ${i} at ${stage.h}×${stage.w}×${stage.c}`,
          );
        return { kind: 'same', stage, conv1, conv2 };
      }
      const from = stage;
      const to: Stage = { h: from.h >> 1, w: from.w >> 1, c: cout(b.conv1) };
      const [oh, ow] = [Math.floor((from.h - 3) / 2) + 1, Math.floor((from.w - 3) / 2) + 1];
      if (
        oh < 1 ||
        ow < 1 ||
        !(CONV3S2_CHANNELS as readonly number[]).includes(from.c) ||
        to.c % CONV3S2_GROUP ||
        to.c < from.c
      )
        throw new Error(`recognition kernels: no kernel for block ${i} from ${from.h}×${from.w}×${from.c}`);
      stage = to;
      room(to);
      return {
        kind: 'down',
        from,
        to,
        oh,
        ow,
        conv1,
        conv2,
        ...(conv3Runs(to) ? {} : { conv2InJs: b.conv2 }),
      };
    });
    if (fc.length % stage.c !== 0) throw new Error('recognition kernels: the final layer does not fit');
    const plan: Plan = { convSide, first, steps, last: stage, stackFloats: (n) => n * largest + after };
    plans.set(side, plan);
    return plan;
  }

  return {
    describe(pixels, n, side) {
      if (!Number.isInteger(n) || n < 1) throw new Error(`recognition kernels: ${n} chips`);
      if (pixels.length !== n * side * side * 3)
        throw new Error(`recognition kernels: the pixels are not ${n} × ${side} × ${side} × 3`);
      const plan = planFor(side);
      // The pixels, the first conv's output, then four stacks: the block's input, conv1's output, its output and
      // the shortcut.
      const pixelsAt = placed.end;
      const convAt0 = pixelsAt + aligned16(pixels.length * FLOAT);
      const stackBytes = aligned16(plan.stackFloats(n) * FLOAT);
      const stack0 = convAt0 + aligned16(n * plan.convSide * plan.convSide * FIRST_CHANNELS * FLOAT);
      growMemory(k.memory, stack0 + 4 * stackBytes);
      // The memory does not grow again during the call: one view of it serves the whole net.
      const floats = new Float32Array(k.memory.buffer);
      floats.set(pixels, pixelsAt / FLOAT);
      let [x, t, y] = [0, 1, 2].map((i) => stack0 + i * stackBytes) as [number, number, number];
      const r = stack0 + 3 * stackBytes;
      const clear = (stack: number, s: Stage) => {
        const image = (s.h + 2) * (s.w + 2) * s.c * FLOAT;
        for (let i = 0; i < n; i++) k.clearBorder(stack + i * image, s.h, s.w, s.c);
      };
      const positions = (s: Stage) => (n * (s.h + 2) - 2) * (s.w + 2);
      const first0 = convAt(0);
      k.conv7s2(pixelsAt, convAt0, n, side, side, first0.filter, first0.bias);
      k.maxPool3s2(convAt0, x, n, plan.convSide, plan.convSide, FIRST_CHANNELS);
      clear(x, plan.first);
      for (const step of plan.steps) {
        if (step.kind === 'same') {
          const { stage: s, conv1, conv2 } = step;
          k.conv3(x, t, 0, positions(s), s.c, s.c, conv1.filter, conv1.bias, 0, s.w + 2, s.h);
          clear(t, s);
          k.conv3(t, y, x, positions(s), s.c, s.c, conv2.filter, conv2.bias, 0, s.w + 2, s.h);
          clear(y, s);
        } else {
          const { from, to, oh, ow, conv1, conv2 } = step;
          k.conv3s2(x, t, n, from.h, from.w, from.c, to.c, conv1.filter, conv1.bias, to.h, to.w);
          clear(t, to);
          k.avgPool2Pad(x, r, n, from.h, from.w, from.c, to.c);
          outsideConv(n, to, oh, ow, (i) => {
            floats.fill(0, t / FLOAT + i, t / FLOAT + i + to.c);
          });
          if (step.conv2InJs) conv2InJs(floats, n, to, oh, ow, step.conv2InJs, { t, y, r });
          else k.conv3(t, y, r, positions(to), to.c, to.c, conv2.filter, conv2.bias, 0, to.w + 2, to.h);
          // Past conv1's own size, conv2's output is face-api's zero padding: the block's output is relu(shortcut).
          outsideConv(n, to, oh, ow, (i) => {
            for (let c = 0; c < to.c; c++)
              floats[y / FLOAT + i + c] = Math.max(0, floats[r / FLOAT + i + c] as number);
          });
          clear(y, to);
        }
        [x, y] = [y, x];
      }
      return meanAndFc(floats, x / FLOAT, n, plan.last, fc);
    },
  };
}

/** The float offset, in a stack of padded images of the stage, of image i's pixel (y, x). */
const pixelAt = (s: Stage, i: number, y: number, x: number) =>
  ((i * (s.h + 2) + y + 1) * (s.w + 2) + x + 1) * s.c;

/** Calls `at` with the float offset (in a stack of the stage) of each pixel past conv1's oh × ow. */
function outsideConv(n: number, s: Stage, oh: number, ow: number, at: (offset: number) => void): void {
  if (oh >= s.h && ow >= s.w) return;
  for (let i = 0; i < n; i++)
    for (let yy = 0; yy < s.h; yy++)
      for (let xx = 0; xx < s.w; xx++) if (yy >= oh || xx >= ow) at(pixelAt(s, i, yy, xx));
}

/**
 * A down block's conv2 in JS, where conv3 has no kernel for its size: relu(conv + bias + shortcut) at conv1's own
 * oh × ow pixels, reading conv1's output there only (it is zero elsewhere). Byte offsets of the stacks in `at`.
 */
function conv2InJs(
  floats: Float32Array,
  n: number,
  s: Stage,
  oh: number,
  ow: number,
  weights: ConvWeights,
  at: { t: number; y: number; r: number },
): void {
  const c = s.c;
  const { filter, bias } = weights;
  const sum = new Float64Array(c);
  for (let i = 0; i < n; i++)
    for (let yy = 0; yy < oh; yy++)
      for (let xx = 0; xx < ow; xx++) {
        for (let j = 0; j < c; j++) sum[j] = bias[j] as number;
        for (let ky = 0; ky < 3; ky++)
          for (let kx = 0; kx < 3; kx++) {
            const [sy, sx] = [yy + ky - 1, xx + kx - 1];
            if (sy < 0 || sx < 0 || sy >= oh || sx >= ow) continue;
            const from = at.t / FLOAT + pixelAt(s, i, sy, sx);
            for (let q = 0; q < c; q++) {
              const v = floats[from + q] as number;
              if (v === 0) continue;
              const row = ((ky * 3 + kx) * c + q) * c;
              for (let j = 0; j < c; j++) sum[j] = (sum[j] as number) + v * (filter[row + j] as number);
            }
          }
        const o = pixelAt(s, i, yy, xx);
        for (let j = 0; j < c; j++)
          floats[at.y / FLOAT + o + j] = Math.max(
            0,
            (sum[j] as number) + (floats[at.r / FLOAT + o + j] as number),
          );
      }
}

/** The mean over each chip's last stage, times the final layer: the descriptors. */
function meanAndFc(floats: Float32Array, x: number, n: number, s: Stage, fc: Float32Array): Float32Array[] {
  const length = fc.length / s.c;
  const mean = new Float64Array(s.c);
  return Array.from({ length: n }, (_, i) => {
    mean.fill(0);
    for (let yy = 0; yy < s.h; yy++)
      for (let xx = 0; xx < s.w; xx++) {
        const from = x + pixelAt(s, i, yy, xx);
        for (let c = 0; c < s.c; c++) mean[c] = (mean[c] as number) + (floats[from + c] as number);
      }
    const out = new Float64Array(length);
    for (let c = 0; c < s.c; c++) {
      const m = (mean[c] as number) / (s.h * s.w);
      if (m === 0) continue;
      for (let j = 0; j < length; j++) out[j] = (out[j] as number) + m * (fc[c * length + j] as number);
    }
    return Float32Array.from(out);
  });
}
