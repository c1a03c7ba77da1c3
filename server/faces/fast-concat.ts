// A faster Concat for tfjs's wasm backend. face-api subtracts the mean colour from every net's input by building a
// [n, h, w, 3] tensor with a concat along the last axis of three [n, h, w, 1] tensors. The backend's own Concat
// copies each input's inner run with `subarray` + `set`, one call per element here (150k calls for a 224 px input):
// it was about a fifth of a selfie's embedding time. This one copies short runs with a plain loop and long runs
// with `set`, and gives the same values (checked against concatenation by hand in fast-concat.test.ts).
import type { Tf } from './models';

/** Inner runs shorter than this are copied element by element (set() on a tiny subarray costs far more). */
const SHORT_RUN = 64;

type KernelArgs = Parameters<ReturnType<Tf['getKernel']>['kernelFunc']>[0];

interface WasmBackendView {
  makeOutput(shape: number[], dtype: string): TensorInfoLike;
  typedArrayFromHeap(tensor: { dataId: object; shape: number[]; dtype: string }): Float32Array | Int32Array;
}

interface TensorInfoLike {
  dataId: object;
  shape: number[];
  dtype: string;
}

/**
 * Replaces the wasm backend's Concat kernel with one that copies short inner runs in a loop. Numeric tensors of
 * the same dtype only; anything else (strings, mixed dtypes, one non-empty input) goes to the backend's own.
 * Call once, after the wasm backend is set. Answers false when the backend has no Concat to replace.
 */
export function speedUpWasmConcat(tf: Tf): boolean {
  const own = tf.getKernel('Concat', 'wasm');
  if (!own) return false;
  const ownFunc = own.kernelFunc;
  const kernelFunc = (args: KernelArgs) => {
    const inputs = args.inputs as unknown as TensorInfoLike[];
    const backend = args.backend as unknown as WasmBackendView;
    const first = inputs[0];
    if (!first) return ownFunc(args);
    const dtype = first.dtype;
    if ((dtype !== 'float32' && dtype !== 'int32') || inputs.some((t) => t.dtype !== dtype))
      return ownFunc(args);
    const axis =
      tf.util.parseAxisParam((args.attrs as { axis: number | number[] }).axis, first.shape)[0] ?? 0;
    tf.backend_util.assertParamsConsistent(
      inputs.map((t) => t.shape),
      axis,
    );
    const live = inputs.filter((t) => tf.util.sizeFromShape(t.shape) > 0);
    if (live.length < 2) return ownFunc(args);
    const outShape = tf.backend_util.computeOutShape(
      inputs.map((t) => t.shape),
      axis,
    );
    const out = backend.makeOutput(outShape, dtype);
    // Views of the heap are taken after the output is made: making it may grow (and so detach) the heap.
    const sources = live.map((t) => backend.typedArrayFromHeap(t));
    const target = backend.typedArrayFromHeap(out);
    const runs = live.map((t) => tf.util.sizeFromShape(t.shape.slice(axis)));
    const outer = tf.util.sizeFromShape(live[0]?.shape.slice(0, axis) ?? []);
    const stride = runs.reduce((sum, run) => sum + run, 0);
    // One input at a time: its runs land every `stride` values from its offset in the output.
    let offset = 0;
    sources.forEach((source, i) => {
      const run = runs[i] ?? 0;
      if (run === 1) {
        for (let b = 0, at = offset; b < outer; b++, at += stride) target[at] = source[b] as number;
      } else if (run < SHORT_RUN) {
        for (let b = 0, from = 0, at = offset; b < outer; b++, at += stride) {
          for (let k = 0; k < run; k++) target[at + k] = source[from++] as number;
        }
      } else {
        for (let b = 0; b < outer; b++)
          target.set(source.subarray(b * run, (b + 1) * run), offset + b * stride);
      }
      offset += run;
    });
    return out as unknown as ReturnType<typeof ownFunc>;
  };
  tf.unregisterKernel('Concat', 'wasm');
  tf.registerKernel({ kernelName: 'Concat', backendName: 'wasm', kernelFunc: kernelFunc as typeof ownFunc });
  return true;
}
