// The object store interface: photos, derivatives, covers and selfies. Disk by default; S3-compatible at scale.
// Public objects (covers, thumbnails, previews, logo-stamped samples) are read through publicUrl; private ones
// (originals, selfies) only through short-lived signed URLs.

export interface ObjectStore {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<Uint8Array | undefined>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** The address a browser reads a public object from. */
  publicUrl(key: string): string;
  /** A URL that accepts one PUT of this object with this content type until it expires. */
  signedPutUrl(key: string, contentType: string, expiresInSeconds: number): Promise<string>;
  /** A URL that serves this (private) object until it expires. */
  signedGetUrl(key: string, expiresInSeconds: number): Promise<string>;
}

/** Object keys are relative, slash-separated paths of safe characters; no "..", no leading slash. */
export function assertObjectKey(key: string): void {
  if (
    !/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) ||
    key.split('/').some((part) => part === '..' || part === '.')
  ) {
    throw new Error(`invalid object key: ${key}`);
  }
}
