// face-api's 128-d recognition net (dlib's ResNet-34 variant), fused: each conv's bias and the scale layer after it
// (x·w + b) folded into the conv's weights, and the input's mean colour and 1/255 folded into the first conv (exact:
// it is a 'valid' conv, so no padded border sees the mean). The fused weights are copied out of tfjs once a thread;
// the net then runs whole on our kernels (recognition-kernels.ts), its 254 million multiply-adds a face, where face-api
// runs each conv and three or four elementwise passes over its output on tfjs.
import { CHIP_SIZE as CHIP_SIDE } from './chip';
import { foldInputNormalisation, type Params, type T4 } from './fused-ops';
import type { RgbImage } from './image';
import type { FaceApi, Tf } from './models';
import {
  type ConvWeights,
  type RecognitionKernels,
  type RecognitionWeights,
  recognitionKernels,
} from './recognition-kernels';

const MEAN_RGB = [122.782, 117.001, 104.298];

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

let kernels: Promise<RecognitionKernels> | undefined;

const values = (t: T4) => new Float32Array(t.dataSync() as Float32Array);

/** The tensors' values, then the tensors freed. */
function taken(filter: T4, bias: T4): ConvWeights {
  try {
    return { filter: values(filter), bias: values(bias) };
  } finally {
    filter.dispose();
    bias.dispose();
  }
}

/** conv(x, F) + b, then the scale layer ·w + c: conv(x, F·w) + (b·w + c). Kept tensors (the caller frees them). */
function fuseConv(tf: Tf, q: Params): [T4, T4] {
  const [filter, bias] = tf.tidy(() => [
    tf.mul(q.conv.filters, tf.reshape(q.scale.weights, [1, 1, 1, -1])),
    tf.add(tf.mul(q.conv.bias, q.scale.weights), q.scale.biases),
  ]) as [T4, T4];
  return [tf.keep(filter), tf.keep(bias)];
}

/** The first conv: the scale layer first, then (x - mean) / 255 folded in front of it. */
function foldFirst(tf: Tf, q: Params): ConvWeights {
  const [filter, bias] = fuseConv(tf, q);
  try {
    const folded = foldInputNormalisation(tf, filter, bias, MEAN_RGB, 1 / 255);
    return taken(folded.filter, folded.bias);
  } finally {
    filter.dispose();
    bias.dispose();
  }
}

function fusedWeights(faceapi: FaceApi): RecognitionWeights {
  const tf = faceapi.tf as unknown as Tf;
  const p: Params = (faceapi.nets.faceRecognitionNet as unknown as { params: Params }).params;
  if (!p) throw new Error('face engine: the recognition net is not loaded');
  return {
    first: foldFirst(tf, p.conv32_down),
    blocks: BLOCKS.map(([name, down]) => ({
      conv1: taken(...fuseConv(tf, p[name].conv1)),
      conv2: taken(...fuseConv(tf, p[name].conv2)),
      down,
    })),
    fc: new Float32Array(p.fc.dataSync() as Float32Array),
  };
}

/** The kernels with the net's fused weights, made once a thread. */
function kernelsFor(faceapi: FaceApi): Promise<RecognitionKernels> {
  kernels ??= (async () => recognitionKernels(fusedWeights(faceapi)))().catch((error: unknown) => {
    // Not kept: the next call tries again.
    kernels = undefined;
    throw error;
  });
  return kernels;
}

/** The 128-d descriptor of each 150×150 chip (the same as face-api's computeFaceDescriptor, within float error). */
export async function describeChips(faceapi: FaceApi, chips: readonly RgbImage[]): Promise<Float32Array[]> {
  if (chips.length === 0) return [];
  for (const c of chips)
    if (c.width !== CHIP_SIDE || c.height !== CHIP_SIDE)
      throw new Error(`describeChips: a chip is ${c.width}×${c.height}, not ${CHIP_SIDE}×${CHIP_SIDE}`);
  const net = await kernelsFor(faceapi);
  const pixels = new Float32Array(chips.length * CHIP_SIDE * CHIP_SIDE * 3);
  chips.forEach((c, i) => {
    pixels.set(c.data, i * CHIP_SIDE * CHIP_SIDE * 3);
  });
  return net.describe(pixels, chips.length, CHIP_SIDE);
}
