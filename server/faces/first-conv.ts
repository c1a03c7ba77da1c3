// The recognition net's first conv (7×7, stride 2, 'valid', 3 channels to 32, its bias and ReLU, the input's mean
// colour and 1/255 folded into its weights: recognise.ts) on our conv7s2 kernel (tiny-kernels.ts): a batch of two
// chips in 3.6 ms where tfjs's wasm backend takes 5.5 (about 13 GMAC/s against 9). A batch of chips in one call, in a
// memory of its own; runs synchronously.
import { PW_ROWS, type TinyKernels, tinyKernels } from './tiny-kernels';
import { aligned16, growMemory, placeFloats } from './wasm-api';

const FLOAT = 4;
const CHANNELS_IN = 3;
export const FIRST_CONV_CHANNELS = 32;

export interface FirstConv {
  /**
   * n plain images h × w × 3 into n plain oh × ow × 32 (oh = (h − 7) / 2 + 1, the same for ow; ow a multiple of
   * PW_ROWS, as the kernel computes PW_ROWS pixels of a row at a time).
   */
  run(pixels: Float32Array, n: number, h: number, w: number): Float32Array;
}

/** The kernel with the conv's filter (HWIO, 7×7×3×32) and bias (32) copied in. */
export async function firstConv(filter: Float32Array, bias: Float32Array): Promise<FirstConv> {
  const kernels: TinyKernels = await tinyKernels();
  const { at, end } = placeFloats(kernels.memory, [filter, bias]);
  const [filterAt, biasAt] = at as [number, number];
  return {
    run(pixels, n, h, w) {
      const oh = Math.floor((h - 7) / 2) + 1;
      const ow = Math.floor((w - 7) / 2) + 1;
      if (pixels.length !== n * h * w * CHANNELS_IN)
        throw new Error('first conv: the pixels are not n × h × w × 3');
      if (oh < 1 || ow < 1 || ow % PW_ROWS !== 0)
        throw new Error(`first conv: an output ${ow} wide is not a positive multiple of ${PW_ROWS}`);
      const input = end;
      const output = input + aligned16(pixels.length * FLOAT);
      const outFloats = n * oh * ow * FIRST_CONV_CHANNELS;
      growMemory(kernels.memory, output + outFloats * FLOAT);
      new Float32Array(kernels.memory.buffer, input, pixels.length).set(pixels);
      kernels.conv7s2(input, output, n, h, w, filterAt, biasAt);
      return new Float32Array(kernels.memory.buffer, output, outFloats).slice();
    },
  };
}
