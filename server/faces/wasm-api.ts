// The little of the WebAssembly API the face engine uses (the project's TypeScript libs do not declare it): the
// scan (scan-wasm.ts) and the kernels (wasm-kernels.ts), and the placing of weights and buffers in their memory.

export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

export interface WasmApi {
  Memory: new (descriptor: { initial: number }) => WasmMemory;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
  validate(bytes: Uint8Array): boolean;
}

/** WebAssembly, where this runtime has it. */
export const wasmApi = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;

/** Grows a memory to at least `bytes`. */
export function growMemory(memory: WasmMemory, bytes: number): void {
  const pages = Math.ceil(bytes / 65536) - memory.buffer.byteLength / 65536;
  if (pages > 0) memory.grow(pages);
}

/** Bytes rounded up to a whole number of SIMD vectors (16 bytes), so that what follows them stays aligned. */
export const aligned16 = (bytes: number): number => Math.ceil(bytes / 16) * 16;

/**
 * Copies float arrays into a memory one after another from its start, each 16-byte aligned, growing the memory as
 * needed; answers where each went and where the free memory after them begins.
 */
export function placeFloats(
  memory: WasmMemory,
  arrays: readonly Float32Array[],
): { at: number[]; end: number } {
  let end = 0;
  const at = arrays.map((a) => {
    const offset = end;
    end += aligned16(a.byteLength);
    return offset;
  });
  growMemory(memory, end);
  arrays.forEach((a, i) => {
    new Float32Array(memory.buffer, at[i], a.length).set(a);
  });
  return { at, end };
}
