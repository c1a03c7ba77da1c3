// The selfie's PUT to the signed address (SPEC §7), with XMLHttpRequest because fetch reports no upload progress.
import { UPLOAD_CONTENT_TYPE, UPLOAD_ONCE_HEADER } from '../../../core/constants';

/** The PUT did not complete: no connection, or the store refused it (expired or bad signature, too large). */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export interface UploadOptions {
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/** PUTs the body with the content type the address was signed for (image/jpg); resolves when the store took it. */
export function putSelfie(
  url: string,
  body: Blob,
  { onProgress, signal }: UploadOptions = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('PUT', url);
    xhr.setRequestHeader('content-type', UPLOAD_CONTENT_TYPE);
    xhr.setRequestHeader(UPLOAD_ONCE_HEADER.name, UPLOAD_ONCE_HEADER.value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(body.size, body.size);
        resolve();
      } else reject(new UploadError(`PUT selfie: HTTP ${xhr.status}`, xhr.status));
    };
    xhr.onerror = () => {
      done();
      reject(new UploadError('PUT selfie: the connection failed'));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort);
    xhr.send(body);
  });
}
