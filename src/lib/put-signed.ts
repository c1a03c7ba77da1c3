// A PUT to a signed address of the object store (the selfie of SPEC §7, a photographer's photo of an upload link), with
// XMLHttpRequest because fetch reports no upload progress. The address was signed for the content type and for
// create-only (If-None-Match: *): a second PUT of the same key is refused (409 on the disk store, 412 on S3).
import { UPLOAD_ONCE_HEADER } from '../../core/constants';

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

/** The store already holds an object at this address (a PUT that went through before, answered or not). */
export const alreadyStored = (error: unknown): boolean =>
  error instanceof UploadError && (error.httpStatus === 409 || error.httpStatus === 412);

export interface UploadOptions {
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  /**
   * A part of an S3 multipart upload: its address is signed for no content type and no create-only
   * condition, so neither is sent.
   */
  part?: boolean;
}

/**
 * PUTs the body with the content type the address was signed for; resolves when the store took it, with the ETag it
 * answered (a part's is needed to join the parts; the bucket's CORS must expose it).
 */
export function putSigned(
  url: string,
  body: Blob,
  contentType: string,
  { onProgress, signal, part = false }: UploadOptions = {},
): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('PUT', url);
    if (!part) {
      xhr.setRequestHeader('content-type', contentType);
      xhr.setRequestHeader(UPLOAD_ONCE_HEADER.name, UPLOAD_ONCE_HEADER.value);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(body.size, body.size);
        resolve(xhr.getResponseHeader('ETag') ?? undefined);
      } else reject(new UploadError(`PUT: HTTP ${xhr.status}`, xhr.status));
    };
    xhr.onerror = () => {
      done();
      reject(new UploadError('PUT: the connection failed'));
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
