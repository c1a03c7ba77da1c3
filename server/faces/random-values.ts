// Deterministic pseudo-random values for the kernels' tests (xorshift32): the same tensors on every run.

/** n values in [-scale, scale), from `seed`. */
export function randomValues(n: number, seed: number, scale = 1): Float32Array {
  const out = new Float32Array(n);
  let s = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    out[i] = ((s >>> 0) / 2 ** 32) * 2 * scale - scale;
  }
  return out;
}
