// What the fused nets share (tiny-detector.ts, landmarks.ts, recognise.ts): the tensor types of tfjs's fused ops,
// weights copied out of face-api's nets, a normalisation folded into a first conv, and a depthwise-separable conv
// whose pointwise half carries the bias and the activation.
import type { Tf } from './models';

export type T4 = ReturnType<Tf['zeros']>;
export type ConvArgs = Parameters<Tf['fused']['conv2d']>[0];
export type DepthwiseArgs = Parameters<Tf['fused']['depthwiseConv2d']>[0];
// biome-ignore lint/suspicious/noExplicitAny: face-api's net params are not in its public typings
export type Params = any;

export interface Separable {
  depthwise: T4;
  pointwise: T4;
  bias: T4;
}

/** A separable conv's weights from face-api's params, kept (tidy never frees them). */
export function keptSeparable(tf: Tf, q: Params): Separable {
  return {
    depthwise: tf.keep(q.depthwise_filter.clone()),
    pointwise: tf.keep(q.pointwise_filter.clone()),
    bias: tf.keep(q.bias.clone()),
  };
}

/**
 * A conv reading (x - mean)·scale, rewritten to read x: conv((x - m)·s, F) + b = conv(x, F·s) + b - Σ F·m·s (the
 * sum over the kernel's rows, columns and input channels). Exact for a 'valid' conv, where no padded border sees
 * the mean. Returns the kept filter and bias.
 */
export function foldInputNormalisation(
  tf: Tf,
  filters: T4,
  bias: T4,
  mean: readonly number[],
  scale: number,
): { filter: T4; bias: T4 } {
  const [filter, folded] = tf.tidy(() => {
    const shift = tf.sum(tf.mul(filters, tf.reshape(tf.tensor1d([...mean]), [1, 1, -1, 1])), [0, 1, 2]);
    return [tf.mul(filters, scale), tf.sub(bias, tf.mul(shift, scale))];
  }) as [T4, T4];
  return { filter: tf.keep(filter), bias: tf.keep(folded) };
}

/** Depthwise 3×3 ('same'), then the pointwise conv with its bias and activation in one call. */
export function separableConv(
  tf: Tf,
  x: T4,
  s: Separable,
  stride: 1 | 2,
  activation: Pick<ConvArgs, 'activation' | 'preluActivationWeights'>,
): T4 {
  const spread = tf.depthwiseConv2d(
    x as DepthwiseArgs['x'],
    s.depthwise as DepthwiseArgs['filter'],
    stride,
    'same',
  );
  return tf.fused.conv2d({
    x: spread as ConvArgs['x'],
    filter: s.pointwise as ConvArgs['filter'],
    strides: 1,
    pad: 'same',
    bias: s.bias,
    ...activation,
  }) as T4;
}
