// The recognition net on our kernels (recognition-kernels.ts) against the same net in tfjs's ops, as face-api runs it,
// on random weights and a chip size other than the real net's: every kind of block, a down block whose conv falls a
// row and a column short of its pooled size, and one whose second conv has no kernel (it runs in JS). The real net
// against face-api itself: fused-nets.test.ts. And the shapes it refuses rather than write past its buffers.
import { beforeAll, describe, expect, it } from 'vitest';
import { type FaceApi, loadFaceModels, type Tf } from './models';
import { randomValues } from './random-values';
import { type ConvWeights, type RecognitionWeights, recognitionKernels } from './recognition-kernels';

let tf: Tf;

beforeAll(async () => {
  const faceapi: FaceApi = await loadFaceModels();
  tf = faceapi.tf as unknown as Tf;
}, 120_000);

const conv = (size: number, cin: number, cout: number, seed: number): ConvWeights => ({
  filter: randomValues(size * size * cin * cout, seed, 1 / Math.sqrt(size * size * cin)),
  bias: randomValues(cout, seed + 1, 0.1),
});

/** A small net of the real one's kinds of blocks: 77 px chips give a first conv 36 wide and stages 17, 8, 4, 2. */
function smallNet(): RecognitionWeights {
  const block = (cin: number, cout: number, down: boolean, seed: number) => ({
    conv1: conv(3, cin, cout, seed),
    conv2: conv(3, cout, cout, seed + 2),
    down,
  });
  return {
    first: conv(7, 3, 32, 1),
    blocks: [
      block(32, 32, false, 10),
      block(32, 64, true, 20),
      block(64, 64, false, 30),
      // 8×8 → 3×3 conv, pooled 4×4.
      block(64, 128, true, 40),
      block(128, 128, false, 50),
      // 4×4 → 1×1 conv, pooled 2×2: its second conv (256 channels, 2 wide) runs in JS.
      block(128, 256, true, 60),
    ],
    fc: randomValues(256 * 16, 70, 0.1),
  };
}

/** The same net in tfjs's ops, as face-api's residual and residualDown run it. */
function reference(net: RecognitionWeights, pixels: Float32Array, n: number, side: number): Float32Array {
  type X = ReturnType<Tf['zeros']>;
  const apply = (x: X, c: ConvWeights, stride: 1 | 2, pad: 'same' | 'valid', size = 3) =>
    tf.add(
      tf.conv2d(
        x as Parameters<Tf['conv2d']>[0],
        tf.tensor4d(c.filter, [
          size,
          size,
          c.filter.length / size / size / c.bias.length,
          c.bias.length,
        ]) as Parameters<Tf['conv2d']>[1],
        stride,
        pad,
      ),
      tf.tensor1d(c.bias),
    ) as X;
  return tf.tidy(() => {
    let x = tf.relu(apply(tf.tensor4d(pixels, [n, side, side, 3]) as X, net.first, 2, 'valid', 7)) as X;
    x = tf.maxPool(x as Parameters<Tf['maxPool']>[0], 3, 2, 'valid') as X;
    for (const b of net.blocks) {
      let out = apply(
        tf.relu(apply(x, b.conv1, b.down ? 2 : 1, b.down ? 'valid' : 'same')) as X,
        b.conv2,
        1,
        'same',
      );
      if (!b.down) {
        x = tf.relu(tf.add(out, x)) as X;
        continue;
      }
      let pooled = tf.avgPool(x as Parameters<Tf['avgPool']>[0], 2, 2, 'valid') as X;
      const [, ph = 0, pw = 0, pc = 0] = pooled.shape;
      const [, oh = 0, ow = 0, oc = 0] = out.shape;
      out = tf.pad(out, [
        [0, 0],
        [0, ph - oh],
        [0, pw - ow],
        [0, 0],
      ]) as X;
      if (pc !== oc) pooled = tf.concat([pooled, tf.zeros([n, ph, pw, oc - pc])], 3) as X;
      x = tf.relu(tf.add(pooled, out)) as X;
    }
    const channels = net.fc.length / 16;
    return tf
      .matMul(
        tf.mean(x, [1, 2]) as Parameters<Tf['matMul']>[0],
        tf.tensor2d(net.fc, [channels, 16]) as Parameters<Tf['matMul']>[1],
      )
      .dataSync() as Float32Array;
  });
}

describe('the recognition net on the kernels', () => {
  it("gives tfjs's answers for every kind of block, alone and in batches, with and without the fused multiply-add", async () => {
    const net = smallNet();
    const side = 77;
    const n = 3;
    const pixels = randomValues(n * side * side * 3, 99, 1);
    const want = reference(net, pixels, n, side);
    for (const fma of [undefined, false]) {
      const kernels = await recognitionKernels(net, fma === false ? { fma } : {});
      const together = kernels.describe(pixels, n, side);
      // Fewer chips after more: the buffers hold the last call's values, laid out for another batch.
      const lastTwo = kernels.describe(pixels.subarray(side * side * 3), 2, side);
      const first = kernels.describe(pixels.subarray(0, side * side * 3), 1, side);
      expect(together).toHaveLength(n);
      let worst = 0;
      together.forEach((d, i) => {
        expect(d).toHaveLength(16);
        d.forEach((v, j) => {
          worst = Math.max(worst, Math.abs(v - (want[i * 16 + j] as number)));
        });
      });
      expect(worst).toBeLessThan(1e-4);
      expect(lastTwo).toEqual(together.slice(1));
      expect(first[0]).toEqual(together[0]);
      // Different chips give different answers: nothing is answering a constant.
      expect(Math.abs((together[0]?.[0] as number) - (together[1]?.[0] as number))).toBeGreaterThan(1e-3);
    }
  });

  it('refuses pixels of another size, no chips, and chips whose first conv its kernel would write past', async () => {
    const kernels = await recognitionKernels(smallNet());
    expect(() => kernels.describe(new Float32Array(10), 1, 77)).toThrow(/not 1 × 77 × 77 × 3/);
    expect(() => kernels.describe(new Float32Array(0), 0, 77)).toThrow(/0 chips/);
    // 79 px: a first conv 37 wide.
    expect(() => kernels.describe(new Float32Array(79 * 79 * 3), 1, 79)).toThrow(
      /37 wide, not a multiple of 4/,
    );
    expect(() => kernels.describe(new Float32Array(9 * 9 * 3), 1, 9)).toThrow(/2 wide/);
    // 69 px: stages 15, 7, 3: the 128 channel block at 3 wide has no kernel.
    expect(() => kernels.describe(new Float32Array(69 * 69 * 3), 1, 69)).toThrow(/no kernel for block 4/);
  });

  it('refuses a down block with fewer channels out than in (its shortcut could not hold them)', async () => {
    const net = smallNet();
    const narrowing = {
      ...net,
      blocks: [
        ...net.blocks.slice(0, 2),
        { conv1: conv(3, 64, 32, 80), conv2: conv(3, 32, 32, 82), down: true },
      ],
      fc: randomValues(32 * 16, 84, 0.1),
    };
    const kernels = await recognitionKernels(narrowing);
    expect(() => kernels.describe(new Float32Array(77 * 77 * 3), 1, 77)).toThrow(/no kernel for block 2/);
  });

  it('refuses weights whose channels do not follow each other', async () => {
    const net = smallNet();
    const broken = { ...net, blocks: [net.blocks[1], ...net.blocks.slice(1)] } as RecognitionWeights;
    const kernels = await recognitionKernels(broken);
    expect(() => kernels.describe(new Float32Array(77 * 77 * 3), 1, 77)).toThrow(/channels do not follow/);
  });
});
