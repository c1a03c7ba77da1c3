// face-api's 68-point landmark net after its first conv, on our kernels (wasm-kernels.ts): four dense blocks of
// depthwise-separable convs (49 of its 52 million multiply-adds a face), the average pool and the fully connected
// layer. tfjs's wasm backend ran them at about 5 GMAC/s. A block's four convs read the ReLU of the sum of the outputs
// before them: the running sum is kept in one buffer (each pointwise conv adds its output to it, as a residual), and
// the ReLU is taken while it is copied into the padded buffer the next depthwise conv reads. A batch's faces share
// each pointwise call (one stack of plain images); the depthwise convs go an image at a time. Runs synchronously, in
// a memory of its own.

import { aligned16, growMemory, placeFloats } from './wasm-api';
import { DEPTHWISE_CHANNELS, PW_ROWS, type WasmKernels, wasmKernels } from './wasm-kernels';

const FLOAT = 4;

/** A separable conv's weights: depthwise 3×3×C, pointwise Cin×Cout, bias Cout. */
export interface SeparableWeights {
  depthwise: Float32Array;
  pointwise: Float32Array;
  bias: Float32Array;
}

export interface LandmarkWeights {
  /**
   * The four dense blocks: the first conv of blocks 1 to 3 (separable, stride 2) and the three separable convs after
   * each block's first conv. Block 0's first conv (a plain 3×3 conv of the image) runs before these (tfjs).
   */
  blocks: { first?: SeparableWeights; rest: [SeparableWeights, SeparableWeights, SeparableWeights] }[];
  /** The fully connected layer: weights (channels × outputs), bias (outputs). */
  fc: { weights: Float32Array; bias: Float32Array };
}

export interface LandmarkKernels {
  /**
   * The net's outputs (`outputs` numbers a face, one face after the other) from the first conv's output of n faces:
   * n × side × side × channels, plain NHWC, after its ReLU (side and channels as the weights have it: 56 and 32).
   */
  run(first: Float32Array, n: number, side: number): Float32Array;
}

interface SeparableAt {
  channelsOut: number;
  depthwise: number;
  pointwise: number;
  bias: number;
}

/** The kernels with the net's weights copied in. */
export async function landmarkKernels(weights: LandmarkWeights): Promise<LandmarkKernels> {
  const kernels: WasmKernels = await wasmKernels();
  const convs = weights.blocks.flatMap((b) => [...(b.first ? [b.first] : []), ...b.rest]);
  for (const c of convs) {
    const cin = c.depthwise.length / 9;
    if (!(DEPTHWISE_CHANNELS as readonly number[]).includes(cin) || (c.bias.length & 7) !== 0)
      throw new Error(
        `landmark kernels: no kernel for a separable conv of ${cin} → ${c.bias.length} channels`,
      );
  }
  const { at, end: weightsEnd } = placeFloats(
    kernels.memory,
    convs.flatMap((c) => [c.depthwise, c.pointwise, c.bias]),
  );
  let next = 0;
  const place = (c: SeparableWeights): SeparableAt => ({
    channelsOut: c.bias.length,
    depthwise: at[next++] as number,
    pointwise: at[next++] as number,
    bias: at[next++] as number,
  });
  const blocks = weights.blocks.map((b) => ({
    first: b.first ? place(b.first) : undefined,
    rest: b.rest.map(place) as [SeparableAt, SeparableAt, SeparableAt],
  }));
  const { fc } = weights;
  const outputs = fc.bias.length;
  const finalChannels = fc.weights.length / outputs;

  return {
    run(first, n, side) {
      const channels0 = first.length / (n * side * side);
      // Every buffer has room for the largest level (the first): a padded image stack (the depthwise convs' input)
      // and plain ones (the depthwise output, the first conv's output, the running sum), with PW_ROWS pixels past
      // the end that the pointwise kernel may read and write.
      const slack = PW_ROWS * Math.max(channels0, finalChannels, ...convs.map((c) => c.bias.length));
      const paddedBytes = aligned16(n * (side + 2) * (side + 2) * channels0 * FLOAT);
      const plainBytes = aligned16((n * side * side * channels0 + slack) * FLOAT);
      const padded = weightsEnd;
      const [spread, out1, sum] = [0, 1, 2].map((i) => padded + paddedBytes + i * plainBytes) as [
        number,
        number,
        number,
      ];
      growMemory(kernels.memory, sum + plainBytes);
      new Float32Array(kernels.memory.buffer, out1, first.length).set(first);

      let size = side;
      let channels = channels0;
      /** The plain stack at `from` (size × size × channels each), max(v, alpha·v), into the padded buffer. */
      const toPadded = (from: number, alpha: number) => {
        const image = size * size * channels * FLOAT;
        const paddedImage = (size + 2) * (size + 2) * channels * FLOAT;
        for (let i = 0; i < n; i++) {
          kernels.pad(from + i * image, padded + i * paddedImage, size, size, channels, alpha);
          kernels.clearBorder(padded + i * paddedImage, size, size, channels);
        }
      };
      /** The separable conv of the padded buffer into `to` (+ residual), the output max(v, alpha·v). */
      const separable = (c: SeparableAt, stride: 1 | 2, to: number, residual: number, alpha: number) => {
        const inputImage = (size + 2) * (size + 2) * channels * FLOAT;
        const outSize = size / stride;
        const outImage = outSize * outSize * channels * FLOAT;
        for (let i = 0; i < n; i++)
          kernels.depthwise(
            channels,
            padded + i * inputImage,
            spread + i * outImage,
            outSize,
            outSize,
            c.depthwise,
            stride,
          );
        size = outSize;
        kernels.pointwise(
          spread,
          to,
          residual,
          n * size * size,
          channels,
          c.channelsOut,
          c.pointwise,
          c.bias,
          alpha,
        );
        channels = c.channelsOut;
      };

      for (const block of blocks) {
        if (block.first) {
          // The previous block's output, relu(sum), is this block's input: out1 = relu(separable, stride 2).
          toPadded(sum, 0);
          separable(block.first, 2, out1, 0, 0);
        }
        // sum = out1 + out2 + out3 + out4, each conv reading relu of the sum so far (out1 is a ReLU's already).
        toPadded(out1, 1);
        separable(block.rest[0], 1, sum, out1, 1);
        toPadded(sum, 0);
        separable(block.rest[1], 1, sum, sum, 1);
        toPadded(sum, 0);
        separable(block.rest[2], 1, sum, sum, 1);
      }
      if (channels !== finalChannels)
        throw new Error(`landmark kernels: ${channels} channels reach a layer made for ${finalChannels}`);

      // The average pool over the whole last map (face-api's 7×7 'valid' pool of a 7×7 map) of relu(sum), then the
      // fully connected layer.
      const last = new Float32Array(kernels.memory.buffer, sum, n * size * size * channels);
      const pixels = size * size;
      const answer = new Float32Array(n * outputs);
      const pooled = new Float32Array(channels);
      for (let i = 0; i < n; i++) {
        pooled.fill(0);
        for (let p = 0; p < pixels; p++) {
          const base = (i * pixels + p) * channels;
          for (let c = 0; c < channels; c++)
            pooled[c] = (pooled[c] as number) + Math.max(0, last[base + c] as number);
        }
        const row = answer.subarray(i * outputs, (i + 1) * outputs);
        row.set(fc.bias);
        for (let c = 0; c < channels; c++) {
          const v = (pooled[c] as number) / pixels;
          const w = c * outputs;
          for (let j = 0; j < outputs; j++) row[j] = (row[j] as number) + v * (fc.weights[w + j] as number);
        }
      }
      return answer;
    },
  };
}
