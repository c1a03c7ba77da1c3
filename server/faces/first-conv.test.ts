// The recognition net's first conv on its kernel (first-conv.ts): the sizes it answers, and those it refuses rather
// than write past its output. Its values: the kernel against tfjs in tiny-kernels.test.ts, the whole net against
// face-api in fused-nets.test.ts.
import { describe, expect, it } from 'vitest';
import { FIRST_CONV_CHANNELS, firstConv } from './first-conv';

const filter = new Float32Array(7 * 7 * 3 * FIRST_CONV_CHANNELS);
const bias = Float32Array.from({ length: FIRST_CONV_CHANNELS }, (_, i) => i - 8);

describe('the first conv on its kernel', () => {
  it('answers n × oh × ow × 32 for a batch, the bias through the ReLU where the filter is zero', async () => {
    const conv = await firstConv(filter, bias);
    const out = conv.run(new Float32Array(2 * 23 * 37 * 3).fill(100), 2, 23, 37);
    expect(out.length).toBe(2 * 9 * 16 * FIRST_CONV_CHANNELS);
    for (let p = 0; p < out.length; p += FIRST_CONV_CHANNELS)
      for (let c = 0; c < FIRST_CONV_CHANNELS; c++) expect(out[p + c]).toBe(Math.max(0, c - 8));
  });

  it('refuses an output width its kernel would write past, and pixels of another size', async () => {
    const conv = await firstConv(filter, bias);
    expect(() => conv.run(new Float32Array(20 * 31 * 3), 1, 20, 31)).toThrow(/multiple of 4/);
    expect(() => conv.run(new Float32Array(5 * 5 * 3), 1, 5, 5)).toThrow(/positive multiple/);
    expect(() => conv.run(new Float32Array(10), 1, 23, 37)).toThrow(/n × h × w × 3/);
  });
});
