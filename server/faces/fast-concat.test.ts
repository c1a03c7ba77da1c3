// The wasm backend's Concat, replaced by loadFaceModels (fast-concat.ts), against concatenation done by hand on
// nested arrays: every axis, runs of 1, a few and many values, an empty input, int32 and float32.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFaceModels, type Tf } from './models';

type Nested = number | Nested[];

/** Concatenates nested arrays along `axis`, the plain way. */
function concatByHand(parts: Nested[][], axis: number): Nested[] {
  if (axis === 0) return parts.flat(1) as Nested[];
  const first = parts[0] ?? [];
  return first.map((_, i) =>
    concatByHand(
      parts.map((p) => p[i] as Nested[]),
      axis - 1,
    ),
  );
}

let tf: Tf;
beforeAll(async () => {
  tf = (await loadFaceModels()).tf as unknown as Tf;
}, 120_000);

const values = (n: number, seed: number) =>
  Array.from({ length: n }, (_, i) => ((i * 7919 + seed * 104729) % 1000) - 500);

describe('Concat on the wasm backend', () => {
  it('is the replaced kernel, on the wasm backend', () => {
    expect(tf.getBackend()).toBe('wasm');
    expect(String(tf.getKernel('Concat', 'wasm')?.kernelFunc)).toContain('stride');
  });

  /** A case: its name, the axis, and the inputs' shapes ("2,3 4,3": a [2, 3] and a [4, 3]). */
  const concatCase = (name: string, axis: number, shapes: string) => ({
    name,
    axis,
    shapes: shapes.split(' ').map((shape) => shape.split(',').map(Number)),
  });
  const shapes = [
    concatCase('mean colour: three [1,h,w,1] on the last axis', 3, '1,5,7,1 1,5,7,1 1,5,7,1'),
    concatCase('short runs of different lengths', 2, '2,3,2 2,3,5 2,3,1'),
    concatCase('long runs (set)', 1, '3,70 3,130'),
    concatCase('long and short runs mixed', 2, '2,2,80 2,2,3'),
    concatCase('the middle axis', 1, '2,3,4 2,1,4 2,5,4'),
    concatCase('the first axis', 0, '2,3 4,3'),
    concatCase('a negative axis', -1, '1,4,4,2 1,4,4,3'),
    concatCase('an empty input', 1, '2,0 2,3 2,2'),
  ];
  for (const dtype of ['float32', 'int32'] as const) {
    for (const c of shapes) {
      it(`${c.name} (${dtype})`, () => {
        const tensors = c.shapes.map((shape, i) =>
          tf.tensor(
            values(
              shape.reduce((a, b) => a * b, 1),
              i + 1,
            ).map((x) => (dtype === 'float32' ? x / 8 : x)),
            shape,
            dtype,
          ),
        );
        const axis = c.axis < 0 ? (c.shapes[0]?.length ?? 0) + c.axis : c.axis;
        const out = tf.concat(tensors, c.axis);
        try {
          expect(out.dtype).toBe(dtype);
          expect(out.arraySync()).toEqual(
            concatByHand(
              // An empty tensor adds nothing (and tfjs gives [] for a [2, 0] one, not [[], []]).
              tensors.filter((t) => t.size > 0).map((t) => t.arraySync() as Nested[]),
              axis,
            ),
          );
        } finally {
          out.dispose();
          for (const t of tensors) t.dispose();
        }
      });
    }
  }

  it('refuses inputs whose other dimensions differ, as tfjs does', () => {
    const a = tf.zeros([2, 3]);
    const b = tf.zeros([3, 3]);
    try {
      expect(() => tf.concat([a, b], 1)).toThrow();
    } finally {
      a.dispose();
      b.dispose();
    }
  });
});
