// The recognition net's kernels as WebAssembly text, assembled with the tiny detector's into one module
// (wasm-kernels.ts): the 3×3 convs of its residual blocks (conv3: 19-21 GMAC/s at 35×35 and 17×17, against tfjs's
// 11; by tap at 8×8 and 4×4, 14-22 against 8-11), the first conv (conv7s2) and its max pool, and the down blocks'
// strided first convs and pooled shortcuts (conv3s2, avgPool2Pad). recognition-kernels.ts runs the net on them.
import { groupLoops, inputChannelPairs, madd, PW_ROWS, packFilter, pixelLoops } from './wat-parts';

/**
 * The channel counts of conv3 (its input's and its output's): the recognition net's residual blocks at 35×35 and
 * 17×17 (19-21 GMAC/s against tfjs's 11), and at 8×8 and 4×4 (128 and 256 channels, by tap: about 20 and 14-19
 * GMAC/s, where tfjs runs them at 8-11).
 */
export const CONV3_CHANNELS = [32, 64, 128, 256] as const;

/**
 * conv3 for C channels in and out: the pointwise kernel's loop (PW_ROWS positions × 8 output channels, each weight
 * load shared by the positions) over the nine taps of a 3×3 window: a tap is the same loop with the input moved by
 * ky rows and kx pixels. Positions run along the padded rows, so one tap's PW_ROWS inputs are consecutive pixels, at
 * constant offsets from one pointer; the input channels are taken two at a time.
 */
function conv3Wat(fma: boolean, C: number): string {
  const rows = Array.from({ length: PW_ROWS }, (_, r) => r);
  const px = C * 4;
  const locals = rows.map((r) => `(local $a${r}0 v128) (local $a${r}1 v128)`).join(' ');
  const init = rows
    .map((r) => `(local.set $a${r}0 (local.get $bias0)) (local.set $a${r}1 (local.get $bias1))`)
    .join('\n');
  const step = (k: 0 | 1) => `
      (local.set $w0 (v128.load offset=${k * px} (local.get $wp)))
      (local.set $w1 (v128.load offset=${k * px + 16} (local.get $wp)))
      ${rows
        .map(
          (r) => `(local.set $s (v128.load32_splat offset=${r * px + k * 4} (local.get $x)))
      ${madd(fma, `$a${r}0`, '(local.get $s)', '(local.get $w0)')}
      ${madd(fma, `$a${r}1`, '(local.get $s)', '(local.get $w1)')}`,
        )
        .join('\n')}`;
  const taps = [0, 1, 2]
    .flatMap((ky) => [0, 1, 2].map((kx) => ({ ky, kx })))
    .map(
      ({ ky, kx }) => `
     (local.set $x (i32.add (local.get $xp) (i32.add (i32.mul (i32.const ${ky}) (local.get $rowPitch))
       (i32.const ${kx * px}))))
     ${inputChannelPairs(C, step, 2 * px)}`,
    )
    .join('\n');
  const act = (v: string) => `(f32x4.max ${v} (f32x4.mul ${v} (local.get $alpha)))`;
  const store = rows
    .map((r) => {
      const half = (h: 0 | 1) => {
        const at = `offset=${r * px + h * 16} `;
        return `(local.set $v (local.get $a${r}${h}))
      (if (local.get $res) (then
        (local.set $v (f32x4.add (local.get $v) (v128.load ${at}(i32.add (local.get $res) (local.get $yb)))))))
      (v128.store ${at}(i32.add (local.get $out) (local.get $yb)) ${act('(local.get $v)')})`;
      };
      return `${half(0)}
      ${half(1)}`;
    })
    .join('\n');
  return `
 (func $conv3_${C} (param $in i32) (param $out i32) (param $res i32) (param $P i32) (param $w i32) (param $b i32)
  (param $alphaS f32) (param $pitch i32)
  (local $p i32) (local $p0 i32) (local $pEnd i32) (local $j i32) (local $k i32) (local $xp i32) (local $wp i32)
  (local $x i32) (local $yb i32) (local $rowPitch i32)
  (local $w0 v128) (local $w1 v128) (local $s v128) (local $v v128) (local $alpha v128) (local $bias0 v128)
  (local $bias1 v128)
  ${locals}
  (local.set $alpha (f32x4.splat (local.get $alphaS)))
  (local.set $rowPitch (i32.mul (local.get $pitch) (i32.const ${px})))
  ${groupLoops(
    `(i32.const ${C})`,
    `
     (local.set $xp (i32.add (local.get $in) (i32.mul (local.get $p) (i32.const ${px}))))
     ${init}
     (local.set $wp (i32.add (local.get $w) (i32.shl (local.get $j) (i32.const 2))))
     ${taps}
     (local.set $yb (i32.add (i32.mul (i32.add (i32.add (local.get $p) (local.get $pitch)) (i32.const 1)) (i32.const ${px}))
       (i32.shl (local.get $j) (i32.const 2))))
     ${store}
`,
  )}
 )`;
}

/** conv3's channel counts from which it runs by tap, a row at a time (conv3ByTapWat), on packed weights. */
export const WIDE_CONV3 = 128;
/** Output channels a wide conv3 computes together, in f32x4 vectors (measured best with PW_ROWS positions). */
const WIDE_VECTORS = 2;

/**
 * A wide conv3's filter (HWIO) in the order its kernel reads it: by blocks of WIDE_VECTORS·4 output channels, then
 * tap, then input channel, so that a tap's weights for the block are contiguous (unpacked, the 1 KB rows of a 256
 * channel filter fall into a few of L1's sets and evict each other).
 */
export function packWideFilter(filter: Float32Array, C: number): Float32Array {
  return packFilter(filter, 9, C, C, WIDE_VECTORS * 4);
}

/**
 * conv3 for the wide channel counts (the 8×8 and 4×4 blocks): few positions and large weights (nine taps of C·C
 * floats: past L1 at 128 and 256). So the taps are the outer loop: a tap's weights for the output channels at hand
 * are read from L1 for every group of positions, and the sums are kept in the output between taps (the bias first,
 * the residual and the activation after the last). Only the images' own positions are computed, a row at a time
 * (each row's width a multiple of `rows`): at 4×4 the padding would be nearly as much work again.
 * `rows` positions × `vectors` × 4 output channels at a time.
 */
function conv3ByTapWat(fma: boolean, C: number, rows: number, vectors: number): string {
  const rs = Array.from({ length: rows }, (_, r) => r);
  const vs = Array.from({ length: vectors }, (_, v) => v);
  const px = C * 4;
  const locals = rs.flatMap((r) => vs.map((v) => `(local $a${r}_${v} v128)`)).join(' ');
  const wLocals = vs.map((v) => `(local $w${v} v128) (local $bias${v} v128)`).join(' ');
  const wRow = vectors * 16;
  const step = (k: 0 | 1) => `
      ${vs.map((v) => `(local.set $w${v} (v128.load offset=${k * wRow + v * 16} (local.get $wp)))`).join('\n')}
      ${rs
        .map(
          (r) => `(local.set $s (v128.load32_splat offset=${r * px + k * 4} (local.get $x)))
      ${vs.map((v) => madd(fma, `$a${r}_${v}`, '(local.get $s)', `(local.get $w${v})`)).join('\n')}`,
        )
        .join('\n')}`;
  const act = (v: string) => `(f32x4.max ${v} (f32x4.mul ${v} (local.get $alpha)))`;
  const at = (r: number, v: number) => `offset=${r * px + v * 16}`;
  const each = (f: (r: number, v: number) => string) => rs.flatMap((r) => vs.map((v) => f(r, v))).join('\n');
  const init = (tap: number) =>
    each((r, v) =>
      tap === 0
        ? `(local.set $a${r}_${v} (local.get $bias${v}))`
        : `(local.set $a${r}_${v} (v128.load ${at(r, v)} (i32.add (local.get $out) (local.get $yb))))`,
    );
  const store = (tap: number) =>
    each((r, v) =>
      tap < 8
        ? `(v128.store ${at(r, v)} (i32.add (local.get $out) (local.get $yb)) (local.get $a${r}_${v}))`
        : `(local.set $v (local.get $a${r}_${v}))
      (if (local.get $res) (then
        (local.set $v (f32x4.add (local.get $v) (v128.load ${at(r, v)} (i32.add (local.get $res) (local.get $yb)))))))
      (v128.store ${at(r, v)} (i32.add (local.get $out) (local.get $yb)) ${act('(local.get $v)')})`,
    );
  const taps = Array.from({ length: 9 }, (_, tap) => {
    const [ky, kx] = [Math.floor(tap / 3), tap % 3];
    return `
    (local.set $r (i32.const 0))
    (local.set $ri (i32.const 0))
    (block $rd${tap} (loop $rl${tap}
     (br_if $rd${tap} (i32.ge_u (local.get $r) (local.get $rows)))
     (if (i32.lt_u (local.get $ri) (local.get $h)) (then
      (local.set $p (i32.mul (local.get $r) (local.get $pitch)))
      (local.set $pEnd (i32.add (local.get $p) (local.get $wReal)))
      (block $pd${tap} (loop $pl${tap}
       (br_if $pd${tap} (i32.ge_u (local.get $p) (local.get $pEnd)))
       (local.set $x (i32.add (i32.add (local.get $in) (i32.mul (local.get $p) (i32.const ${px})))
         (i32.add (i32.mul (i32.const ${ky}) (local.get $rowPitch)) (i32.const ${kx * px}))))
       (local.set $yb (i32.add (i32.mul (i32.add (i32.add (local.get $p) (local.get $pitch)) (i32.const 1))
         (i32.const ${px})) (i32.shl (local.get $j) (i32.const 2))))
       ${init(tap)}
       (local.set $wp (i32.add (local.get $wBlock) (i32.const ${tap * C * wRow})))
       ${inputChannelPairs(C, step, 2 * wRow)}
       ${store(tap)}
       (local.set $p (i32.add (local.get $p) (i32.const ${rows})))
       (br $pl${tap})))))
     (local.set $r (i32.add (local.get $r) (i32.const 1)))
     (local.set $ri (i32.add (local.get $ri) (i32.const 1)))
     (if (i32.eq (local.get $ri) (local.get $hp)) (then (local.set $ri (i32.const 0))))
     (br $rl${tap})))`;
  }).join('\n');
  return `
 (func $conv3_${C} (param $in i32) (param $out i32) (param $res i32) (param $P i32) (param $w i32) (param $b i32)
  (param $alphaS f32) (param $pitch i32) (param $h i32)
  (local $p i32) (local $pEnd i32) (local $j i32) (local $k i32) (local $wp i32)
  (local $x i32) (local $yb i32) (local $rowPitch i32) (local $r i32) (local $ri i32) (local $rows i32) (local $wReal i32)
  (local $hp i32) (local $wBlock i32) (local $s v128) (local $v v128) (local $alpha v128)
  ${wLocals}
  ${locals}
  (local.set $alpha (f32x4.splat (local.get $alphaS)))
  (local.set $rowPitch (i32.mul (local.get $pitch) (i32.const ${px})))
  (local.set $rows (i32.div_u (local.get $P) (local.get $pitch)))
  (local.set $wReal (i32.sub (local.get $pitch) (i32.const 2)))
  (local.set $hp (i32.add (local.get $h) (i32.const 2)))
  (local.set $j (i32.const 0))
  (local.set $wBlock (local.get $w))
  (block $jd (loop $jl
   (br_if $jd (i32.ge_u (local.get $j) (i32.const ${C})))
   ${vs.map((v) => `(local.set $bias${v} (v128.load offset=${v * 16} (i32.add (local.get $b) (i32.shl (local.get $j) (i32.const 2)))))`).join('\n')}
   ${taps}
   (local.set $wBlock (i32.add (local.get $wBlock) (i32.const ${9 * C * wRow})))
   (local.set $j (i32.add (local.get $j) (i32.const ${vectors * 4})))
   (br $jl)))
 )`;
}

/** conv3's export: the kernel of its channel count (input and output channels must be equal and in the list). */
function conv3DispatchWat(): string {
  const cases = CONV3_CHANNELS.map(
    (
      c,
    ) => `(if (i32.and (i32.eq (local.get $cin) (i32.const ${c})) (i32.eq (local.get $cout) (i32.const ${c})))
    (then (call $conv3_${c} (local.get $in) (local.get $out) (local.get $res) (local.get $P) (local.get $w)
      (local.get $b) (local.get $alpha) (local.get $pitch)${c >= WIDE_CONV3 ? ' (local.get $h)' : ''}) (return)))`,
  ).join('\n');
  return `
 (func (export "conv3") (param $in i32) (param $out i32) (param $res i32) (param $P i32) (param $cin i32)
  (param $cout i32) (param $w i32) (param $b i32) (param $alpha f32) (param $pitch i32) (param $h i32)
  ${cases}
  unreachable)`;
}

/**
 * The recognition net's first conv: 7×7, stride 2, 'valid', 3 input channels to 32, with its bias and ReLU (the
 * input's normalisation folded into its weights), on n plain images H×W×3 into n plain OH×OW×32. PW_ROWS output
 * pixels of a row × 8 output channels at a time, as the pointwise kernel: for each of the seven rows of the window,
 * its 21 values (7 pixels × 3 channels) are consecutive in the input, each pixel's PW_ROWS windows 6 floats apart.
 * The output's width must be a multiple of PW_ROWS.
 */
function conv7s2Wat(fma: boolean): string {
  const rows = Array.from({ length: PW_ROWS }, (_, r) => r);
  const locals = rows.map((r) => `(local $a${r}0 v128) (local $a${r}1 v128)`).join(' ');
  const taps = Array.from({ length: 21 }, (_, t) => t)
    .map(
      (t) => `(local.set $w0 (v128.load offset=${t * 128} (local.get $wp)))
      (local.set $w1 (v128.load offset=${t * 128 + 16} (local.get $wp)))
      ${rows
        .map(
          (r) => `(local.set $s (v128.load32_splat offset=${r * 24 + t * 4} (local.get $xp)))
      ${madd(fma, `$a${r}0`, '(local.get $s)', '(local.get $w0)')}
      ${madd(fma, `$a${r}1`, '(local.get $s)', '(local.get $w1)')}`,
        )
        .join('\n')}`,
    )
    .join('\n');
  const relu = (v: string) => `(f32x4.max ${v} (v128.const f32x4 0 0 0 0))`;
  return `
 (func (export "conv7s2") (param $in i32) (param $out i32) (param $n i32) (param $H i32) (param $W i32) (param $w i32)
  (param $b i32)
  (local $OH i32) (local $OW i32) (local $img i32) (local $y i32) (local $j i32) (local $x i32) (local $ky i32)
  (local $rowIn i32) (local $xp i32) (local $wp i32) (local $yo i32) (local $top i32)
  (local $w0 v128) (local $w1 v128) (local $s v128) (local $bias0 v128) (local $bias1 v128)
  ${locals}
  (local.set $OH (i32.add (i32.shr_u (i32.sub (local.get $H) (i32.const 7)) (i32.const 1)) (i32.const 1)))
  (local.set $OW (i32.add (i32.shr_u (i32.sub (local.get $W) (i32.const 7)) (i32.const 1)) (i32.const 1)))
  (local.set $rowIn (i32.mul (local.get $W) (i32.const 12)))
  (local.set $yo (local.get $out))
  (local.set $img (i32.const 0))
  (block $id (loop $il
   (br_if $id (i32.ge_u (local.get $img) (local.get $n)))
   (local.set $y (i32.const 0))
   (block $yd (loop $yl
    (br_if $yd (i32.ge_u (local.get $y) (local.get $OH)))
    ;; The input's row 2y of this image.
    (local.set $top (i32.add (local.get $in) (i32.mul (i32.add (i32.mul (local.get $img) (local.get $H))
      (i32.shl (local.get $y) (i32.const 1))) (local.get $rowIn))))
    (local.set $j (i32.const 0))
    (block $jd (loop $jl
     (br_if $jd (i32.ge_u (local.get $j) (i32.const 32)))
     (local.set $bias0 (v128.load (i32.add (local.get $b) (i32.shl (local.get $j) (i32.const 2)))))
     (local.set $bias1 (v128.load offset=16 (i32.add (local.get $b) (i32.shl (local.get $j) (i32.const 2)))))
     (local.set $x (i32.const 0))
     (block $xd (loop $xl
      (br_if $xd (i32.ge_u (local.get $x) (local.get $OW)))
      ${rows.map((r) => `(local.set $a${r}0 (local.get $bias0)) (local.set $a${r}1 (local.get $bias1))`).join('\n')}
      (local.set $xp (i32.add (local.get $top) (i32.mul (local.get $x) (i32.const 24))))
      (local.set $wp (i32.add (local.get $w) (i32.shl (local.get $j) (i32.const 2))))
      (local.set $ky (i32.const 7))
      (loop $kl
       ${taps}
       (local.set $xp (i32.add (local.get $xp) (local.get $rowIn)))
       (local.set $wp (i32.add (local.get $wp) (i32.const ${21 * 128})))
       (local.set $ky (i32.sub (local.get $ky) (i32.const 1)))
       (br_if $kl (local.get $ky)))
      ${rows
        .map(
          (
            r,
          ) => `(v128.store offset=${r * 128} (i32.add (local.get $yo) (i32.add (i32.shl (local.get $x) (i32.const 7))
        (i32.shl (local.get $j) (i32.const 2)))) ${relu(`(local.get $a${r}0)`)})
      (v128.store offset=${r * 128 + 16} (i32.add (local.get $yo) (i32.add (i32.shl (local.get $x) (i32.const 7))
        (i32.shl (local.get $j) (i32.const 2)))) ${relu(`(local.get $a${r}1)`)})`,
        )
        .join('\n')}
      (local.set $x (i32.add (local.get $x) (i32.const ${PW_ROWS})))
      (br $xl)))
     (local.set $j (i32.add (local.get $j) (i32.const 8)))
     (br $jl)))
    (local.set $yo (i32.add (local.get $yo) (i32.mul (local.get $OW) (i32.const 128))))
    (local.set $y (i32.add (local.get $y) (i32.const 1)))
    (br $yl)))
   (local.set $img (i32.add (local.get $img) (i32.const 1)))
   (br $il)))
 )`;
}

/** The input channel counts of conv3s2 (the recognition net's down blocks' first convs: 32, 64, 128 and 256 in). */
export const CONV3S2_CHANNELS = [32, 64, 128, 256] as const;
/** Output channels conv3s2 computes together (its filter packed by blocks of these: packFilter). */
export const CONV3S2_GROUP = 8;

/**
 * The down blocks' first conv: 3×3, stride 2, 'valid', C channels in (a stack of n padded images, hIn × wIn), cout
 * out (a multiple of 8) into a stack of padded images hOut × wOut (the blocks' pooled size, which may be a row and a
 * column more than the conv's own (hIn − 3) / 2 + 1), with bias and ReLU. PW_ROWS output pixels of a row × 8 output
 * channels at a time, over the nine taps and the input channels (the filter packed by blocks of 8 output channels,
 * so a block's weights are read in order); the PW_ROWS pixels' inputs are 2·C floats apart, at constant offsets.
 * The last group of a row computes up to PW_ROWS − 1 pixels past the conv's width and writes them after the row
 * (onto the border, the next row's first pixels, which are computed after, or the block's extra column): the caller
 * clears the border and everything past the conv's own size.
 */
function conv3s2Wat(fma: boolean, C: number): string {
  const rows = Array.from({ length: PW_ROWS }, (_, r) => r);
  const px = C * 4;
  const wRow = CONV3S2_GROUP * 4;
  const locals = rows.map((r) => `(local $a${r}0 v128) (local $a${r}1 v128)`).join(' ');
  const step = (k: 0 | 1) => `
      (local.set $w0 (v128.load offset=${k * wRow} (local.get $wp)))
      (local.set $w1 (v128.load offset=${k * wRow + 16} (local.get $wp)))
      ${rows
        .map(
          (r) => `(local.set $s (v128.load32_splat offset=${r * 2 * px + k * 4} (local.get $x)))
      ${madd(fma, `$a${r}0`, '(local.get $s)', '(local.get $w0)')}
      ${madd(fma, `$a${r}1`, '(local.get $s)', '(local.get $w1)')}`,
        )
        .join('\n')}`;
  const taps = Array.from({ length: 9 }, (_, t) => {
    const [ky, kx] = [Math.floor(t / 3), t % 3];
    return `
      (local.set $x (i32.add (local.get $xp) (i32.add (i32.mul (i32.const ${ky}) (local.get $rowIn)) (i32.const ${kx * px}))))
      ${inputChannelPairs(C, step, 2 * wRow)}`;
  }).join('\n');
  const relu = (v: string) => `(f32x4.max ${v} (v128.const f32x4 0 0 0 0))`;
  const store = rows
    .map(
      (r) => `(local.set $o (i32.add (local.get $yo) (i32.mul (i32.const ${r}) (local.get $pxOut))))
      (v128.store (local.get $o) ${relu(`(local.get $a${r}0)`)})
      (v128.store offset=16 (local.get $o) ${relu(`(local.get $a${r}1)`)})`,
    )
    .join('\n');
  return `
 (func $conv3s2_${C} (param $in i32) (param $out i32) (param $n i32) (param $hIn i32) (param $wIn i32) (param $cout i32)
  (param $w i32) (param $b i32) (param $hO i32) (param $wO i32)
  (local $oh i32) (local $ow i32) (local $rowIn i32) (local $imgIn i32) (local $pxOut i32) (local $rowOut i32)
  (local $imgOut i32) (local $img i32) (local $j i32) (local $wBlock i32) (local $y i32) (local $xo i32) (local $k i32)
  (local $xp i32) (local $yo i32) (local $x i32) (local $wp i32) (local $o i32)
  (local $w0 v128) (local $w1 v128) (local $s v128) (local $bias0 v128) (local $bias1 v128)
  ${locals}
  (local.set $oh (i32.add (i32.shr_u (i32.sub (local.get $hIn) (i32.const 3)) (i32.const 1)) (i32.const 1)))
  (local.set $ow (i32.add (i32.shr_u (i32.sub (local.get $wIn) (i32.const 3)) (i32.const 1)) (i32.const 1)))
  (local.set $rowIn (i32.mul (i32.add (local.get $wIn) (i32.const 2)) (i32.const ${px})))
  (local.set $imgIn (i32.mul (i32.add (local.get $hIn) (i32.const 2)) (local.get $rowIn)))
  (local.set $pxOut (i32.shl (local.get $cout) (i32.const 2)))
  (local.set $rowOut (i32.mul (i32.add (local.get $wO) (i32.const 2)) (local.get $pxOut)))
  (local.set $imgOut (i32.mul (i32.add (local.get $hO) (i32.const 2)) (local.get $rowOut)))
  (local.set $img (i32.const 0))
  (block $id (loop $il
   (br_if $id (i32.ge_u (local.get $img) (local.get $n)))
   (local.set $j (i32.const 0))
   (local.set $wBlock (local.get $w))
   (block $jd (loop $jl
    (br_if $jd (i32.ge_u (local.get $j) (local.get $cout)))
    (local.set $bias0 (v128.load (i32.add (local.get $b) (i32.shl (local.get $j) (i32.const 2)))))
    (local.set $bias1 (v128.load offset=16 (i32.add (local.get $b) (i32.shl (local.get $j) (i32.const 2)))))
    (local.set $y (i32.const 0))
    (block $yd (loop $yl
     (br_if $yd (i32.ge_u (local.get $y) (local.get $oh)))
     ;; The padded input's pixel (2y + 1, 1): the top left of output pixel (y, 0)'s window.
     (local.set $xp (i32.add (i32.add (local.get $in) (i32.mul (local.get $img) (local.get $imgIn)))
       (i32.add (i32.mul (i32.add (i32.shl (local.get $y) (i32.const 1)) (i32.const 1)) (local.get $rowIn)) (i32.const ${px}))))
     ;; The padded output's pixel (y + 1, 1), channel j.
     (local.set $yo (i32.add (i32.add (local.get $out) (i32.mul (local.get $img) (local.get $imgOut)))
       (i32.add (i32.add (i32.mul (i32.add (local.get $y) (i32.const 1)) (local.get $rowOut)) (local.get $pxOut))
         (i32.shl (local.get $j) (i32.const 2)))))
     (local.set $xo (i32.const 0))
     (block $xd (loop $xl
      (br_if $xd (i32.ge_u (local.get $xo) (local.get $ow)))
      ${rows.map((r) => `(local.set $a${r}0 (local.get $bias0)) (local.set $a${r}1 (local.get $bias1))`).join('\n')}
      (local.set $wp (local.get $wBlock))
      ${taps}
      ${store}
      (local.set $xp (i32.add (local.get $xp) (i32.const ${2 * PW_ROWS * px})))
      (local.set $yo (i32.add (local.get $yo) (i32.mul (i32.const ${PW_ROWS}) (local.get $pxOut))))
      (local.set $xo (i32.add (local.get $xo) (i32.const ${PW_ROWS})))
      (br $xl)))
     (local.set $y (i32.add (local.get $y) (i32.const 1)))
     (br $yl)))
    (local.set $wBlock (i32.add (local.get $wBlock) (i32.const ${9 * C * wRow})))
    (local.set $j (i32.add (local.get $j) (i32.const ${CONV3S2_GROUP})))
    (br $jl)))
   (local.set $img (i32.add (local.get $img) (i32.const 1)))
   (br $il)))
 )`;
}

/** conv3s2's export: the kernel of its input channel count (in the list; the output's a multiple of 8). */
function conv3s2DispatchWat(): string {
  const cases = CONV3S2_CHANNELS.map(
    (c) => `(if (i32.eq (local.get $cin) (i32.const ${c}))
    (then (call $conv3s2_${c} (local.get $in) (local.get $out) (local.get $n) (local.get $hIn) (local.get $wIn)
      (local.get $cout) (local.get $w) (local.get $b) (local.get $hO) (local.get $wO)) (return)))`,
  ).join('\n');
  return `
 (func (export "conv3s2") (param $in i32) (param $out i32) (param $n i32) (param $hIn i32) (param $wIn i32)
  (param $cin i32) (param $cout i32) (param $w i32) (param $b i32) (param $hO i32) (param $wO i32)
  ${cases}
  unreachable)`;
}

/**
 * The down blocks' shortcut: a 2×2 average pool, stride 2, 'valid', of a stack of n padded images hIn × wIn × cin
 * into the inside of a stack of padded images (hIn / 2) × (wIn / 2) × cout (cout ≥ cin), the channels from cin on
 * zero (face-api's concat of zeros). The output's border is left as it was.
 */
function avgPool2PadWat(): string {
  return `
 (func (export "avgPool2Pad") (param $in i32) (param $out i32) (param $n i32) (param $hIn i32) (param $wIn i32)
  (param $cin i32) (param $cout i32)
  (local $hO i32) (local $wO i32) (local $pxIn i32) (local $rowIn i32) (local $pxOut i32) (local $rowOut i32)
  (local $img i32) (local $y i32) (local $x i32) (local $p i32) (local $o i32) (local $c i32)
  (local.set $hO (i32.shr_u (local.get $hIn) (i32.const 1)))
  (local.set $wO (i32.shr_u (local.get $wIn) (i32.const 1)))
  (local.set $pxIn (i32.shl (local.get $cin) (i32.const 2)))
  (local.set $rowIn (i32.mul (i32.add (local.get $wIn) (i32.const 2)) (local.get $pxIn)))
  (local.set $pxOut (i32.shl (local.get $cout) (i32.const 2)))
  (local.set $rowOut (i32.mul (i32.add (local.get $wO) (i32.const 2)) (local.get $pxOut)))
  ${pixelLoops(
    '(local.get $hO)',
    '(local.get $wO)',
    '',
    `     ;; The input's padded pixel (2y + 1, 2x + 1) and the output's (y + 1, x + 1), in image img.
     (local.set $p (i32.add (local.get $in) (i32.add
       (i32.mul (i32.add (i32.mul (local.get $img) (i32.add (local.get $hIn) (i32.const 2)))
         (i32.add (i32.shl (local.get $y) (i32.const 1)) (i32.const 1))) (local.get $rowIn))
       (i32.mul (i32.add (i32.shl (local.get $x) (i32.const 1)) (i32.const 1)) (local.get $pxIn)))))
     (local.set $o (i32.add (local.get $out) (i32.add
       (i32.mul (i32.add (i32.mul (local.get $img) (i32.add (local.get $hO) (i32.const 2)))
         (i32.add (local.get $y) (i32.const 1))) (local.get $rowOut))
       (i32.mul (i32.add (local.get $x) (i32.const 1)) (local.get $pxOut)))))
     (local.set $c (i32.const 0))
     (block $cd (loop $cl
      (br_if $cd (i32.ge_u (local.get $c) (local.get $pxIn)))
      (v128.store (i32.add (local.get $o) (local.get $c))
        (f32x4.mul
          (f32x4.add
            (f32x4.add (v128.load (i32.add (local.get $p) (local.get $c)))
              (v128.load (i32.add (i32.add (local.get $p) (local.get $pxIn)) (local.get $c))))
            (f32x4.add (v128.load (i32.add (i32.add (local.get $p) (local.get $rowIn)) (local.get $c)))
              (v128.load (i32.add (i32.add (i32.add (local.get $p) (local.get $rowIn)) (local.get $pxIn)) (local.get $c)))))
          (v128.const f32x4 0.25 0.25 0.25 0.25)))
      (local.set $c (i32.add (local.get $c) (i32.const 16)))
      (br $cl)))
     (memory.fill (i32.add (local.get $o) (local.get $pxIn)) (i32.const 0)
       (i32.sub (local.get $pxOut) (local.get $pxIn)))`,
  )}
 )`;
}

/**
 * The max pool after the first conv: 3×3, stride 2, 'valid', of n plain images H × W × C (C a multiple of 4) into
 * the inside of a stack of padded images ((H − 3) / 2 + 1 on each side). The output's border is left as it was.
 */
function maxPool3s2Wat(): string {
  const window = [0, 1, 2]
    .flatMap((ky) => [0, 1, 2].map((kx) => ({ ky, kx })))
    .map(
      ({ ky, kx }) =>
        `(v128.load (i32.add (local.get $r${ky}) (i32.add (local.get $c) (i32.mul (i32.const ${kx}) (local.get $px)))))`,
    );
  const max = window.slice(1).reduce((acc, v) => `(f32x4.max ${acc} ${v})`, window[0] as string);
  return `
 (func (export "maxPool3s2") (param $in i32) (param $out i32) (param $n i32) (param $H i32) (param $W i32) (param $C i32)
  (local $oh i32) (local $ow i32) (local $px i32) (local $row i32) (local $img i32) (local $y i32) (local $x i32)
  (local $r0 i32) (local $r1 i32) (local $r2 i32) (local $o i32) (local $c i32)
  (local.set $oh (i32.add (i32.shr_u (i32.sub (local.get $H) (i32.const 3)) (i32.const 1)) (i32.const 1)))
  (local.set $ow (i32.add (i32.shr_u (i32.sub (local.get $W) (i32.const 3)) (i32.const 1)) (i32.const 1)))
  (local.set $px (i32.shl (local.get $C) (i32.const 2)))
  (local.set $row (i32.mul (local.get $W) (local.get $px)))
  ${pixelLoops(
    '(local.get $oh)',
    '(local.get $ow)',
    `    ;; The output's padded pixel (y + 1, 1) of image img.
    (local.set $o (i32.add (local.get $out) (i32.mul
      (i32.add (i32.mul (i32.add (i32.mul (local.get $img) (i32.add (local.get $oh) (i32.const 2)))
        (i32.add (local.get $y) (i32.const 1))) (i32.add (local.get $ow) (i32.const 2))) (i32.const 1))
      (local.get $px))))`,
    `     ;; The window's top left: the input's pixel (2y, 2x) of image img.
     (local.set $r0 (i32.add (local.get $in) (i32.add
       (i32.mul (i32.add (i32.mul (local.get $img) (local.get $H)) (i32.shl (local.get $y) (i32.const 1))) (local.get $row))
       (i32.mul (i32.shl (local.get $x) (i32.const 1)) (local.get $px)))))
     (local.set $r1 (i32.add (local.get $r0) (local.get $row)))
     (local.set $r2 (i32.add (local.get $r1) (local.get $row)))
     (local.set $c (i32.const 0))
     (block $cd (loop $cl
      (br_if $cd (i32.ge_u (local.get $c) (local.get $px)))
      (v128.store (i32.add (local.get $o) (local.get $c)) ${max})
      (local.set $c (i32.add (local.get $c) (i32.const 16)))
      (br $cl)))
     (local.set $o (i32.add (local.get $o) (local.get $px)))`,
  )}
 )`;
}

/** The recognition kernels' functions, for the module's text. */
export function recognitionWat(fma: boolean): string {
  return `${CONV3_CHANNELS.map((c) => (c >= WIDE_CONV3 ? conv3ByTapWat(fma, c, PW_ROWS, WIDE_VECTORS) : conv3Wat(fma, c))).join('\n')}
 ${conv3DispatchWat()}
 ${conv7s2Wat(fma)}
 ${maxPool3s2Wat()}
 ${CONV3S2_CHANNELS.map((c) => conv3s2Wat(fma, c)).join('\n')}
 ${conv3s2DispatchWat()}
 ${avgPool2PadWat()}`;
}
