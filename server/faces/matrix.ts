// The per-event in-memory face index: n descriptors of 128 float32 in one Float32Array, with the photo each face is
// in. Search is an exact scan (squared euclidean distance, a row abandoned as soon as its partial sum passes the
// threshold), keeping the best distance per photo, best first. Where WebAssembly SIMD runs (scan-wasm.ts), each row
// also has int8 codes (its dimensions as multiples of CODE_STEP): the scan reads those, a quarter of the bytes, with
// a limit widened by the codes' rounding, and measures its survivors again from the float rows.
import type { FaceMatch } from './engine';
import {
  CODE_BYTES,
  layoutFor,
  pagesFor,
  QUERY_AT,
  ROWS_AT,
  type WasmMemory,
  type WasmScan,
  wasmScanner,
} from './scan-wasm';

export const DESCRIPTOR_DIMS = 128;
/** Bytes of a stored descriptor: 128 float32, little-endian (the faces table's bytea). */
export const DESCRIPTOR_BYTES = DESCRIPTOR_DIMS * 4;
/** Float32Array uses the machine's byte order; stored descriptors are little-endian. */
const LITTLE_ENDIAN = new Uint8Array(Float32Array.of(1).buffer)[3] === 0x3f;

/** A stored descriptor (512 bytes, float32 little-endian) as floats. */
export function descriptorFromBytes(bytes: Uint8Array): Float32Array {
  if (bytes.length !== DESCRIPTOR_BYTES) {
    throw new Error(`a face descriptor is ${DESCRIPTOR_BYTES} bytes, got ${bytes.length}`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(DESCRIPTOR_DIMS);
  for (let i = 0; i < DESCRIPTOR_DIMS; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

/** A descriptor as the 512 bytes the faces table stores. */
export function descriptorToBytes(descriptor: ArrayLike<number>): Uint8Array {
  if (descriptor.length !== DESCRIPTOR_DIMS) {
    throw new Error(`a face descriptor has ${DESCRIPTOR_DIMS} numbers, got ${descriptor.length}`);
  }
  const bytes = new Uint8Array(DESCRIPTOR_BYTES);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < DESCRIPTOR_DIMS; i++) view.setFloat32(i * 4, descriptor[i] ?? 0, true);
  return bytes;
}

/** Query expansion's settings: faces within `confident` of the query, at most `most` of them, are averaged with it. */
export interface QueryExpansion {
  confident: number;
  most: number;
}

/**
 * bench:face's expansion sweep (face set and both crowds, 2026-11-25): expansion finds at 0.55 what the plain search
 * finds at 0.58 (recall 0.988, precision 1), but lets the first other person in at 0.61 instead of 0.62; so the
 * engine does not use it yet (no look-alike set here to show it helps there). Faces within 0.45: on the face set,
 * the same person's median distance is 0.44 and no two people come nearer than 0.61.
 */
export const QUERY_EXPANSION: QueryExpansion = { confident: 0.45, most: 8 };

/**
 * A row's code step: its dimensions as whole multiples of 1/256, within ±127 (descriptors' values are within about
 * ±0.3; a value beyond ±0.496 is clipped, and its row's rounding is the larger for it, which the scan allows for).
 */
export const CODE_STEP = 1 / 256;
const CODE_MAX = 127;
/** The most a row's codes can be from it when none is clipped: half a step in each of the 128 dimensions. */
const ROUNDING_MOST = (CODE_STEP / 2) * Math.sqrt(DESCRIPTOR_DIMS) * (1 + 1e-9);

export class FaceMatrix {
  /** Rows live in WebAssembly memory (scanned with SIMD) where it runs, else in a plain Float32Array. */
  private readonly memory: WasmMemory | null;
  private readonly wasm: WasmScan | null;
  private rows: Float32Array;
  private photos: Float64Array;
  private count = 0;
  /** Where the rows' codes are (they move up when the rows grow). */
  private codesAt = 0;
  /**
   * Rows with a clipped code, measured from their floats in every scan: the codes' scan allows for rounding only
   * (ROUNDING_MOST), so that one odd row does not widen it for all.
   */
  private clipped: number[] = [];
  private isClipped = new Uint8Array(0);

  constructor(capacity = 1024) {
    const rows = Math.max(1, capacity);
    const scanner = wasmScanner(rows);
    this.wasm = scanner?.scan ?? null;
    this.memory = scanner?.memory ?? null;
    this.rows = this.memory
      ? new Float32Array(this.memory.buffer, ROWS_AT, rows * DESCRIPTOR_DIMS)
      : new Float32Array(rows * DESCRIPTOR_DIMS);
    this.codesAt = layoutFor(rows).codesAt;
    this.photos = new Float64Array(rows);
  }

  /** Faces held. */
  get size(): number {
    return this.count;
  }

  private reserve(extra: number): void {
    const needed = this.count + extra;
    const capacity = this.photos.length;
    if (needed <= capacity) return;
    const grown = Math.max(needed, capacity * 2);
    if (this.memory) {
      const pages = pagesFor(grown) - this.memory.buffer.byteLength / 65_536;
      if (pages > 0) this.memory.grow(pages);
      // The codes move up first: the grown rows reach over where they were.
      const codesAt = layoutFor(grown).codesAt;
      new Uint8Array(this.memory.buffer).copyWithin(
        codesAt,
        this.codesAt,
        this.codesAt + this.count * CODE_BYTES,
      );
      this.codesAt = codesAt;
      this.rows = new Float32Array(this.memory.buffer, ROWS_AT, grown * DESCRIPTOR_DIMS);
    } else {
      const rows = new Float32Array(grown * DESCRIPTOR_DIMS);
      rows.set(this.rows.subarray(0, this.count * DESCRIPTOR_DIMS));
      this.rows = rows;
    }
    const photos = new Float64Array(grown);
    photos.set(this.photos.subarray(0, this.count));
    this.photos = photos;
  }

  /** Adds one face of a photo (a descriptor of 128 numbers, or its 512 stored bytes). */
  add(photoId: number, descriptor: ArrayLike<number> | Uint8Array): void {
    const floats = descriptor instanceof Uint8Array ? descriptorFromBytes(descriptor) : descriptor;
    if (floats.length !== DESCRIPTOR_DIMS) {
      throw new Error(`a face descriptor has ${DESCRIPTOR_DIMS} numbers, got ${floats.length}`);
    }
    this.reserve(1);
    const base = this.count * DESCRIPTOR_DIMS;
    for (let i = 0; i < DESCRIPTOR_DIMS; i++) this.rows[base + i] = floats[i] ?? 0;
    this.photos[this.count] = photoId;
    this.encode(this.count, this.count + 1);
    this.count++;
  }

  /** Writes the codes of rows [from, to) (with WebAssembly; the plain scan reads the floats). */
  private encode(from: number, to: number): void {
    if (!this.memory) return;
    const codes = new Int8Array(this.memory.buffer, this.codesAt, to * CODE_BYTES);
    if (this.isClipped.length < to) {
      const flags = new Uint8Array(this.photos.length);
      flags.set(this.isClipped);
      this.isClipped = flags;
    }
    for (let r = from; r < to; r++) {
      // Not within the rounding (a value beyond the codes' range, or not a number): measured from its floats.
      if (!(encodeInto(codes, r * CODE_BYTES, this.rows, r * DESCRIPTOR_DIMS, CODE_MAX) <= ROUNDING_MOST)) {
        this.clipped.push(r);
        this.isClipped[r] = 1;
      }
    }
  }

  /**
   * Adds many faces at once: the photo of each, and their stored descriptors one after another (512 bytes each,
   * float32 little-endian), copied straight into the rows on a little-endian machine.
   */
  addBlock(photoIds: readonly number[], descriptors: Uint8Array): void {
    const n = photoIds.length;
    if (descriptors.length !== n * DESCRIPTOR_BYTES) {
      throw new Error(`${n} faces need ${n * DESCRIPTOR_BYTES} descriptor bytes, got ${descriptors.length}`);
    }
    if (!LITTLE_ENDIAN) {
      for (let i = 0; i < n; i++) {
        this.add(
          photoIds[i] as number,
          descriptors.subarray(i * DESCRIPTOR_BYTES, (i + 1) * DESCRIPTOR_BYTES),
        );
      }
      return;
    }
    this.reserve(n);
    const at = this.rows.byteOffset + this.count * DESCRIPTOR_BYTES;
    new Uint8Array(this.rows.buffer, at, descriptors.length).set(descriptors);
    this.photos.set(photoIds, this.count);
    this.encode(this.count, this.count + n);
    this.count += n;
  }

  /**
   * Photos with a face within `threshold` (euclidean) of the query, each at its closest face's distance, best
   * first, at most `maxResults`.
   */
  search(query: ArrayLike<number>, threshold: number, maxResults: number): FaceMatch[] {
    const q = this.queryOf(query);
    if (maxResults <= 0 || !(threshold > 0)) return [];
    return this.rank([this.scanRows(q, threshold * threshold)], maxResults);
  }

  /**
   * Like `search`, widened by query expansion: the faces within `expansion.confident` of the query (the
   * runner's own, all but surely) are averaged with it, and photos within `threshold` of that average count too,
   * each at its smaller distance. Race-day faces close to those confident matches (a cap, sweat, another angle) are
   * found even when they are farther from the selfie itself.
   */
  searchExpanded(
    query: ArrayLike<number>,
    threshold: number,
    maxResults: number,
    expansion: QueryExpansion = QUERY_EXPANSION,
  ): FaceMatch[] {
    const q = this.queryOf(query);
    if (maxResults <= 0 || !(threshold > 0)) return [];
    const limit = threshold * threshold;
    const first = this.scanRows(q, limit);
    const confident = expansion.confident * expansion.confident;
    const picked: { row: number; d2: number }[] = [];
    for (let h = 0; h < first.count; h++) {
      const d2 = first.distances[h] as number;
      if (d2 <= confident) picked.push({ row: first.rows[h] as number, d2 });
    }
    if (picked.length === 0) return this.rank([first], maxResults);
    picked.sort((a, b) => a.d2 - b.d2);
    const used = picked.slice(0, expansion.most);
    const mean = Float32Array.from(q);
    for (const { row } of used) {
      const base = row * DESCRIPTOR_DIMS;
      for (let j = 0; j < DESCRIPTOR_DIMS; j++)
        mean[j] = (mean[j] as number) + (this.rows[base + j] as number);
    }
    for (let j = 0; j < DESCRIPTOR_DIMS; j++) mean[j] = (mean[j] as number) / (used.length + 1);
    return this.rank([first, this.scanRows(mean, limit)], maxResults);
  }

  /**
   * The faces (rows, in the order they were added) within `limit` (euclidean) of the query, with their distances,
   * in no particular order: grouping faces into people (people.ts) asks which faces lie near a new one.
   */
  nearRows(query: ArrayLike<number>, limit: number): { row: number; distance: number }[] {
    const q = this.queryOf(query);
    if (!(limit > 0)) return [];
    const hits = this.scanRows(q, limit * limit);
    const near: { row: number; distance: number }[] = [];
    for (let h = 0; h < hits.count; h++)
      near.push({ row: hits.rows[h] as number, distance: Math.sqrt(hits.distances[h] as number) });
    return near;
  }

  /** The photo of a row. */
  photoOfRow(row: number): number {
    if (!(row >= 0 && row < this.count)) throw new Error(`no face at row ${row}`);
    return this.photos[row] as number;
  }

  /** The descriptor of a row (a copy). */
  descriptorOf(row: number): Float32Array {
    if (!(row >= 0 && row < this.count)) throw new Error(`no face at row ${row}`);
    return this.rows.slice(row * DESCRIPTOR_DIMS, (row + 1) * DESCRIPTOR_DIMS);
  }

  private queryOf(query: ArrayLike<number>): Float32Array {
    if (query.length !== DESCRIPTOR_DIMS) {
      throw new Error(`a face descriptor has ${DESCRIPTOR_DIMS} numbers, got ${query.length}`);
    }
    const q = Float32Array.from(query);
    if (!q.every(Number.isFinite)) throw new Error('a face descriptor has a number that is not finite');
    return q;
  }

  /** The photos of the hits, each at its smallest distance, best first, at most `maxResults`. */
  private rank(hitLists: readonly Hits[], maxResults: number): FaceMatch[] {
    const best = new Map<number, number>();
    for (const hits of hitLists) {
      for (let h = 0; h < hits.count; h++) {
        const r = hits.rows[h] as number;
        const d2 = hits.distances[h] as number;
        const photo = this.photos[r] as number;
        const known = best.get(photo);
        if (known === undefined || d2 < known) best.set(photo, d2);
      }
    }
    const matches = [...best].sort((a, b) => a[1] - b[1] || a[0] - b[0]).slice(0, maxResults);
    return matches.map(([photoId, d2]) => ({ photoId, distance: Math.sqrt(d2) }));
  }

  /**
   * Rows within `limit` (squared distance, float64). With WebAssembly, the SIMD scan of the codes keeps every row
   * whose codes are within the limit widened by the rounding of the query's codes and the rows' (a row within
   * √limit of the query has codes within √limit + both roundings of the query's: the triangle inequality); the
   * survivors and the clipped rows are measured again in float64: the same rows and distances as the plain scan.
   */
  private scanRows(q: Float32Array, limit: number): Hits {
    const n = this.count;
    if (!this.memory || !this.wasm) return scan(this.rows, n, q, limit);
    const buffer = this.memory.buffer;
    const queryCodes = new Int16Array(buffer, QUERY_AT, DESCRIPTOR_DIMS);
    const queryError = encodeInto(queryCodes, 0, q, 0, 0x7fff);
    const reach = (Math.sqrt(limit) + queryError + ROUNDING_MOST) / CODE_STEP;
    const codeLimit = Math.min(0x7fffffff, Math.floor(reach * reach * (1 + 1e-9)) + 1);
    const outAt = layoutFor(this.photos.length).outAt;
    const candidates = this.wasm(this.codesAt, n, codeLimit, outAt);
    const out = new Int32Array(buffer, outAt, candidates * 2);
    const rows = this.rows;
    const found = new Int32Array(candidates + this.clipped.length);
    const distances = new Float64Array(candidates + this.clipped.length);
    let count = 0;
    const clipped = this.clipped;
    for (let c = 0; c < candidates + clipped.length; c++) {
      const r = c < candidates ? (out[c * 2] as number) : (clipped[c - candidates] as number);
      if (c < candidates && this.isClipped[r] === 1) continue;
      const base = r * DESCRIPTOR_DIMS;
      let sum = 0;
      for (let j = 0; j < DESCRIPTOR_DIMS; j++) {
        const d = (rows[base + j] as number) - (q[j] as number);
        sum += d * d;
      }
      if (!(sum <= limit)) continue;
      found[count] = r;
      distances[count] = sum;
      count++;
    }
    return { rows: found, distances, count };
  }
}

/**
 * Writes the codes of the 128 values of `values` from `at` into `codes` from `codeAt` (each the nearest multiple of
 * CODE_STEP, within ±most); answers the distance between the values and their codes (×CODE_STEP).
 */
function encodeInto(
  codes: Int8Array | Int16Array,
  codeAt: number,
  values: Float32Array,
  at: number,
  most: number,
): number {
  let error = 0;
  for (let j = 0; j < DESCRIPTOR_DIMS; j++) {
    const v = values[at + j] as number;
    const code = Math.max(-most, Math.min(most, Math.round(v / CODE_STEP)));
    codes[codeAt + j] = code;
    const e = v - code * CODE_STEP;
    error += e * e;
  }
  return Math.sqrt(error);
}

export interface Hits {
  rows: Int32Array;
  distances: Float64Array;
  count: number;
}

/**
 * Rows within `limit` (squared distance) of the query. A row is abandoned as soon as its partial sum passes the
 * limit; unrolled by 16 and checked every 16 dimensions, all in one loop (measured fastest in V8).
 */
export function scan(rows: Float32Array, n: number, q: Float32Array, limit: number): Hits {
  let found = new Int32Array(64);
  let distances = new Float64Array(64);
  let count = 0;
  for (let r = 0; r < n; r++) {
    let i = r * DESCRIPTOR_DIMS;
    const end = i + DESCRIPTOR_DIMS;
    let j = 0;
    let sum = 0;
    while (i < end) {
      const a0 = (rows[i] as number) - (q[j] as number);
      const a1 = (rows[i + 1] as number) - (q[j + 1] as number);
      const a2 = (rows[i + 2] as number) - (q[j + 2] as number);
      const a3 = (rows[i + 3] as number) - (q[j + 3] as number);
      const a4 = (rows[i + 4] as number) - (q[j + 4] as number);
      const a5 = (rows[i + 5] as number) - (q[j + 5] as number);
      const a6 = (rows[i + 6] as number) - (q[j + 6] as number);
      const a7 = (rows[i + 7] as number) - (q[j + 7] as number);
      const a8 = (rows[i + 8] as number) - (q[j + 8] as number);
      const a9 = (rows[i + 9] as number) - (q[j + 9] as number);
      const a10 = (rows[i + 10] as number) - (q[j + 10] as number);
      const a11 = (rows[i + 11] as number) - (q[j + 11] as number);
      const a12 = (rows[i + 12] as number) - (q[j + 12] as number);
      const a13 = (rows[i + 13] as number) - (q[j + 13] as number);
      const a14 = (rows[i + 14] as number) - (q[j + 14] as number);
      const a15 = (rows[i + 15] as number) - (q[j + 15] as number);
      sum +=
        a0 * a0 +
        a1 * a1 +
        a2 * a2 +
        a3 * a3 +
        a4 * a4 +
        a5 * a5 +
        a6 * a6 +
        a7 * a7 +
        (a8 * a8 + a9 * a9 + a10 * a10 + a11 * a11 + a12 * a12 + a13 * a13 + a14 * a14 + a15 * a15);
      if (sum > limit) break;
      i += 16;
      j += 16;
    }
    if (!(sum <= limit)) continue;
    if (count === found.length) {
      const moreRows = new Int32Array(count * 2);
      moreRows.set(found);
      found = moreRows;
      const moreDistances = new Float64Array(count * 2);
      moreDistances.set(distances);
      distances = moreDistances;
    }
    found[count] = r;
    distances[count] = sum;
    count++;
  }
  return { rows: found, distances, count };
}
