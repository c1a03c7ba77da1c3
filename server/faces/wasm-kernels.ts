// The tiny face detector's layers as WebAssembly SIMD kernels (tfjs's wasm backend runs their convs at 2-5 GMAC/s,
// which makes the tiny pass over a 12 MP photo half of its indexing time; these run at 10-15), with the
// recognition net's (recognition-wat.ts) in the same module. Written as WebAssembly text and assembled at first use
// (wabt). All tensors are float32, channels last (NHWC without N), in one memory; every channel count is a multiple
// of 4 (one f32x4), and of 8 for the pointwise convs' outputs.
//
// Where the relaxed SIMD fused multiply-add exists (Node 24), the multiply-adds use it; else a multiply and an add.
// A "padded" tensor has a one-pixel border of zeros around it (the 'same' padding of the 3×3 depthwise convs): its
// pixel (y, x) is at ((y + 1)·(W + 2) + x + 1)·C.

import { recognitionWat } from './recognition-wat';
import { type WasmMemory, wasmApi } from './wasm-api';
import { groupLoops, madd, PW_ROWS } from './wat-parts';

export { PW_ROWS };

/** The depthwise convs' channel counts (each has its own kernel, its offsets constant). */
export const DEPTHWISE_CHANNELS = [16, 32, 64, 128, 256] as const;

export interface WasmKernels {
  memory: WasmMemory;
  /** 3×3 'valid' conv (3 → 16 channels) of a H×W×3 input, bias, 2×2 max pool: a padded (H−2)/2 × (W−2)/2 × 16. */
  conv0pool(input: number, out: number, height: number, width: number, filter: number, bias: number): void;
  /**
   * 3×3 'same' depthwise conv of a padded input (C in DEPTHWISE_CHANNELS), to a plain H×W×C (H, W: the output's
   * size). Stride 1: the input is H×W×C. Stride 2: it is 2H×2W×C (even sizes only: 'same' then pads the bottom row
   * and the right column only, as tfjs does).
   */
  depthwise(
    channels: number,
    input: number,
    out: number,
    height: number,
    width: number,
    filter: number,
    stride: 1 | 2,
  ): void;
  /**
   * 1×1 conv of P pixels × Cin, with bias, the `residual` P × Cout added (a byte offset; 0: none; it may be `out`
   * itself), then max(y, alpha·y) (alpha 0.1: leaky ReLU; 0: ReLU; 1: none). Computes pixels in groups of PW_ROWS:
   * up to PW_ROWS − 1 pixels past P are read and written (the buffers have room).
   */
  pointwise(
    input: number,
    out: number,
    residual: number,
    pixels: number,
    cin: number,
    cout: number,
    weights: number,
    bias: number,
    alpha: number,
  ): void;
  /**
   * 3×3 'same' conv of a stack of padded images (each (H+2)×(W+2)×Cin, `pitch` = W+2 pixels a row), with bias, the
   * `residual` stack added (a byte offset; 0: none), then max(y, alpha·y) (alpha 0: ReLU). Output position q (q <
   * `positions`) reads the input pixels q + ky·pitch + kx and is written at q + pitch + 1 of the padded output stack,
   * so the columns and rows between images get values that are not the conv's: clear each image's border after.
   * Computes positions in groups of PW_ROWS: up to PW_ROWS − 1 past `positions` (the buffers have room).
   * From WIDE_CONV3 channels: `weights` packed (packWideFilter), only the images' own positions computed (`height`
   * rows of each image, its width a multiple of PW_ROWS), and the output's other positions left as they were.
   */
  conv3(
    input: number,
    out: number,
    residual: number,
    positions: number,
    cin: number,
    cout: number,
    weights: number,
    bias: number,
    alpha: number,
    pitch: number,
    height: number,
  ): void;
  /**
   * The recognition net's first conv: 7×7, stride 2, 'valid', 3 channels to 32 (filter HWIO), its bias and ReLU, on
   * n plain H×W×3 images into n plain OH×OW×32 (OH = (H − 7) / 2 + 1, the same for OW, a multiple of PW_ROWS).
   */
  conv7s2(
    input: number,
    out: number,
    n: number,
    height: number,
    width: number,
    weights: number,
    bias: number,
  ): void;
  /**
   * The max pool after the first conv: 3×3, stride 2, 'valid', of n plain H×W×C images (C a multiple of 4) into
   * the inside of a stack of n padded images, (H − 3) / 2 + 1 × (W − 3) / 2 + 1 × C; the border left as it was.
   */
  maxPool3s2(input: number, out: number, n: number, height: number, width: number, channels: number): void;
  /**
   * A down block's first conv: 3×3, stride 2, 'valid', with bias and ReLU, of a stack of n padded images H×W×cin
   * (cin in CONV3S2_CHANNELS) into a stack of n padded images outHeight × outWidth × cout (cout a multiple of
   * CONV3S2_GROUP; the output at least the conv's own size, (H − 3) / 2 + 1 × (W − 3) / 2 + 1), `weights` packed
   * (packFilter, by CONV3S2_GROUP). Writes up to PW_ROWS − 1 pixels past each of the conv's rows: clear the border
   * and what lies past the conv's own size after.
   */
  conv3s2(
    input: number,
    out: number,
    n: number,
    height: number,
    width: number,
    cin: number,
    cout: number,
    weights: number,
    bias: number,
    outHeight: number,
    outWidth: number,
  ): void;
  /**
   * A down block's shortcut: 2×2 average pool, stride 2, 'valid', of a stack of n padded images H×W×cin into the
   * inside of a stack of n padded images H/2 × W/2 × cout (cout ≥ cin), the channels from cin on zero.
   */
  avgPool2Pad(
    input: number,
    out: number,
    n: number,
    height: number,
    width: number,
    cin: number,
    cout: number,
  ): void;
  /** 2×2 max pool, stride 2, 'same' (an odd last row or column pools alone), of H×W×C into a padded one. */
  pool2(input: number, out: number, height: number, width: number, channels: number): void;
  /** 2×2 max pool, stride 1, 'same' (the last row and column pool with themselves), H×W×C into H×W×C. */
  pool1(input: number, out: number, height: number, width: number, channels: number): void;
  /**
   * Copies a plain H×W×C into the inside of a padded one, each value v as max(v, alpha·v) (alpha 0: ReLU; 1: as
   * it is). The border is left as it was.
   */
  pad(input: number, out: number, height: number, width: number, channels: number, alpha: number): void;
  /** Zeroes the border of a padded H×W×C tensor. */
  clearBorder(at: number, height: number, width: number, channels: number): void;
}

const leaky = (v: string) => `(f32x4.max ${v} (f32x4.mul ${v} (v128.const f32x4 0.1 0.1 0.1 0.1)))`;

/**
 * conv0pool: for each pooled pixel, the four conv outputs under it (two at a time, sharing each filter load), the
 * max of the four, then the leaky ReLU (it is monotonic, so pooling first gives the same). Rows r0..r3 of the input
 * are the four rows the 2×2 window's 3×3 convs read; within a row, offsets are constants.
 */
function conv0poolWat(fma: boolean): string {
  const taps: string[] = [];
  for (const dy of [0, 1]) {
    const body: string[] = [];
    for (let v = 0; v < 4; v++)
      body.push(
        `(local.set $a${v} (v128.load offset=${v * 16} (local.get $b)))`,
        `(local.set $c${v} (local.get $a${v}))`,
      );
    for (let ky = 0; ky < 3; ky++)
      for (let kx = 0; kx < 3; kx++)
        for (let ci = 0; ci < 3; ci++) {
          const t = (ky * 3 + kx) * 3 + ci;
          const row = `$r${dy + ky}`;
          body.push(`(local.set $s0 (v128.load32_splat offset=${kx * 12 + ci * 4} (local.get ${row})))`);
          body.push(
            `(local.set $s1 (v128.load32_splat offset=${(kx + 1) * 12 + ci * 4} (local.get ${row})))`,
          );
          for (let v = 0; v < 4; v++) {
            body.push(`(local.set $f (v128.load offset=${t * 64 + v * 16} (local.get $fl)))`);
            body.push(madd(fma, `$a${v}`, '(local.get $s0)', '(local.get $f)'));
            body.push(madd(fma, `$c${v}`, '(local.get $s1)', '(local.get $f)'));
          }
        }
    for (let v = 0; v < 4; v++) {
      const both = `(f32x4.max (local.get $a${v}) (local.get $c${v}))`;
      body.push(`(local.set $m${v} ${dy === 0 ? both : `(f32x4.max (local.get $m${v}) ${both})`})`);
    }
    taps.push(body.join('\n'));
  }
  const store = [0, 1, 2, 3]
    .map((v) => `(v128.store offset=${v * 16} (local.get $o) ${leaky(`(local.get $m${v})`)})`)
    .join('\n');
  return `
 (func $conv0pool (export "conv0pool") (param $in i32) (param $out i32) (param $H i32) (param $W i32) (param $fl i32) (param $b i32)
  (local $oh i32) (local $ow i32) (local $py i32) (local $px i32) (local $rs i32) (local $r0 i32) (local $r1 i32)
  (local $r2 i32) (local $r3 i32) (local $o i32)
  (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128) (local $c0 v128) (local $c1 v128) (local $c2 v128)
  (local $c3 v128) (local $m0 v128) (local $m1 v128) (local $m2 v128) (local $m3 v128) (local $s0 v128) (local $s1 v128)
  (local $f v128)
  (local.set $oh (i32.shr_u (i32.sub (local.get $H) (i32.const 2)) (i32.const 1)))
  (local.set $ow (i32.shr_u (i32.sub (local.get $W) (i32.const 2)) (i32.const 1)))
  (local.set $rs (i32.mul (local.get $W) (i32.const 12)))
  (local.set $py (i32.const 0))
  (block $yd (loop $yl
   (br_if $yd (i32.ge_u (local.get $py) (local.get $oh)))
   (local.set $px (i32.const 0))
   (local.set $o (i32.add (local.get $out)
     (i32.shl (i32.add (i32.mul (i32.add (local.get $py) (i32.const 1)) (i32.add (local.get $ow) (i32.const 2))) (i32.const 1)) (i32.const 6))))
   (block $xd (loop $xl
    (br_if $xd (i32.ge_u (local.get $px) (local.get $ow)))
    (local.set $r0 (i32.add (local.get $in)
      (i32.mul (i32.add (i32.mul (i32.shl (local.get $py) (i32.const 1)) (local.get $W)) (i32.shl (local.get $px) (i32.const 1))) (i32.const 12))))
    (local.set $r1 (i32.add (local.get $r0) (local.get $rs)))
    (local.set $r2 (i32.add (local.get $r1) (local.get $rs)))
    (local.set $r3 (i32.add (local.get $r2) (local.get $rs)))
    ${taps[0]}
    ${taps[1]}
    ${store}
    (local.set $o (i32.add (local.get $o) (i32.const 64)))
    (local.set $px (i32.add (local.get $px) (i32.const 1)))
    (br $xl)))
   (local.set $py (i32.add (local.get $py) (i32.const 1)))
   (br $yl)))
 )`;
}

/** One depthwise kernel per channel count C: the 3×3 window's column offsets are constants. */
function depthwiseWat(fma: boolean, channels: number): string {
  const px = channels * 4;
  const taps: string[] = [];
  for (let ky = 0; ky < 3; ky++)
    for (let kx = 0; kx < 3; kx++) {
      const row = `$r${ky}`;
      taps.push(
        madd(
          fma,
          '$acc',
          `(v128.load offset=${kx * px} (local.get ${row}))`,
          `(v128.load offset=${(ky * 3 + kx) * px} (local.get $fp))`,
        ),
      );
    }
  return `
 (func $dw${channels} (param $in i32) (param $out i32) (param $H i32) (param $W i32) (param $fl i32) (param $s i32)
  (local $y i32) (local $x i32) (local $c i32) (local $rs i32) (local $r0 i32) (local $r1 i32) (local $r2 i32)
  (local $fp i32) (local $o i32) (local $acc v128) (local $skip i32) (local $step i32)
  ;; Stride s: output (y, x) reads the padded input from row s·y + s − 1 and pixel s·x + s − 1.
  (local.set $rs (i32.mul (i32.add (i32.mul (local.get $W) (local.get $s)) (i32.const 2)) (i32.const ${px})))
  (local.set $skip (i32.sub (local.get $s) (i32.const 1)))
  (local.set $step (i32.mul (local.get $s) (i32.const ${px})))
  (local.set $o (local.get $out))
  (local.set $y (i32.const 0))
  (block $yd (loop $yl
   (br_if $yd (i32.ge_u (local.get $y) (local.get $H)))
   (local.set $x (i32.const 0))
   (block $xd (loop $xl
    (br_if $xd (i32.ge_u (local.get $x) (local.get $W)))
    (local.set $r0 (i32.add (local.get $in) (i32.add
      (i32.mul (i32.add (i32.mul (local.get $y) (local.get $s)) (local.get $skip)) (local.get $rs))
      (i32.add (i32.mul (local.get $x) (local.get $step)) (i32.mul (local.get $skip) (i32.const ${px}))))))
    (local.set $r1 (i32.add (local.get $r0) (local.get $rs)))
    (local.set $r2 (i32.add (local.get $r1) (local.get $rs)))
    (local.set $fp (local.get $fl))
    (local.set $c (i32.const ${channels / 4}))
    (loop $cl
     (local.set $acc (v128.const i32x4 0 0 0 0))
     ${taps.join('\n')}
     (v128.store (local.get $o) (local.get $acc))
     (local.set $o (i32.add (local.get $o) (i32.const 16)))
     (local.set $r0 (i32.add (local.get $r0) (i32.const 16)))
     (local.set $r1 (i32.add (local.get $r1) (i32.const 16)))
     (local.set $r2 (i32.add (local.get $r2) (i32.const 16)))
     (local.set $fp (i32.add (local.get $fp) (i32.const 16)))
     (local.set $c (i32.sub (local.get $c) (i32.const 1)))
     (br_if $cl (local.get $c)))
    (local.set $x (i32.add (local.get $x) (i32.const 1)))
    (br $xl)))
   (local.set $y (i32.add (local.get $y) (i32.const 1)))
   (br $yl)))
 )`;
}

/** The depthwise entry point: dispatches on the channel count (no kernel for another count: a trap). */
function depthwiseDispatchWat(): string {
  const cases = DEPTHWISE_CHANNELS.map(
    (c) => `(if (i32.eq (local.get $C) (i32.const ${c}))
    (then (call $dw${c} (local.get $in) (local.get $out) (local.get $H) (local.get $W) (local.get $fl) (local.get $s))
      (return)))`,
  ).join('\n');
  return `
 (func (export "depthwise") (param $C i32) (param $in i32) (param $out i32) (param $H i32) (param $W i32) (param $fl i32)
  (param $s i32)
  ${cases}
  unreachable)`;
}

/**
 * pointwise: PW_ROWS pixels × 8 output channels at a time, over every input channel: the 8 weights of a channel are
 * loaded once for the PW_ROWS pixels, each pixel's value splat; by chunks of PW_CHUNK pixels (a multiple of
 * PW_ROWS).
 */
function pointwiseWat(fma: boolean): string {
  const rows = Array.from({ length: PW_ROWS }, (_, r) => r);
  const locals = rows.map((r) => `(local $a${r}0 v128) (local $a${r}1 v128) (local $x${r} i32)`).join(' ');
  const init = rows
    .map(
      (r) => `(local.set $a${r}0 (local.get $bias0)) (local.set $a${r}1 (local.get $bias1))
    (local.set $x${r} (i32.add (local.get $xp) (i32.mul (i32.const ${r}) (local.get $rowIn))))`,
    )
    .join('\n');
  const inner = rows
    .map(
      (r) => `(local.set $s (v128.load32_splat (local.get $x${r})))
     ${madd(fma, `$a${r}0`, '(local.get $s)', '(local.get $w0)')}
     ${madd(fma, `$a${r}1`, '(local.get $s)', '(local.get $w1)')}
     (local.set $x${r} (i32.add (local.get $x${r}) (i32.const 4)))`,
    )
    .join('\n');
  const act = (v: string) => `(f32x4.max ${v} (f32x4.mul ${v} (local.get $alpha)))`;
  const store = rows
    .map(
      (r) => `(local.set $yo (i32.add (local.get $yb) (i32.mul (i32.const ${r}) (local.get $rowOut))))
    (if (local.get $res) (then
      (local.set $a${r}0 (f32x4.add (local.get $a${r}0) (v128.load (i32.add (local.get $res) (local.get $yo)))))
      (local.set $a${r}1 (f32x4.add (local.get $a${r}1) (v128.load offset=16 (i32.add (local.get $res) (local.get $yo)))))))
    (v128.store (i32.add (local.get $out) (local.get $yo)) ${act(`(local.get $a${r}0)`)})
    (v128.store offset=16 (i32.add (local.get $out) (local.get $yo)) ${act(`(local.get $a${r}1)`)})`,
    )
    .join('\n');
  return `
 (func (export "pointwise") (param $in i32) (param $out i32) (param $res i32) (param $P i32) (param $cin i32)
  (param $cout i32)
  (param $w i32) (param $b i32) (param $alphaS f32)
  (local $p i32) (local $p0 i32) (local $pEnd i32) (local $j i32) (local $k i32) (local $xp i32) (local $wp i32)
  (local $yb i32) (local $yo i32) (local $rowIn i32) (local $rowOut i32) (local $w0 v128) (local $w1 v128) (local $s v128) (local $alpha v128)
  (local $bias0 v128) (local $bias1 v128)
  ${locals}
  (local.set $alpha (f32x4.splat (local.get $alphaS)))
  (local.set $rowIn (i32.shl (local.get $cin) (i32.const 2)))
  (local.set $rowOut (i32.shl (local.get $cout) (i32.const 2)))
  ${groupLoops(
    '(local.get $cout)',
    `
     (local.set $xp (i32.add (local.get $in) (i32.mul (local.get $p) (local.get $rowIn))))
     ${init}
     (local.set $wp (i32.add (local.get $w) (i32.shl (local.get $j) (i32.const 2))))
     (local.set $k (local.get $cin))
     (loop $kl
      (local.set $w0 (v128.load (local.get $wp)))
      (local.set $w1 (v128.load offset=16 (local.get $wp)))
      ${inner}
      (local.set $wp (i32.add (local.get $wp) (local.get $rowOut)))
      (local.set $k (i32.sub (local.get $k) (i32.const 1)))
      (br_if $kl (local.get $k)))
     (local.set $yb (i32.shl (i32.add (i32.mul (local.get $p) (local.get $cout)) (local.get $j)) (i32.const 2)))
     ${store}
`,
  )}
 )`;
}

/** The pools: for each output pixel the four input pixels of its window (an edge's clamped to itself). */
function poolWat(stride: 1 | 2): string {
  const name = stride === 2 ? 'pool2' : 'pool1';
  // Output size and the output's address of its first pixel and of the start of each row.
  const outSize =
    stride === 2
      ? `(local.set $oh (i32.shr_u (i32.add (local.get $H) (i32.const 1)) (i32.const 1)))
  (local.set $ow (i32.shr_u (i32.add (local.get $W) (i32.const 1)) (i32.const 1)))`
      : `(local.set $oh (local.get $H)) (local.set $ow (local.get $W))`;
  const rowStart =
    stride === 2
      ? `(i32.add (local.get $out) (i32.mul (i32.add (i32.mul (i32.add (local.get $oy) (i32.const 1)) (i32.add (local.get $ow) (i32.const 2))) (i32.const 1)) (local.get $px)))`
      : `(i32.add (local.get $out) (i32.mul (i32.mul (local.get $oy) (local.get $ow)) (local.get $px)))`;
  const s = stride === 2 ? 1 : 0;
  return `
 (func (export "${name}") (param $in i32) (param $out i32) (param $H i32) (param $W i32) (param $C i32)
  (local $oh i32) (local $ow i32) (local $oy i32) (local $ox i32) (local $y0 i32) (local $y1 i32) (local $x0 i32)
  (local $x1 i32) (local $px i32) (local $p00 i32) (local $p01 i32) (local $p10 i32) (local $p11 i32) (local $o i32)
  (local $c i32)
  ${outSize}
  (local.set $px (i32.shl (local.get $C) (i32.const 2)))
  (local.set $oy (i32.const 0))
  (block $yd (loop $yl
   (br_if $yd (i32.ge_u (local.get $oy) (local.get $oh)))
   (local.set $y0 (i32.shl (local.get $oy) (i32.const ${s})))
   (local.set $y1 (select (i32.add (local.get $y0) (i32.const 1)) (local.get $y0)
     (i32.lt_u (i32.add (local.get $y0) (i32.const 1)) (local.get $H))))
   (local.set $o ${rowStart})
   (local.set $ox (i32.const 0))
   (block $xd (loop $xl
    (br_if $xd (i32.ge_u (local.get $ox) (local.get $ow)))
    (local.set $x0 (i32.shl (local.get $ox) (i32.const ${s})))
    (local.set $x1 (select (i32.add (local.get $x0) (i32.const 1)) (local.get $x0)
      (i32.lt_u (i32.add (local.get $x0) (i32.const 1)) (local.get $W))))
    (local.set $p00 (i32.add (local.get $in) (i32.mul (i32.add (i32.mul (local.get $y0) (local.get $W)) (local.get $x0)) (local.get $px))))
    (local.set $p01 (i32.add (local.get $in) (i32.mul (i32.add (i32.mul (local.get $y0) (local.get $W)) (local.get $x1)) (local.get $px))))
    (local.set $p10 (i32.add (local.get $in) (i32.mul (i32.add (i32.mul (local.get $y1) (local.get $W)) (local.get $x0)) (local.get $px))))
    (local.set $p11 (i32.add (local.get $in) (i32.mul (i32.add (i32.mul (local.get $y1) (local.get $W)) (local.get $x1)) (local.get $px))))
    (local.set $c (i32.const 0))
    (block $cd (loop $cl
     (br_if $cd (i32.ge_u (local.get $c) (local.get $px)))
     (v128.store (i32.add (local.get $o) (local.get $c))
       (f32x4.max
         (f32x4.max (v128.load (i32.add (local.get $p00) (local.get $c))) (v128.load (i32.add (local.get $p01) (local.get $c))))
         (f32x4.max (v128.load (i32.add (local.get $p10) (local.get $c))) (v128.load (i32.add (local.get $p11) (local.get $c))))))
     (local.set $c (i32.add (local.get $c) (i32.const 16)))
     (br $cl)))
    (local.set $o (i32.add (local.get $o) (local.get $px)))
    (local.set $ox (i32.add (local.get $ox) (i32.const 1)))
    (br $xl)))
   (local.set $oy (i32.add (local.get $oy) (i32.const 1)))
   (br $yl)))
 )`;
}

function padWat(): string {
  return `
 (func (export "pad") (param $in i32) (param $out i32) (param $H i32) (param $W i32) (param $C i32) (param $alphaS f32)
  (local $alpha v128) (local $v v128) (local $y i32) (local $o i32) (local $end i32) (local $rowBytes i32)
  (local.set $alpha (f32x4.splat (local.get $alphaS)))
  (local.set $rowBytes (i32.shl (i32.mul (local.get $W) (local.get $C)) (i32.const 2)))
  (local.set $y (i32.const 0))
  (block $yd (loop $yl
   (br_if $yd (i32.ge_u (local.get $y) (local.get $H)))
   ;; Row y's first pixel inside the padded output: pixel (y + 1, 1).
   (local.set $o (i32.add (local.get $out) (i32.shl (i32.mul
     (i32.add (i32.mul (i32.add (local.get $y) (i32.const 1)) (i32.add (local.get $W) (i32.const 2))) (i32.const 1))
     (local.get $C)) (i32.const 2))))
   (local.set $end (i32.add (local.get $in) (local.get $rowBytes)))
   (block $xd (loop $xl
    (br_if $xd (i32.ge_u (local.get $in) (local.get $end)))
    (local.set $v (v128.load (local.get $in)))
    (v128.store (local.get $o) (f32x4.max (local.get $v) (f32x4.mul (local.get $v) (local.get $alpha))))
    (local.set $in (i32.add (local.get $in) (i32.const 16)))
    (local.set $o (i32.add (local.get $o) (i32.const 16)))
    (br $xl)))
   (local.set $y (i32.add (local.get $y) (i32.const 1)))
   (br $yl)))
 )`;
}

function clearBorderWat(): string {
  return `
 (func (export "clearBorder") (param $at i32) (param $H i32) (param $W i32) (param $C i32)
  (local $px i32) (local $rs i32) (local $y i32) (local $row i32)
  (local.set $px (i32.shl (local.get $C) (i32.const 2)))
  (local.set $rs (i32.mul (i32.add (local.get $W) (i32.const 2)) (local.get $px)))
  (memory.fill (local.get $at) (i32.const 0) (local.get $rs))
  (memory.fill (i32.add (local.get $at) (i32.mul (i32.add (local.get $H) (i32.const 1)) (local.get $rs)))
    (i32.const 0) (local.get $rs))
  (local.set $y (i32.const 1))
  (block $d (loop $l
   (br_if $d (i32.gt_u (local.get $y) (local.get $H)))
   (local.set $row (i32.add (local.get $at) (i32.mul (local.get $y) (local.get $rs))))
   (memory.fill (local.get $row) (i32.const 0) (local.get $px))
   (memory.fill (i32.add (local.get $row) (i32.mul (i32.add (local.get $W) (i32.const 1)) (local.get $px)))
     (i32.const 0) (local.get $px))
   (local.set $y (i32.add (local.get $y) (i32.const 1)))
   (br $l)))
 )`;
}

/** The whole module's text. */
export function wasmKernelsWat(fma: boolean): string {
  return `(module
 (memory (import "env" "memory") 1)
 ${conv0poolWat(fma)}
 ${DEPTHWISE_CHANNELS.map((c) => depthwiseWat(fma, c)).join('\n')}
 ${depthwiseDispatchWat()}
 ${pointwiseWat(fma)}
 ${recognitionWat(fma)}
 ${poolWat(2)}
 ${poolWat(1)}
 ${padWat()}
 ${clearBorderWat()}
)`;
}

let compiled: Promise<{ module: object; fma: boolean }> | undefined;

/** The kernels' text assembled (wabt), with or without the fused multiply-add. */
async function assemble(fma: boolean): Promise<Uint8Array> {
  const wabt = await (await import('wabt')).default();
  const parsed = wabt.parseWat('wasm-kernels.wat', wasmKernelsWat(fma), {
    simd: true,
    relaxed_simd: fma,
    bulk_memory: true,
  });
  try {
    return parsed.toBinary({}).buffer;
  } finally {
    parsed.destroy();
  }
}

function webAssembly() {
  if (!wasmApi) throw new Error('face engine: this runtime has no WebAssembly');
  return wasmApi;
}

/** The kernels' module, assembled once per thread: with the fused multiply-add where the runtime has it. */
function kernelsModule(): Promise<{ module: object; fma: boolean }> {
  compiled ??= (async () => {
    const wasm = webAssembly();
    const withFma = await assemble(true);
    if (wasm.validate(withFma)) return { module: new wasm.Module(withFma), fma: true };
    return { module: new wasm.Module(await assemble(false)), fma: false };
  })().catch((error: unknown) => {
    // Not kept: the next call tries again.
    compiled = undefined;
    throw error;
  });
  return compiled;
}

/** A new instance of the kernels over a memory of its own (`fma: false`: the multiply and add, as without it). */
export async function wasmKernels(options: { fma?: boolean } = {}): Promise<WasmKernels & { fma: boolean }> {
  const wasm = webAssembly();
  let { module, fma } = await kernelsModule();
  if (options.fma === false && fma) {
    module = new wasm.Module(await assemble(false));
    fma = false;
  }
  const memory = new wasm.Memory({ initial: 1 });
  const instance = new wasm.Instance(module, { env: { memory } });
  const e = instance.exports as unknown as Omit<WasmKernels, 'memory'>;
  return {
    memory,
    fma,
    conv0pool: e.conv0pool,
    depthwise: e.depthwise,
    pointwise: e.pointwise,
    conv3: e.conv3,
    conv7s2: e.conv7s2,
    maxPool3s2: e.maxPool3s2,
    conv3s2: e.conv3s2,
    avgPool2Pad: e.avgPool2Pad,
    pool2: e.pool2,
    pool1: e.pool1,
    pad: e.pad,
    clearBorder: e.clearBorder,
  };
}
