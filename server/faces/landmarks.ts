// face-api's 68-point landmark net (four dense blocks of depthwise-separable convs, an average pool and a fully
// connected layer), fused: each conv's bias and ReLU run inside the conv call (face-api adds the bias and applies
// the ReLU as passes of their own), 1/255 folded into the first conv's weights, and the mean colour subtracted with
// one broadcast (face-api builds it from three fills and a concat). Same landmarks as face-api's detectLandmarks on
// square crops, within float error.
import {
  type ConvArgs,
  keptSeparable,
  type Params,
  type Separable,
  separableConv,
  type T4,
} from './fused-ops';
import type { RgbImage } from './image';
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

const RELU = { activation: 'relu' } as const;
const LINEAR = { activation: 'linear' } as const;

/** face-api's denseBlock4: four convs, each after the first reading the ReLU of the sum of those before it. */
function denseBlock(tf: Tf, x: T4, block: DenseBlock): T4 {
  const out1 =
    'filter' in block.first
      ? (tf.fused.conv2d({
          x: x as ConvArgs['x'],
          filter: block.first.filter as ConvArgs['filter'],
          strides: 2,
          pad: 'same',
          bias: block.first.bias,
          activation: 'relu',
        }) as T4)
      : separableConv(tf, x, block.first, 2, RELU);
  const [c1, c2, c3] = block.rest;
  const out2 = separableConv(tf, out1, c1, 1, LINEAR);
  const out3 = separableConv(tf, tf.relu(tf.add(out1, out2)) as T4, c2, 1, LINEAR);
  const out4 = separableConv(tf, tf.relu(tf.addN([out1, out2, out3])) as T4, c3, 1, LINEAR);
  return tf.relu(tf.addN([out1, out2, out3, out4])) as T4;
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
  const tf = faceapi.tf as unknown as Tf;
  const out = tf.tidy(() => {
    const inputs = crops.map((c) => {
      const x = tf.tensor4d(Float32Array.from(c.data), [1, c.height, c.width, 3]);
      return c.width === INPUT_SIDE ? x : tf.image.resizeBilinear(x, [INPUT_SIDE, INPUT_SIDE]);
    });
    let x = tf.sub(inputs.length === 1 ? (inputs[0] as T4) : tf.concat(inputs, 0), net.mean) as T4;
    for (const block of net.blocks) x = denseBlock(tf, x, block);
    const pooled = tf.avgPool(x as Parameters<Tf['avgPool']>[0], 7, 2, 'valid');
    return tf.fused.matMul({
      a: tf.reshape(pooled, [crops.length, -1]) as Parameters<Tf['fused']['matMul']>[0]['a'],
      b: net.fc.weights as Parameters<Tf['fused']['matMul']>[0]['b'],
      bias: net.fc.bias,
    });
  });
  try {
    const all = (await out.data()) as Float32Array;
    const per = LANDMARK_COUNT * 2;
    return crops.map((_, i) => all.slice(i * per, (i + 1) * per));
  } finally {
    out.dispose();
  }
}
