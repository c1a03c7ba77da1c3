// The object store interface: photos, derivatives, covers and selfies. Disk by default; S3-compatible at scale.
// Public objects (covers, thumbnails, previews, logo-stamped samples) are read through publicUrl; private ones
// (originals, selfies) only through short-lived signed URLs.
import { isSizedImage } from '../../core/sized-images';

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

/**
 * How long a browser may keep an object, on disk or S3 alike: a private one (read through a signed address) five
 * minutes, for itself only; a sized image (a cover or banner, or one of its WebP copies, under a name made new for
 * each image: core/sized-images.ts) a year without asking again; other public ones a day (a photo's thumbnail and
 * preview are remade in place when the watermark changes).
 */
export function cacheControlOf(key: string): string {
  if (key.startsWith('private/')) return 'private, max-age=300';
  return isSizedImage(key) ? 'public, max-age=31536000, immutable' : 'public, max-age=86400';
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
