// What the fused nets share (tiny-detector.ts, landmarks.ts, recognise.ts): the tensor types of tfjs's fused ops,
// weights copied out of face-api's nets, and a normalisation folded into a first conv.
import type { Tf } from './models';

export type T4 = ReturnType<Tf['zeros']>;
export type ConvArgs = Parameters<Tf['fused']['conv2d']>[0];
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
