// The scan's inner loop in WebAssembly SIMD (f32x4), assembled here byte by byte (no toolchain needed): for each
// row of 128 float32 it sums (row − query)² 32 dimensions at a time and abandons the row once the partial sum
// passes the limit; rows within the limit are written out as (row index i32, squared distance f32).
//
// Memory layout (one WebAssembly.Memory per matrix): the query at 0 (512 bytes), rows from ROWS_AT, the output
// after the rows. The f32 sums are only a filter: the caller passes a slightly larger limit and recomputes the
// survivors' distances in float64, so results are exactly those of a plain scan.

import { type WasmMemory, wasmApi } from './wasm-api';

export type { WasmMemory } from './wasm-api';

export const QUERY_AT = 0;
export const ROWS_AT = 512;
const ROW_BYTES = 512;

export type WasmScan = (rowsAt: number, n: number, limit: number, outAt: number) => number;

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
const I32_LT_U = 0x49;
const I32_ADD = 0x6a;
const I32_SHL = 0x74;
const I32_STORE = 0x36;
const F32_STORE = 0x38;
const F32_GT = 0x5e;
const F32_ADD = 0x92;
const v128Load = (offset: number) => [0xfd, 0x00, 0x00, ...uleb(offset)];
const V128_ZERO = [0xfd, 0x0c, ...new Array<number>(16).fill(0)];
const F32X4_ADD = [0xfd, ...uleb(228)];
const F32X4_SUB = [0xfd, ...uleb(229)];
const F32X4_MUL = [0xfd, ...uleb(230)];
const lane = (i: number) => [0xfd, 0x1f, i];

// Params: 0 rowsAt, 1 n, 2 limit (f32), 3 outAt. Locals: 4 r, 5 j (byte offset in the row), 6 count, 7 acc, 8 d, 9 s.
const [ROWS, N, LIMIT, OUT, R, J, COUNT, ACC, D, S] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

function body(): number[] {
  const block32: number[] = [];
  for (let k = 0; k < 8; k++) {
    block32.push(GET, ROWS, GET, J, I32_ADD, ...v128Load(k * 16));
    block32.push(GET, J, ...v128Load(QUERY_AT + k * 16));
    block32.push(...F32X4_SUB, TEE, D, GET, D, ...F32X4_MUL, GET, ACC, ...F32X4_ADD, SET, ACC);
  }
  const hsum = [GET, ACC, ...lane(0), GET, ACC, ...lane(1), F32_ADD, GET, ACC, ...lane(2), F32_ADD];
  hsum.push(GET, ACC, ...lane(3), F32_ADD, TEE, S);
  const slot = [GET, OUT, GET, COUNT, I32_CONST, ...sleb(3), I32_SHL, I32_ADD];
  const code = [
    ...BLOCK,
    ...LOOP,
    ...[GET, R, GET, N, I32_GE_U, BR_IF, 1],
    ...V128_ZERO,
    ...[SET, ACC, I32_CONST, ...sleb(0), SET, J],
    ...BLOCK,
    ...LOOP,
    ...block32,
    ...hsum,
    ...[GET, LIMIT, F32_GT, BR_IF, 1],
    ...[GET, J, I32_CONST, ...sleb(128), I32_ADD, TEE, J, I32_CONST, ...sleb(ROW_BYTES), I32_LT_U, BR_IF, 0],
    END,
    ...slot,
    ...[GET, R, I32_STORE, 0x02, 0x00],
    ...slot,
    ...[GET, S, F32_STORE, 0x02, 0x04],
    ...[GET, COUNT, I32_CONST, ...sleb(1), I32_ADD, SET, COUNT],
    END,
    ...[GET, ROWS, I32_CONST, ...sleb(ROW_BYTES), I32_ADD, SET, ROWS],
    ...[GET, R, I32_CONST, ...sleb(1), I32_ADD, SET, R],
    ...[BR, 0],
    END,
    END,
    GET,
    COUNT,
    END,
  ];
  const locals = vec([
    [3, 0x7f],
    [2, 0x7b],
    [1, 0x7d],
  ]);
  return [...locals, ...code];
}

function moduleBytes(): Uint8Array {
  const fn = body();
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vec([[0x60, 4, 0x7f, 0x7f, 0x7d, 0x7f, 1, 0x7f]])),
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

/** Memory (64 KiB pages) for `capacity` rows plus the query and the output. */
export function pagesFor(capacity: number): number {
  return Math.ceil((ROWS_AT + capacity * (ROW_BYTES + 8)) / 65_536);
}
