// face-api's 128-d recognition net (dlib's ResNet-34 variant), fused: each conv's bias and the scale layer after it
// (x·w + b) folded into the conv's weights at first use, and the input's mean colour and 1/255 folded into the first
// conv (exact: it is a 'valid' conv, so no padded border sees the mean). Each conv, its bias and its ReLU are then
// one XNNPACK call, where face-api runs a conv and three or four elementwise passes over its output; its mean
// colour subtraction (three fills and a concat) is gone too. The first conv (first-conv.ts) and the residual blocks
// that keep their size (residual-kernels.ts) run on our kernels: 231 of the net's 254 million multiply-adds a face.
// The blocks that halve the size, the pooling and the final layer stay on tfjs, as face-api runs them.
import { CHIP_SIZE as CHIP_SIDE } from './chip';
import { FIRST_CONV_CHANNELS, type FirstConv, firstConv } from './first-conv';
import { type ConvArgs, foldInputNormalisation, type Params, type T4 } from './fused-ops';
import type { RgbImage } from './image';
import type { FaceApi, Tf } from './models';
import { type ResidualKernels, residualKernels } from './residual-kernels';
import { CONV3_CHANNELS } from './tiny-kernels';

const MEAN_RGB = [122.782, 117.001, 104.298];

interface FusedConv {
  filter: T4;
  bias: T4;
}
interface FusedResidual {
  conv1: FusedConv;
  conv2: FusedConv;
}
interface FusedRecognition {
  first: FusedConv;
  blocks: { residual: FusedResidual; down: boolean }[];
  fc: T4;
}

const BLOCKS = [
  ['conv32_1', false],
  ['conv32_2', false],
  ['conv32_3', false],
  ['conv64_down', true],
  ['conv64_1', false],
  ['conv64_2', false],
  ['conv64_3', false],
  ['conv128_down', true],
  ['conv128_1', false],
  ['conv128_2', false],
  ['conv256_down', true],
  ['conv256_1', false],
  ['conv256_2', false],
  ['conv256_down_out', true],
] as const;

let fused: FusedRecognition | undefined;
let kernels: Promise<{ residuals: ResidualKernels; first: FirstConv }> | undefined;

/** Whether the block keeps its size and conv3 has its channel count: it runs on the kernels. */
const onKernels = (block: FusedRecognition['blocks'][number]) =>
  !block.down && (CONV3_CHANNELS as readonly number[]).includes(block.residual.conv1.filter.shape[3] ?? 0);

/** The kernels with the fused weights of what they run: the first conv, and the blocks (by block index). */
function kernelsFor(net: FusedRecognition): Promise<{ residuals: ResidualKernels; first: FirstConv }> {
  const values = (t: T4) => new Float32Array(t.dataSync() as Float32Array);
  kernels ??= Promise.all([
    residualKernels(
      net.blocks.map((block) =>
        onKernels(block)
          ? {
              conv1: { filter: values(block.residual.conv1.filter), bias: values(block.residual.conv1.bias) },
              conv2: { filter: values(block.residual.conv2.filter), bias: values(block.residual.conv2.bias) },
            }
          : undefined,
      ),
    ),
    firstConv(values(net.first.filter), values(net.first.bias)),
  ])
    .then(([residuals, first]) => ({ residuals, first }))
    .catch((error: unknown) => {
      // Not kept: the next call tries again.
      kernels = undefined;
      throw error;
    });
  return kernels;
}

/** conv(x, F) + b, then the scale layer ·w + c: conv(x, F·w) + (b·w + c). */
function fuseConv(tf: Tf, q: Params): FusedConv {
  const [filter, bias] = tf.tidy(() => [
    tf.mul(q.conv.filters, tf.reshape(q.scale.weights, [1, 1, 1, -1])),
    tf.add(tf.mul(q.conv.bias, q.scale.weights), q.scale.biases),
  ]) as [T4, T4];
  return { filter: tf.keep(filter), bias: tf.keep(bias) };
}

function foldFirst(tf: Tf, q: Params): FusedConv {
  const scaled = fuseConv(tf, q);
  const folded = foldInputNormalisation(tf, scaled.filter, scaled.bias, MEAN_RGB, 1 / 255);
  scaled.filter.dispose();
  scaled.bias.dispose();
  return folded;
}

function fuseRecognition(faceapi: FaceApi): FusedRecognition {
  if (fused) return fused;
  const tf = faceapi.tf as unknown as Tf;
  const p: Params = (faceapi.nets.faceRecognitionNet as unknown as { params: Params }).params;
  if (!p) throw new Error('face engine: the recognition net is not loaded');
  fused = {
    // The scale layer first, then (x - mean) / 255 folded in front of it.
    first: foldFirst(tf, p.conv32_down),
    blocks: BLOCKS.map(([name, down]) => ({
      residual: { conv1: fuseConv(tf, p[name].conv1), conv2: fuseConv(tf, p[name].conv2) },
      down,
    })),
    fc: tf.keep(p.fc.clone()),
  };
  return fused;
}

function conv(tf: Tf, x: T4, c: FusedConv, stride: 1 | 2, relu: boolean, pad: 'same' | 'valid'): T4 {
  return tf.fused.conv2d({
    x: x as ConvArgs['x'],
    filter: c.filter as ConvArgs['filter'],
    strides: stride,
    pad,
    bias: c.bias,
    activation: relu ? 'relu' : 'linear',
  }) as T4;
}

/** face-api's residual and residualDown: two convs, the input (pooled, zero-padded when down) added, ReLU. */
function residual(tf: Tf, x: T4, r: FusedResidual, down: boolean): T4 {
  let out = conv(tf, x, r.conv1, down ? 2 : 1, true, down ? 'valid' : 'same');
  out = conv(tf, out, r.conv2, 1, false, 'same');
  if (!down) return tf.relu(tf.add(out, x)) as T4;
  let pooled = tf.avgPool(x as Parameters<Tf['avgPool']>[0], 2, 2, 'valid') as T4;
  const [n = 0, ph = 0, pw = 0, pc = 0] = pooled.shape;
  const [, oh = 0, ow = 0, oc = 0] = out.shape;
  if (ph !== oh || pw !== ow) {
    out = tf.pad(out, [
      [0, 0],
      [0, ph - oh],
      [0, pw - ow],
      [0, 0],
    ]) as T4;
  }
  if (pc !== oc) pooled = tf.concat([pooled, tf.zeros([n, ph, pw, pc])], 3) as T4;
  return tf.relu(tf.add(pooled, out)) as T4;
}

/** The 128-d descriptor of each 150×150 chip (the same as face-api's computeFaceDescriptor, within float error). */
export async function describeChips(faceapi: FaceApi, chips: readonly RgbImage[]): Promise<Float32Array[]> {
  if (chips.length === 0) return [];
  for (const c of chips)
    if (c.width !== CHIP_SIDE || c.height !== CHIP_SIDE)
      throw new Error(`describeChips: a chip is ${c.width}×${c.height}, not ${CHIP_SIDE}×${CHIP_SIDE}`);
  const net = fuseRecognition(faceapi);
  const tf = faceapi.tf as unknown as Tf;
  const { residuals, first } = await kernelsFor(net);
  const pixels = new Float32Array(chips.length * CHIP_SIDE * CHIP_SIDE * 3);
  chips.forEach((c, i) => {
    pixels.set(c.data, i * CHIP_SIDE * CHIP_SIDE * 3);
  });
  // From here on synchronous: tfjs's ops and the kernels' calls, one after the other.
  const side = Math.floor((CHIP_SIDE - 7) / 2) + 1;
  const convolved = first.run(pixels, chips.length, CHIP_SIDE, CHIP_SIDE);
  let x = tf.tidy(() => {
    const input = tf.tensor4d(convolved, [chips.length, side, side, FIRST_CONV_CHANNELS]) as T4;
    return tf.maxPool(input as Parameters<Tf['maxPool']>[0], 3, 2, 'valid') as T4;
  });
  const replace = (next: T4) => {
    x.dispose();
    x = next;
  };
  try {
    for (let i = 0; i < net.blocks.length; ) {
      const block = net.blocks[i] as FusedRecognition['blocks'][number];
      if (block.down || !onKernels(block)) {
        replace(tf.tidy(() => residual(tf, x, block.residual, block.down)));
        i++;
        continue;
      }
      // The blocks that keep the size, up to the next down block, on the kernels (they all have the same channels).
      const run: number[] = [];
      for (let next = net.blocks[i]; next && !next.down; next = net.blocks[i]) run.push(i++);
      const [n = 0, h = 0, w = 0, c = 0] = x.shape;
      const values = residuals.run(run, x.dataSync() as Float32Array, n, h, w, c);
      replace(tf.tensor4d(values, [n, h, w, c]) as T4);
    }
    const out = tf.tidy(() =>
      tf.matMul(tf.mean(x, [1, 2]) as Parameters<Tf['matMul']>[0], net.fc as Parameters<Tf['matMul']>[1]),
    );
    try {
      const all = out.dataSync() as Float32Array;
      return chips.map((_, i) => all.slice(i * 128, (i + 1) * 128));
    } finally {
      out.dispose();
    }
  } finally {
    x.dispose();
  }
}
