// face-api's 68-point landmark net (four dense blocks of depthwise-separable convs, an average pool and a fully
// connected layer). The crops' resizing, the mean colour (one broadcast) and the first conv (its bias and ReLU inside
// the call, 1/255 folded into its weights) run on tfjs; everything after it on our kernels (landmark-kernels.ts: a
// face's landmarks in about 5-6 ms instead of 9-11). Same landmarks as face-api's detectLandmarks on square crops,
// within float error.
import { type ConvArgs, keptSeparable, type Params, type Separable, type T4 } from './fused-ops';
import type { RgbImage } from './image';
import { type LandmarkKernels, landmarkKernels, type SeparableWeights } from './landmark-kernels';
import type { FaceApi, Tf } from './models';

/** The side the net reads (face-api resizes every crop to it). */
const INPUT_SIDE = 112;
const MEAN_RGB = [122.782, 117.001, 104.298];
export const LANDMARK_COUNT = 68;

interface DenseBlock {
  /** The first block opens with a plain 3×3 conv, the others with a separable one; all of stride 2. */
  first: Separable | { filter: T4; bias: T4 };
  rest: [Separable, Separable, Separable];
}
interface FusedLandmarks {
  mean: T4;
  blocks: DenseBlock[];
  fc: { weights: T4; bias: T4 };
}

let fused: FusedLandmarks | undefined;

function fuseLandmarks(faceapi: FaceApi): FusedLandmarks {
  if (fused) return fused;
  const tf = faceapi.tf as unknown as Tf;
  const net = faceapi.nets.faceLandmark68Net as unknown as {
    params: Params;
    faceFeatureExtractor: { params: Params };
  };
  const p = net.faceFeatureExtractor.params;
  if (!p || !net.params) throw new Error('face engine: the landmark net is not loaded');
  const separable = (q: Params) => keptSeparable(tf, q);
  fused = {
    mean: tf.keep(tf.tensor1d(MEAN_RGB)) as unknown as T4,
    blocks: [0, 1, 2, 3].map((i) => {
      const d = p[`dense${i}`];
      return {
        first:
          i === 0
            ? { filter: tf.keep(tf.div(d.conv0.filters, 255)) as T4, bias: tf.keep(d.conv0.bias.clone()) }
            : separable(d.conv0),
        rest: [separable(d.conv1), separable(d.conv2), separable(d.conv3)],
      };
    }),
    fc: { weights: tf.keep(net.params.fc.weights.clone()), bias: tf.keep(net.params.fc.bias.clone()) },
  };
  return fused;
}

let kernels: Promise<LandmarkKernels> | undefined;

/** The kernels with the fused net's weights (after the first conv), once per thread. */
function kernelsFor(net: FusedLandmarks): Promise<LandmarkKernels> {
  const values = (t: T4) => new Float32Array(t.dataSync() as Float32Array);
  const separable = (s: Separable): SeparableWeights => ({
    depthwise: values(s.depthwise),
    pointwise: values(s.pointwise),
    bias: values(s.bias),
  });
  kernels ??= landmarkKernels({
    blocks: net.blocks.map((b) => ({
      first: 'filter' in b.first ? undefined : separable(b.first),
      rest: b.rest.map(separable) as [SeparableWeights, SeparableWeights, SeparableWeights],
    })),
    fc: { weights: values(net.fc.weights), bias: values(net.fc.bias) },
  }).catch((error: unknown) => {
    // Not kept: the next call tries again.
    kernels = undefined;
    throw error;
  });
  return kernels;
}

/**
 * The 68 landmarks of each square crop, as x, y pairs relative to the crop (0..1 inside it): 136 numbers per crop.
 * Crops of any size (each resized to 112 px, bilinear, as face-api does).
 */
export async function landmarksOfCrops(
  faceapi: FaceApi,
  crops: readonly RgbImage[],
): Promise<Float32Array[]> {
  if (crops.length === 0) return [];
  for (const c of crops)
    if (c.width !== c.height)
      throw new Error(`landmarksOfCrops: a crop is ${c.width}×${c.height}, not square`);
  const net = fuseLandmarks(faceapi);
  const onKernels = await kernelsFor(net);
  const tf = faceapi.tf as unknown as Tf;
  const first = net.blocks[0]?.first;
  if (!first || !('filter' in first)) throw new Error('face engine: the landmark net has no first conv');
  // The first conv (3 → 32 channels, stride 2) on tfjs, the rest on the kernels.
  const out = tf.tidy(() => {
    const inputs = crops.map((c) => {
      const x = tf.tensor4d(Float32Array.from(c.data), [1, c.height, c.width, 3]);
      return c.width === INPUT_SIDE ? x : tf.image.resizeBilinear(x, [INPUT_SIDE, INPUT_SIDE]);
    });
    const x = tf.sub(inputs.length === 1 ? (inputs[0] as T4) : tf.concat(inputs, 0), net.mean) as T4;
    return tf.fused.conv2d({
      x: x as ConvArgs['x'],
      filter: first.filter as ConvArgs['filter'],
      strides: 2,
      pad: 'same',
      bias: first.bias,
      activation: 'relu',
    }) as T4;
  });
  try {
    const all = onKernels.run((await out.data()) as Float32Array, crops.length, INPUT_SIDE / 2);
    const per = LANDMARK_COUNT * 2;
    return crops.map((_, i) => all.slice(i * per, (i + 1) * per));
  } finally {
    out.dispose();
  }
}
