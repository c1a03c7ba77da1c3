// The face models, loaded once per thread: @vladmandic/face-api's node-wasm build on @tensorflow/tfjs with the wasm
// backend (SIMD, no threads), and the SSD MobileNet v1 detector, the 68-point landmark net, the 128-d
// recognition net and the tiny detector (selfies) read from the package's own model/ folder (no network).
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as TfModule from '@tensorflow/tfjs';
import type * as FaceApiModule from '@vladmandic/face-api';
import { speedUpWasmConcat } from './fast-concat';

export type FaceApi = typeof FaceApiModule;
/** The full tfjs API (face-api's own typings of `faceapi.tf` list only part of it). */
export type Tf = typeof TfModule;

const require = createRequire(import.meta.url);

/** The package folder holding the weights (`*-weights_manifest.json` + `.bin`). */
export const MODEL_DIR = path.join(
  path.dirname(require.resolve('@vladmandic/face-api/package.json')),
  'model',
);
const WASM_DIR = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));

let loading: Promise<FaceApi> | undefined;

/** face-api with tfjs on the wasm backend and the three nets loaded; the first call does the work. */
export function loadFaceModels(): Promise<FaceApi> {
  loading ??= initialise().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function initialise(): Promise<FaceApi> {
  // The node-wasm build requires @tensorflow/tfjs and @tensorflow/tfjs-backend-wasm (never tfjs-node) and
  // re-exports them as `faceapi.tf`, so the engine and face-api share one tfjs instance.
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
  const tf = faceapi.tf as unknown as Tf & { setWasmPaths(prefix: string, usePlatformFetch?: boolean): void };
  // usePlatformFetch=false: emscripten reads the .wasm with fs (Node's fetch cannot read a path).
  tf.setWasmPaths(`${WASM_DIR}/`, false);
  if (tf.getBackend() !== 'wasm') {
    const ok = await tf.setBackend('wasm');
    if (!ok) throw new Error('face engine: the tfjs wasm backend did not start');
  }
  await tf.ready();
  tf.enableProdMode();
  speedUpWasmConcat(tf);
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(MODEL_DIR);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(MODEL_DIR);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(MODEL_DIR);
  // The tiny detector (190 kB) finds a selfie's large face in a fraction of SSD's time.
  await faceapi.nets.tinyFaceDetector.loadFromDisk(MODEL_DIR);
  return faceapi;
}
