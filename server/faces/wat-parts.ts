// Pieces of WebAssembly text the kernels' generators share (wasm-kernels.ts, recognition-wat.ts).

/** Pixels of a conv computed together (their rows share each weight load). */
export const PW_ROWS = 4;

/**
 * Pixels of a pointwise conv taken through all its output channels before the next ones: their inputs stay in the
 * cache while each block of 8 channels' weights is read from L1 (the 256 → 512 conv's weights are 512 KB).
 */
const PW_CHUNK = 64;

/** acc += a·b, with the relaxed SIMD fused multiply-add where the runtime has it, else a multiply and an add. */
export const madd = (fma: boolean, acc: string, a: string, b: string): string =>
  fma
    ? `(local.set ${acc} (f32x4.relaxed_madd ${a} ${b} (local.get ${acc})))`
    : `(local.set ${acc} (f32x4.add (local.get ${acc}) (f32x4.mul ${a} ${b})))`;

/** A conv's loop over a tap's C input channels, two at a time: `step(k)` for each, then $x and $wp moved on. */
export function inputChannelPairs(C: number, step: (k: 0 | 1) => string, weightBytes: number): string {
  return `(local.set $k (i32.const ${C / 2}))
     (loop $kl
      ${step(0)}
      ${step(1)}
      (local.set $x (i32.add (local.get $x) (i32.const 8)))
      (local.set $wp (i32.add (local.get $wp) (i32.const ${weightBytes})))
      (local.set $k (i32.sub (local.get $k) (i32.const 1)))
      (br_if $kl (local.get $k)))`;
}

/**
 * A conv's filter (HWIO: taps × cin × cout) in the order a by-block kernel reads it: by blocks of `group` output
 * channels, then tap, then input channel, so that the weights a block needs are contiguous.
 */
export function packFilter(
  filter: Float32Array,
  taps: number,
  cin: number,
  cout: number,
  group: number,
): Float32Array {
  if (filter.length !== taps * cin * cout || cout % group !== 0)
    throw new Error(
      `packFilter: ${filter.length} weights are not ${taps}×${cin}×${cout} in blocks of ${group}`,
    );
  const out = new Float32Array(filter.length);
  let o = 0;
  for (let j = 0; j < cout; j += group)
    for (let t = 0; t < taps; t++)
      for (let k = 0; k < cin; k++) {
        const from = (t * cin + k) * cout + j;
        out.set(filter.subarray(from, from + group), o);
        o += group;
      }
  return out;
}

/**
 * The loops the pointwise and conv3 kernels share: chunks of PW_CHUNK positions ($p0 to $pEnd, of $P), each taken
 * through the output channels 8 at a time ($j; their biases in $bias0 and $bias1), PW_ROWS positions at a time ($p):
 * `group` computes those.
 */
export function groupLoops(cout: string, group: string): string {
  return `(local.set $p0 (i32.const 0))
  (block $cd (loop $cl
   (br_if $cd (i32.ge_u (local.get $p0) (local.get $P)))
   (local.set $pEnd (select (i32.add (local.get $p0) (i32.const ${PW_CHUNK})) (local.get $P)
     (i32.lt_u (i32.add (local.get $p0) (i32.const ${PW_CHUNK})) (local.get $P))))
   (local.set $j (i32.const 0))
   (block $jd (loop $jl
    (br_if $jd (i32.ge_u (local.get $j) ${cout}))
    (local.set $bias0 (v128.load (i32.add (local.get $b) (i32.shl (local.get $j) (i32.const 2)))))
    (local.set $bias1 (v128.load offset=16 (i32.add (local.get $b) (i32.shl (local.get $j) (i32.const 2)))))
    (local.set $p (local.get $p0))
    (block $pd (loop $pl
     (br_if $pd (i32.ge_u (local.get $p) (local.get $pEnd)))
     ${group}
     (local.set $p (i32.add (local.get $p) (i32.const ${PW_ROWS})))
     (br $pl)))
    (local.set $j (i32.add (local.get $j) (i32.const 8)))
    (br $jl)))
   (local.set $p0 (i32.add (local.get $p0) (i32.const ${PW_CHUNK})))
   (br $cl)))`;
}

/**
 * Loops over the pixels of n images: $img to $n, $y to `height`, $x to `width` (i32 expressions), `perRow` before
 * each row's pixels and `perPixel` for each (the function declares the locals $n, $img, $y and $x).
 */
export function pixelLoops(height: string, width: string, perRow: string, perPixel: string): string {
  return `(local.set $img (i32.const 0))
  (block $id (loop $il
   (br_if $id (i32.ge_u (local.get $img) (local.get $n)))
   (local.set $y (i32.const 0))
   (block $yd (loop $yl
    (br_if $yd (i32.ge_u (local.get $y) ${height}))
    ${perRow}
    (local.set $x (i32.const 0))
    (block $xd (loop $xl
     (br_if $xd (i32.ge_u (local.get $x) ${width}))
     ${perPixel}
     (local.set $x (i32.add (local.get $x) (i32.const 1)))
     (br $xl)))
    (local.set $y (i32.add (local.get $y) (i32.const 1)))
    (br $yl)))
   (local.set $img (i32.add (local.get $img) (i32.const 1)))
   (br $il)))`;
}
