// The WebAssembly kernels (wasm-kernels.ts: the tiny detector's, and the recognition net's from recognition-wat.ts)
// against tfjs's own ops on the same random tensors, with and without the fused multiply-add, at sizes that hit the
// edges: odd heights and widths for the pools, pixel counts that are not a multiple of the pointwise kernel's group,
// every depthwise channel count, the recognition net's shapes and others.
import { beforeAll, describe, expect, it } from 'vitest';
import { type FaceApi, loadFaceModels, type Tf } from './models';
import { randomValues } from './random-values';
import { CONV3S2_GROUP, packWideFilter, WIDE_CONV3 } from './recognition-wat';
import { DEPTHWISE_CHANNELS, type WasmKernels, wasmKernels } from './wasm-kernels';
import { packFilter } from './wat-parts';

let faceapi: FaceApi;
let tf: Tf;
const variants: { name: string; kernels: WasmKernels & { fma: boolean } }[] = [];

beforeAll(async () => {
  faceapi = await loadFaceModels();
  tf = faceapi.tf as unknown as Tf;
  const best = await wasmKernels();
  variants.push({ name: best.fma ? 'fused multiply-add' : 'multiply and add', kernels: best });
  if (best.fma) variants.push({ name: 'multiply and add', kernels: await wasmKernels({ fma: false }) });
}, 120_000);

/** A bump allocator over the kernels' memory (16-byte aligned), from `start`. */
function place(k: WasmKernels, start = 0) {
  let top = start;
  const arrays = {
    put(values: Float32Array): number {
      const at = arrays.room(values.length);
      new Float32Array(k.memory.buffer, at, values.length).set(values);
      return at;
    },
    room(floats: number): number {
      const at = top;
      top += Math.ceil((floats * 4) / 16) * 16 + 4096;
      const pages = Math.ceil(top / 65536) - k.memory.buffer.byteLength / 65536;
      if (pages > 0) k.memory.grow(pages);
      return at;
    },
    read: (at: number, floats: number) => new Float32Array(k.memory.buffer, at, floats).slice(),
  };
  return arrays;
}

/** A padded tensor (one-pixel zero border) of a plain H×W×C one. */
function padded(values: Float32Array, h: number, w: number, c: number): Float32Array {
  const out = new Float32Array((h + 2) * (w + 2) * c);
  for (let y = 0; y < h; y++)
    out.set(values.subarray(y * w * c, (y + 1) * w * c), ((y + 1) * (w + 2) + 1) * c);
  return out;
}

/** The plain H×W×C inside a padded tensor. */
function unpadded(values: Float32Array, h: number, w: number, c: number): Float32Array {
  const out = new Float32Array(h * w * c);
  for (let y = 0; y < h; y++)
    out.set(values.subarray(((y + 1) * (w + 2) + 1) * c, ((y + 1) * (w + 2) + 1 + w) * c), y * w * c);
  return out;
}

function expectClose(got: Float32Array, want: Float32Array, tolerance: number): void {
  expect(got.length).toBe(want.length);
  let worst = 0;
  for (let i = 0; i < got.length; i++)
    worst = Math.max(worst, Math.abs((got[i] as number) - (want[i] as number)));
  expect(worst).toBeLessThanOrEqual(tolerance);
}

const leaky = (t: ReturnType<Tf['zeros']>) => tf.maximum(t, tf.mul(t, 0.1));

describe('the kernels, against tfjs', () => {
  it('conv0pool: the 3×3 valid conv, its bias, the 2×2 pool and the leaky ReLU, into a padded tensor', () => {
    const [h, w] = [38, 70];
    const input = randomValues(h * w * 3, 1, 255);
    const filter = randomValues(27 * 16, 2, 0.01);
    const bias = randomValues(16, 3);
    const want = tf.tidy(() => {
      const x = tf.tensor4d(input, [1, h, w, 3]);
      const conv = tf.add(tf.conv2d(x, tf.tensor4d(filter, [3, 3, 3, 16]), 1, 'valid'), tf.tensor1d(bias));
      return leaky(tf.maxPool(conv as Parameters<Tf['maxPool']>[0], 2, 2, 'same')).dataSync() as Float32Array;
    });
    for (const { name, kernels: k } of variants) {
      const mem = place(k);
      const [oh, ow] = [(h - 2) / 2, (w - 2) / 2];
      const out = mem.room((oh + 2) * (ow + 2) * 16);
      k.clearBorder(out, oh, ow, 16);
      k.conv0pool(mem.put(input), out, h, w, mem.put(filter), mem.put(bias));
      const got = mem.read(out, (oh + 2) * (ow + 2) * 16);
      expectClose(unpadded(got, oh, ow, 16), want, 1e-3);
      // The border stays zero: the depthwise conv after it reads it as the 'same' padding.
      expect(
        got.subarray(0, (ow + 2) * 16).every((v) => v === 0),
        name,
      ).toBe(true);
    }
  });

  it('depthwise: the 3×3 same conv at every channel count, odd sizes, and with stride 2 on even sizes', () => {
    for (const [i, c] of DEPTHWISE_CHANNELS.entries()) {
      for (const stride of [1, 2] as const) {
        // Stride 2: the output's size; the input is twice it.
        const [h, w] = stride === 1 ? [7 + i * 2, 5 + i * 3] : [3 + i, 4 + (i % 2)];
        const [ih, iw] = [h * stride, w * stride];
        const input = randomValues(ih * iw * c, 10 + i);
        const filter = randomValues(9 * c, 20 + i);
        const want = tf.tidy(
          () =>
            tf
              .depthwiseConv2d(
                tf.tensor4d(input, [1, ih, iw, c]),
                tf.tensor4d(filter, [3, 3, c, 1]),
                stride,
                'same',
              )
              .dataSync() as Float32Array,
        );
        for (const { name, kernels: k } of variants) {
          const mem = place(k);
          const out = mem.room(h * w * c);
          k.depthwise(c, mem.put(padded(input, ih, iw, c)), out, h, w, mem.put(filter), stride);
          expect(
            () => expectClose(mem.read(out, h * w * c), want, 1e-4),
            `${name}, ${c} channels, stride ${stride}`,
          ).not.toThrow();
        }
      }
    }
  });

  it('pointwise: the 1×1 conv with bias, a residual or not, leaky, ReLU or none, pixel counts not a multiple of its group', () => {
    for (const [p, cin, cout, alpha, residual] of [
      [61, 16, 32, 0.1, 'none'],
      [130, 256, 512, 0.1, 'none'],
      [7, 512, 32, 1, 'none'],
      [45, 32, 64, 0, 'apart'],
      [49, 256, 256, 1, 'in place'],
    ] as const) {
      const input = randomValues(p * cin, p);
      const weights = randomValues(cin * cout, cin);
      const bias = randomValues(cout, cout);
      const added = randomValues(p * cout, cout + 1);
      const want = tf.tidy(() => {
        let y = tf.add(
          tf.matMul(tf.tensor2d(input, [p, cin]), tf.tensor2d(weights, [cin, cout])),
          tf.tensor1d(bias),
        );
        if (residual !== 'none') y = tf.add(y, tf.tensor2d(added, [p, cout]));
        return (alpha === 1 ? y : alpha === 0 ? tf.relu(y) : leaky(y)).dataSync() as Float32Array;
      });
      for (const { name, kernels: k } of variants) {
        // From 16: offset 0 would mean no residual.
        const mem = place(k, 16);
        const out = mem.put(new Float32Array((p + 4) * cout));
        const res = residual === 'none' ? 0 : residual === 'in place' ? out : mem.room((p + 4) * cout);
        if (res) new Float32Array(k.memory.buffer, res, p * cout).set(added);
        k.pointwise(mem.put(input), out, res, p, cin, cout, mem.put(weights), mem.put(bias), alpha);
        expect(
          () => expectClose(mem.read(out, p * cout), want, 1e-3),
          `${name}, ${cin} → ${cout}, residual ${residual}`,
        ).not.toThrow();
      }
    }
  });

  it('pad: a plain tensor into the inside of a padded one, as it is or through a ReLU, the border untouched', () => {
    const [h, w, c] = [5, 3, 8];
    const input = randomValues(h * w * c, 3);
    for (const alpha of [0, 1]) {
      for (const { name, kernels: k } of variants) {
        const mem = place(k);
        const out = mem.put(new Float32Array((h + 2) * (w + 2) * c).fill(7));
        k.pad(mem.put(input), out, h, w, c, alpha);
        const got = mem.read(out, (h + 2) * (w + 2) * c);
        for (let y = 0; y < h + 2; y++)
          for (let x = 0; x < w + 2; x++)
            for (let ch = 0; ch < c; ch++) {
              const inside = y > 0 && y <= h && x > 0 && x <= w;
              const v = inside ? (input[((y - 1) * w + x - 1) * c + ch] as number) : 7;
              const want = inside && alpha === 0 ? Math.max(0, v) : v;
              // === : the ReLU of a negative value may be -0.
              expect(
                got[(y * (w + 2) + x) * c + ch] === want,
                `${name}, alpha ${alpha}, (${y}, ${x}, ${ch})`,
              ).toBe(true);
            }
      }
    }
  });

  it('conv3: the 3×3 same conv of a stack of padded images, with bias, residual and ReLU, or neither', () => {
    for (const [n, h, w, cin, cout, withResidual] of [
      [3, 5, 7, 32, 32, true],
      [2, 17, 17, 64, 64, false],
      [1, 4, 4, 64, 64, true],
      [4, 8, 3, 32, 32, true],
      // The wide ones, by tap on packed weights: the recognition net's 8×8 and 4×4 blocks, and a wider image.
      [2, 8, 8, 128, 128, true],
      [3, 4, 4, 256, 256, false],
      [1, 3, 8, 256, 256, true],
    ] as const) {
      const images = Array.from({ length: n }, (_, i) => randomValues(h * w * cin, 7 + i));
      const residuals = Array.from({ length: n }, (_, i) => randomValues(h * w * cout, 70 + i));
      const filter = randomValues(9 * cin * cout, cin + cout, 0.1);
      const bias = randomValues(cout, cout);
      const want = tf.tidy(() => {
        const x = tf.tensor4d(Float32Array.from(images.flatMap((v) => [...v])), [n, h, w, cin]) as Parameters<
          Tf['conv2d']
        >[0];
        let y = tf.add(
          tf.conv2d(x, tf.tensor4d(filter, [3, 3, cin, cout]) as Parameters<Tf['conv2d']>[1], 1, 'same'),
          tf.tensor1d(bias),
        );
        if (withResidual)
          y = tf.add(y, tf.tensor4d(Float32Array.from(residuals.flatMap((v) => [...v])), [n, h, w, cout]));
        return tf.relu(y).dataSync() as Float32Array;
      });
      const stack = (values: Float32Array[], c: number) => {
        const out = new Float32Array(n * (h + 2) * (w + 2) * c);
        values.forEach((v, i) => {
          out.set(padded(v, h, w, c), i * (h + 2) * (w + 2) * c);
        });
        return out;
      };
      const image = (h + 2) * (w + 2);
      for (const { name, kernels: k } of variants) {
        const mem = place(k);
        const input = mem.put(stack(images, cin));
        const residual = withResidual ? mem.put(stack(residuals, cout)) : 0;
        const out = mem.room((n * image + 8) * cout);
        const positions = (n * (h + 2) - 2) * (w + 2);
        const weights = cout >= WIDE_CONV3 ? packWideFilter(filter, cout) : filter;
        k.conv3(input, out, residual, positions, cin, cout, mem.put(weights), mem.put(bias), 0, w + 2, h);
        for (let i = 0; i < n; i++) k.clearBorder(out + i * image * cout * 4, h, w, cout);
        const got = mem.read(out, n * image * cout);
        const plain = Float32Array.from(
          Array.from({ length: n }, (_, i) => [
            ...unpadded(got.subarray(i * image * cout, (i + 1) * image * cout), h, w, cout),
          ]).flat(),
        );
        expect(() => expectClose(plain, want, 2e-3), `${name}, ${n}×${h}×${w}×${cin}`).not.toThrow();
        // The border stays zero for the next conv.
        for (let i = 0; i < n; i++)
          expect(
            got.subarray(i * image * cout, i * image * cout + (w + 2) * cout).every((v) => v === 0),
          ).toBe(true);
      }
    }
  });

  it("conv7s2: the recognition net's first conv, 7×7 stride 2 valid, 3 channels to 32, with bias and ReLU", () => {
    // The net's own size (two chips), and one whose rows are not square and whose last input columns are left out.
    for (const [n, h, w] of [
      [2, 150, 150],
      [1, 22, 30],
    ] as const) {
      const oh = Math.floor((h - 7) / 2) + 1;
      const ow = Math.floor((w - 7) / 2) + 1;
      const pixels = randomValues(n * h * w * 3, h + w, 255);
      const filter = randomValues(7 * 7 * 3 * 32, 49, 0.01);
      const bias = randomValues(32, 32);
      const want = tf.tidy(
        () =>
          tf
            .relu(
              tf.add(
                tf.conv2d(
                  tf.tensor4d(pixels, [n, h, w, 3]) as Parameters<Tf['conv2d']>[0],
                  tf.tensor4d(filter, [7, 7, 3, 32]) as Parameters<Tf['conv2d']>[1],
                  2,
                  'valid',
                ),
                tf.tensor1d(bias),
              ),
            )
            .dataSync() as Float32Array,
      );
      for (const { name, kernels: k } of variants) {
        const mem = place(k);
        const out = mem.room(n * oh * ow * 32);
        k.conv7s2(mem.put(pixels), out, n, h, w, mem.put(filter), mem.put(bias));
        expect(
          () => expectClose(mem.read(out, n * oh * ow * 32), want, 1e-3),
          `${name}, ${n}×${h}×${w}`,
        ).not.toThrow();
      }
    }
  });

  /** A stack of padded images (each a one-pixel zero border) of n plain h×w×c ones. */
  const stackOf = (images: Float32Array[], h: number, w: number, c: number) => {
    const out = new Float32Array(images.length * (h + 2) * (w + 2) * c);
    images.forEach((v, i) => {
      out.set(padded(v, h, w, c), i * (h + 2) * (w + 2) * c);
    });
    return out;
  };
  /** The plain images inside a stack of n padded h×w×c ones, one after the other. */
  const insideOf = (stack: Float32Array, n: number, h: number, w: number, c: number) => {
    const image = (h + 2) * (w + 2) * c;
    const out = new Float32Array(n * h * w * c);
    for (let i = 0; i < n; i++)
      out.set(unpadded(stack.subarray(i * image, (i + 1) * image), h, w, c), i * h * w * c);
    return out;
  };

  it("conv3s2: the down blocks' 3×3 stride 2 valid conv, with bias and ReLU, into their pooled size", () => {
    // The recognition net's four (two images each; the last two's outputs a row and a column short of the pooled
    // size), and odd sizes that are not square.
    for (const [n, h, w, cin, cout] of [
      [2, 35, 35, 32, 64],
      [2, 17, 17, 64, 128],
      [2, 8, 8, 128, 256],
      [2, 4, 4, 256, 256],
      [3, 9, 13, 32, 16],
      [1, 6, 11, 64, 8],
    ] as const) {
      const [oh, ow] = [Math.floor((h - 3) / 2) + 1, Math.floor((w - 3) / 2) + 1];
      const [ph, pw] = [Math.floor(h / 2), Math.floor(w / 2)];
      const images = Array.from({ length: n }, (_, i) => randomValues(h * w * cin, 11 + i));
      const filter = randomValues(9 * cin * cout, cin * cout, 0.1);
      const bias = randomValues(cout, cout + 1);
      const want = tf.tidy(() => {
        const x = tf.tensor4d(Float32Array.from(images.flatMap((v) => [...v])), [n, h, w, cin]) as Parameters<
          Tf['conv2d']
        >[0];
        const y = tf.conv2d(
          x,
          tf.tensor4d(filter, [3, 3, cin, cout]) as Parameters<Tf['conv2d']>[1],
          2,
          'valid',
        );
        // Into the pooled size: zeros after the conv's own rows and columns.
        return tf
          .pad(tf.relu(tf.add(y, tf.tensor1d(bias))), [
            [0, 0],
            [0, ph - oh],
            [0, pw - ow],
            [0, 0],
          ])
          .dataSync() as Float32Array;
      });
      for (const { name, kernels: k } of variants) {
        const mem = place(k);
        const input = mem.put(stackOf(images, h, w, cin));
        const image = (ph + 2) * (pw + 2) * cout;
        // What the kernel must not touch is NaN: rows of the output past its own and past the stack.
        const out = mem.put(new Float32Array(n * image + 8 * cout).fill(Number.NaN));
        k.conv3s2(
          input,
          out,
          n,
          h,
          w,
          cin,
          cout,
          mem.put(packFilter(filter, 9, cin, cout, CONV3S2_GROUP)),
          mem.put(bias),
          ph,
          pw,
        );
        const got = mem.read(out, n * image + 8 * cout);
        expect(got.subarray(n * image).every(Number.isNaN), `${name}: nothing written past the stack`).toBe(
          true,
        );
        // Everything past the conv's own size and the border is the caller's to clear, as the recognition does.
        for (let i = 0; i < n; i++)
          for (let y = 0; y < ph + 2; y++)
            for (let x = 0; x < pw + 2; x++)
              if (y === 0 || x === 0 || y > oh || x > ow)
                got.fill(
                  0,
                  (i * (ph + 2) * (pw + 2) + y * (pw + 2) + x) * cout,
                  (i * (ph + 2) * (pw + 2) + y * (pw + 2) + x + 1) * cout,
                );
        expect(
          () => expectClose(insideOf(got, n, ph, pw, cout), want, 2e-3),
          `${name}, ${n}×${h}×${w}×${cin} → ${cout}`,
        ).not.toThrow();
      }
    }
  });

  it("avgPool2Pad: the down blocks' shortcut, a 2×2 average pool and zero channels, into a padded stack", () => {
    for (const [n, h, w, cin, cout] of [
      [2, 35, 35, 32, 64],
      [3, 8, 8, 128, 256],
      [2, 4, 4, 256, 256],
      [1, 7, 10, 8, 20],
    ] as const) {
      const [ph, pw] = [Math.floor(h / 2), Math.floor(w / 2)];
      const images = Array.from({ length: n }, (_, i) => randomValues(h * w * cin, 31 + i));
      const want = tf.tidy(() => {
        const x = tf.tensor4d(Float32Array.from(images.flatMap((v) => [...v])), [n, h, w, cin]);
        const pooled = tf.avgPool(x as Parameters<Tf['avgPool']>[0], 2, 2, 'valid');
        return (
          cout > cin ? tf.concat([pooled, tf.zeros([n, ph, pw, cout - cin])], 3) : pooled
        ).dataSync() as Float32Array;
      });
      for (const { name, kernels: k } of variants) {
        const mem = place(k);
        const image = (ph + 2) * (pw + 2) * cout;
        const out = mem.put(new Float32Array(n * image).fill(7));
        k.avgPool2Pad(mem.put(stackOf(images, h, w, cin)), out, n, h, w, cin, cout);
        const got = mem.read(out, n * image);
        expect(
          () => expectClose(insideOf(got, n, ph, pw, cout), want, 1e-6),
          `${name}, ${h}×${w}×${cin}`,
        ).not.toThrow();
        // The border is left as it was.
        expect(got.subarray(0, (pw + 2) * cout).every((v) => v === 7)).toBe(true);
        expect(got.subarray(n * image - cout).every((v) => v === 7)).toBe(true);
      }
    }
  });

  it('maxPool3s2: the 3×3 stride 2 valid max pool after the first conv, into a padded stack', () => {
    for (const [n, h, w, c] of [
      [2, 72, 72, 32],
      [3, 9, 12, 8],
    ] as const) {
      const [oh, ow] = [Math.floor((h - 3) / 2) + 1, Math.floor((w - 3) / 2) + 1];
      const values = randomValues(n * h * w * c, h * w);
      const want = tf.tidy(
        () =>
          tf
            .maxPool(tf.tensor4d(values, [n, h, w, c]) as Parameters<Tf['maxPool']>[0], 3, 2, 'valid')
            .dataSync() as Float32Array,
      );
      for (const { name, kernels: k } of variants) {
        const mem = place(k);
        const image = (oh + 2) * (ow + 2) * c;
        const out = mem.put(new Float32Array(n * image).fill(7));
        k.maxPool3s2(mem.put(values), out, n, h, w, c);
        const got = mem.read(out, n * image);
        expect(insideOf(got, n, oh, ow, c), `${name}, ${n}×${h}×${w}×${c}`).toEqual(want);
        expect(got.subarray(0, (ow + 2) * c).every((v) => v === 7)).toBe(true);
      }
    }
  });

  it('pools: 2×2 stride 2 (into a padded tensor) and stride 1, same, on odd and even sizes', () => {
    for (const [h, w, c] of [
      [9, 7, 32],
      [10, 13, 16],
      [1, 1, 512],
    ] as const) {
      const input = randomValues(h * w * c, h * w);
      const [want2, want1] = tf.tidy(() => {
        const x = tf.tensor4d(input, [1, h, w, c]);
        return [
          tf.maxPool(x, 2, 2, 'same').dataSync() as Float32Array,
          tf.maxPool(x, 2, 1, 'same').dataSync() as Float32Array,
        ];
      });
      const [oh, ow] = [Math.ceil(h / 2), Math.ceil(w / 2)];
      for (const { kernels: k } of variants) {
        const mem = place(k);
        const at = mem.put(input);
        const out2 = mem.room((oh + 2) * (ow + 2) * c);
        k.pool2(at, out2, h, w, c);
        expectClose(unpadded(mem.read(out2, (oh + 2) * (ow + 2) * c), oh, ow, c), want2, 0);
        const out1 = mem.room(h * w * c);
        k.pool1(at, out1, h, w, c);
        expectClose(mem.read(out1, h * w * c), want1, 0);
      }
    }
  });

  it('clears exactly the border of a padded tensor', () => {
    const { kernels: k } = variants[0] as (typeof variants)[number];
    const mem = place(k);
    const [h, w, c] = [3, 4, 16];
    const at = mem.put(new Float32Array((h + 2) * (w + 2) * c).fill(7));
    k.clearBorder(at, h, w, c);
    const got = mem.read(at, (h + 2) * (w + 2) * c);
    for (let y = 0; y < h + 2; y++)
      for (let x = 0; x < w + 2; x++) {
        const border = y === 0 || x === 0 || y === h + 1 || x === w + 1;
        expect(got[(y * (w + 2) + x) * c + 5]).toBe(border ? 0 : 7);
      }
  });
});
