// The scan's inner loop in WebAssembly SIMD, assembled here byte by byte (no toolchain needed), over the rows' int8
// codes (each dimension of a descriptor as a multiple of CODE_STEP, 128 bytes a row: a quarter of the float rows'
// memory traffic, which bounded the scan under load): for each row it sums (row − query)² in integers, 64
// dimensions at a time (i16 differences squared and summed in pairs, i32x4.dot_i16x8_s), abandons the row once the
// partial sum passes the limit, and writes the rows within it as (row index i32, squared distance in codes i32).
//
// Memory layout (one WebAssembly.Memory per matrix): the query's codes at 0 (128 i16, 256 bytes), the float rows
// from ROWS_AT, the rows' codes after them, the output after the codes (matrix.ts places them by its capacity). The
// integer sums are only a filter: the caller widens the limit by the codes' rounding (the triangle inequality) and
// measures the survivors again in float64 from the float rows, so results are exactly those of a plain scan.

import { type WasmMemory, wasmApi } from './wasm-api';

export type { WasmMemory } from './wasm-api';

export const QUERY_AT = 0;
export const ROWS_AT = 512;
const ROW_BYTES = 512;
/** Bytes of a row's codes. */
export const CODE_BYTES = 128;
/** Bytes of an output slot: the row's index and its squared distance in codes. */
const OUT_BYTES = 8;

export type WasmScan = (codesAt: number, n: number, limit: number, outAt: number) => number;

function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
}

function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (byte & 0x40) === 0) || (n === -1 && (byte & 0x40) !== 0)) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}

const section = (id: number, body: number[]) => [id, ...uleb(body.length), ...body];
const vec = (items: number[][]) => [...uleb(items.length), ...items.flat()];
const name = (s: string) => [...uleb(s.length), ...[...s].map((c) => c.charCodeAt(0))];

// Opcodes.
const BLOCK = [0x02, 0x40];
const LOOP = [0x03, 0x40];
const END = 0x0b;
const BR = 0x0c;
const BR_IF = 0x0d;
const GET = 0x20;
const SET = 0x21;
const TEE = 0x22;
const I32_CONST = 0x41;
const I32_GE_U = 0x4f;
const I32_GT_S = 0x4a;
const I32_LT_U = 0x49;
const I32_ADD = 0x6a;
const I32_SHL = 0x74;
const I32_STORE = 0x36;
const simd = (op: number) => [0xfd, ...uleb(op)];
const v128Load = (offset: number) => [...simd(0x00), 0x00, ...uleb(offset)];
const V128_ZERO = [...simd(0x0c), ...new Array<number>(16).fill(0)];
const I16X8_EXTEND_LOW_I8X16_S = simd(0x87);
const I16X8_EXTEND_HIGH_I8X16_S = simd(0x88);
const I16X8_SUB = simd(0x91);
const I32X4_ADD = simd(0xae);
const I32X4_DOT_I16X8_S = simd(0xba);
const lane = (i: number) => [...simd(0x1b), i];

// Params: 0 codesAt, 1 n, 2 limit (i32), 3 outAt. Locals: 4 r, 5 j (dimension), 6 count, 7 s; 8 acc, 9 v, 10 d.
const [CODES, N, LIMIT, OUT, R, J, COUNT, S, ACC, V, D] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** acc += (half of v, widened to i16, − the query's codes at `queryOffset` + 2·j)², summed in pairs. */
const squaredHalf = (extend: number[], queryOffset: number) => [
  ...[GET, V, ...extend, GET, J, I32_CONST, ...sleb(1), I32_SHL, ...v128Load(QUERY_AT + queryOffset)],
  ...[...I16X8_SUB, TEE, D, GET, D, ...I32X4_DOT_I16X8_S, GET, ACC, ...I32X4_ADD, SET, ACC],
];

function body(): number[] {
  const block64: number[] = [];
  for (let k = 0; k < 4; k++) {
    block64.push(GET, CODES, GET, J, I32_ADD, ...v128Load(k * 16), SET, V);
    block64.push(...squaredHalf(I16X8_EXTEND_LOW_I8X16_S, k * 32));
    block64.push(...squaredHalf(I16X8_EXTEND_HIGH_I8X16_S, k * 32 + 16));
  }
  const hsum = [GET, S, GET, ACC, ...lane(0), I32_ADD, GET, ACC, ...lane(1), I32_ADD];
  hsum.push(GET, ACC, ...lane(2), I32_ADD, GET, ACC, ...lane(3), I32_ADD, TEE, S);
  const slot = [GET, OUT, GET, COUNT, I32_CONST, ...sleb(3), I32_SHL, I32_ADD];
  const code = [
    ...BLOCK,
    ...LOOP,
    ...[GET, R, GET, N, I32_GE_U, BR_IF, 1],
    ...[I32_CONST, ...sleb(0), SET, S, I32_CONST, ...sleb(0), SET, J],
    ...BLOCK,
    ...LOOP,
    ...V128_ZERO,
    ...[SET, ACC],
    ...block64,
    ...hsum,
    ...[GET, LIMIT, I32_GT_S, BR_IF, 1],
    ...[GET, J, I32_CONST, ...sleb(64), I32_ADD, TEE, J, I32_CONST, ...sleb(CODE_BYTES), I32_LT_U, BR_IF, 0],
    END,
    ...slot,
    ...[GET, R, I32_STORE, 0x02, 0x00],
    ...slot,
    ...[GET, S, I32_STORE, 0x02, 0x04],
    ...[GET, COUNT, I32_CONST, ...sleb(1), I32_ADD, SET, COUNT],
    END,
    ...[GET, CODES, I32_CONST, ...sleb(CODE_BYTES), I32_ADD, SET, CODES],
    ...[GET, R, I32_CONST, ...sleb(1), I32_ADD, SET, R],
    ...[BR, 0],
    END,
    END,
    GET,
    COUNT,
    END,
  ];
  const locals = vec([
    [4, 0x7f],
    [3, 0x7b],
  ]);
  return [...locals, ...code];
}

function moduleBytes(): Uint8Array {
  const fn = body();
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vec([[0x60, 4, 0x7f, 0x7f, 0x7f, 0x7f, 1, 0x7f]])),
    ...section(2, vec([[...name('env'), ...name('mem'), 0x02, 0x00, 0x01]])),
    ...section(3, vec([[0]])),
    ...section(7, vec([[...name('scan'), 0x00, 0]])),
    ...section(10, vec([[...uleb(fn.length), ...fn]])),
  ]);
}

let compiled: object | null | undefined;

/** The compiled module, or null where WebAssembly SIMD is missing (the caller scans in JavaScript). */
function wasmModule(): object | null {
  if (compiled === undefined) {
    try {
      compiled = wasmApi ? new wasmApi.Module(moduleBytes()) : null;
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

/** Memory for `capacity` rows and the scan function over it, or null without WebAssembly SIMD. */
export function wasmScanner(capacity: number): { memory: WasmMemory; scan: WasmScan } | null {
  const module = wasmModule();
  if (!module || !wasmApi) return null;
  const memory = new wasmApi.Memory({ initial: pagesFor(capacity) });
  const instance = new wasmApi.Instance(module, { env: { mem: memory } });
  return { memory, scan: instance.exports.scan as WasmScan };
}

/** Where a matrix of `capacity` rows keeps its rows' codes, and its output. */
export function layoutFor(capacity: number): { codesAt: number; outAt: number } {
  const codesAt = ROWS_AT + capacity * ROW_BYTES;
  return { codesAt, outAt: codesAt + capacity * CODE_BYTES };
}

/** Memory (64 KiB pages) for `capacity` rows: the query, the float rows, their codes and the output. */
export function pagesFor(capacity: number): number {
  return Math.ceil((layoutFor(capacity).outAt + capacity * OUT_BYTES) / 65_536);
}
