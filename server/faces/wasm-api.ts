// The little of the WebAssembly API the face engine uses (the project's TypeScript libs do not declare it): the
// scan (scan-wasm.ts) and the tiny detector's kernels (tiny-kernels.ts).

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
