// The recognition net's residual blocks that keep their size (ten of its fourteen: 207 of its 254 million
// multiply-adds a face), on our conv3 kernel (tiny-kernels.ts: 14-21 GMAC/s, where tfjs's wasm backend runs them at
// 8-11): relu(conv2(relu(conv1(x))) + x), both convs 3×3 'same' with their biases. A batch's faces are one stack of
// padded images (a one-pixel zero border each), so each conv is one call for the whole batch; the values the kernel
// leaves on the borders are zeroed after each conv. The wide blocks (128 and 256 channels) take their filters packed
// as their kernel reads them. Runs synchronously (no other call can use the buffers meanwhile), in a memory of its
// own.
import { PW_ROWS, packWideFilter, type TinyKernels, tinyKernels, WIDE_CONV3 } from './tiny-kernels';
import { aligned16, growMemory, placeFloats } from './wasm-api';

const FLOAT = 4;

/** A fused conv's weights: filter HWIO (3×3×Cin×Cout) and bias (Cout). */
export interface ConvWeights {
  filter: Float32Array;
  bias: Float32Array;
}

export interface BlockWeights {
  conv1: ConvWeights;
  conv2: ConvWeights;
}

interface ConvAt {
  filter: number;
  bias: number;
}

export interface ResidualKernels {
  /**
   * Runs `blocks` (indexes into the weights given at creation, all of `channels` channels) one after the other on
   * n images of h × w × channels (plain NHWC values); answers the result, the same shape.
   */
  run(
    blocks: readonly number[],
    values: Float32Array,
    n: number,
    h: number,
    w: number,
    channels: number,
  ): Float32Array;
}

/** The kernels with the blocks' weights copied in. */
export async function residualKernels(
  weights: readonly (BlockWeights | undefined)[],
  options: { fma?: boolean } = {},
): Promise<ResidualKernels> {
  const kernels: TinyKernels = await tinyKernels(options);
  // A filter as its kernel reads it (a wide one packed); its bias has one value per output channel.
  const filter = (f: Float32Array, bias: Float32Array) =>
    bias.length >= WIDE_CONV3 ? packWideFilter(f, bias.length) : f;
  const present = weights.flatMap((b) =>
    b
      ? [
          filter(b.conv1.filter, b.conv1.bias),
          b.conv1.bias,
          filter(b.conv2.filter, b.conv2.bias),
          b.conv2.bias,
        ]
      : [],
  );
  const { at, end: weightsEnd } = placeFloats(kernels.memory, present);
  let next = 0;
  const blocks = weights.map((b): { conv1: ConvAt; conv2: ConvAt } | undefined =>
    b
      ? {
          conv1: { filter: at[next++] as number, bias: at[next++] as number },
          conv2: { filter: at[next++] as number, bias: at[next++] as number },
        }
      : undefined,
  );

  return {
    run(indexes, values, n, h, w, channels) {
      if (channels >= WIDE_CONV3 && w % PW_ROWS !== 0)
        throw new Error(
          `residual kernels: ${channels} channels need a width that is a multiple of ${PW_ROWS}`,
        );
      const image = (h + 2) * (w + 2);
      // The kernel reads up to two rows and PW_ROWS pixels past the stack, and writes PW_ROWS pixels past it.
      const stackBytes = aligned16((n * image + 2 * (w + 2) + 2 * PW_ROWS) * channels * FLOAT);
      const [a0, b0, c0] = [0, 1, 2].map((i) => weightsEnd + i * stackBytes) as [number, number, number];
      growMemory(kernels.memory, weightsEnd + 3 * stackBytes);
      const memory = () => new Float32Array(kernels.memory.buffer);
      const clear = (at: number) => {
        for (let i = 0; i < n; i++) kernels.clearBorder(at + i * image * channels * FLOAT, h, w, channels);
      };
      // The input into stack A, each image padded.
      let floats = memory();
      floats.fill(0, a0 / FLOAT, (a0 + stackBytes) / FLOAT);
      const row = w * channels;
      for (let i = 0; i < n; i++)
        for (let y = 0; y < h; y++) {
          const from = (i * h + y) * row;
          floats.set(
            values.subarray(from, from + row),
            a0 / FLOAT + (i * image + (y + 1) * (w + 2) + 1) * channels,
          );
        }
      const positions = (n * (h + 2) - 2) * (w + 2);
      let [x, t, y] = [a0, b0, c0];
      for (const index of indexes) {
        const block = blocks[index];
        if (!block) throw new Error(`residual kernels: no weights for block ${index}`);
        const { conv1, conv2 } = block;
        kernels.conv3(x, t, 0, positions, channels, channels, conv1.filter, conv1.bias, 0, w + 2, h);
        clear(t);
        kernels.conv3(t, y, x, positions, channels, channels, conv2.filter, conv2.bias, 0, w + 2, h);
        clear(y);
        [x, y] = [y, x];
      }
      floats = memory();
      const out = new Float32Array(n * h * row);
      for (let i = 0; i < n; i++)
        for (let yy = 0; yy < h; yy++) {
          const from = x / FLOAT + (i * image + (yy + 1) * (w + 2) + 1) * channels;
          out.set(floats.subarray(from, from + row), (i * h + yy) * row);
        }
      return out;
    },
  };
}
