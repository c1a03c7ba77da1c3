// On-device compression of the selfie before upload (browser-image-compression, settings in
// selfie-compression-options.ts; EXIF orientation is applied by the library). It compresses in a web worker that
// importScripts() its own UMD file from `libURL`; without it that file comes from a CDN (and fails offline), so we
// pass the copy Vite bundles with the app, as an absolute address (the worker runs from a blob: address, against
// which a relative one does not resolve).
import imageCompression from 'browser-image-compression';
import compressionLibUrl from 'browser-image-compression/dist/browser-image-compression.js?url';
import { selfieCompressionOptions } from './selfie-compression-options';

export const compressionLibAddress = (): string => new URL(compressionLibUrl, document.baseURI).href;

export function compressSelfie(file: File, signal?: AbortSignal): Promise<Blob> {
  return imageCompression(file, {
    ...selfieCompressionOptions,
    useWebWorker: true,
    libURL: compressionLibAddress(),
    signal,
  });
}
