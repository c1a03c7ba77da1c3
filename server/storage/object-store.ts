// The object store interface: photos, derivatives, covers and selfies. Disk by default; S3-compatible at scale.
// Public objects (covers, thumbnails, previews, logo-stamped samples) are read through publicUrl; private ones
// (originals, selfies) only through short-lived signed URLs.
import { isPhotoCopy } from '../../core/contract/photos';
import { isSizedImage } from '../../core/sized-images';

export interface ObjectStore {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<Uint8Array | undefined>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** The address a browser reads a public object from. */
  publicUrl(key: string): string;
  /**
   * A URL that accepts one PUT of this object with this content type until it expires; with `binding`, of exactly
   * that many bytes (a body of another length is refused), and for the grant named (see UploadBinding).
   */
  signedPutUrl(
    key: string,
    contentType: string,
    expiresInSeconds: number,
    binding?: UploadBinding,
  ): Promise<string>;
  /** A URL that serves this (private) object until it expires. */
  signedGetUrl(key: string, expiresInSeconds: number): Promise<string>;
  /**
   * Large uploads in parts, each PUT to its own signed address (S3 multipart): a dropped connection costs a part,
   * not the file. Absent: one signed PUT takes the whole file (the disk store).
   */
  multipart?: MultipartUploads;
  /** The objects whose keys start with `prefix` (a folder: it ends with '/'), each with when it was last written. */
  list(prefix: string): AsyncIterable<ListedObject>;
}

/** What a signed upload address binds beyond its key, content type and expiry. */
export interface UploadBinding {
  /** The body's exact length in bytes: the store refuses a PUT of any other length. */
  bytes: number;
  /**
   * Who the address was given to (a photographer's link, as `link:<id>`). The disk store asks the app again as each
   * PUT arrives (routes/storage.ts), so an address signed before its link was revoked takes nothing; a bucket cannot
   * ask, so S3 binds the length only.
   */
  grant?: string;
}

export interface ListedObject {
  key: string;
  modifiedAt: Date;
}

export interface MultipartUploads {
  /** Starts an upload of this object; answers its id. */
  begin(key: string, contentType: string): Promise<string>;
  /** The address that takes part `partNumber` (1-based) of the upload, of exactly `bytes` bytes, until it expires. */
  signPart(
    key: string,
    uploadId: string,
    partNumber: number,
    bytes: number,
    expiresInSeconds: number,
  ): Promise<string>;
  /** Joins the parts (their numbers and the ETags their PUTs answered) into the object. */
  complete(
    key: string,
    uploadId: string,
    parts: readonly { partNumber: number; etag: string }[],
  ): Promise<void>;
  /** Gives up the uploads of objects under `prefix` begun before `before` (their parts are deleted); answers how many. */
  abandonBefore(prefix: string, before: Date): Promise<number>;
}

/** Where the images of runners' public finisher pages are kept (services/finisher-pages.ts). */
export const WITHDRAWABLE_PREFIX = 'finisher-pages/';

/**
 * How long a browser may keep an object, on disk or S3 alike: a private one (read through a signed address) five
 * minutes, for itself only; an image whose name is new for each way it is made a year without asking again (a
 * sized cover or banner and its WebP copies, core/sized-images.ts; a photo's WebP copies, named with the version
 * that made them, core/contract/photos.ts); other public ones a day (a photo's JPEG thumbnail and preview, the
 * spec's addresses, are remade in place when a new version of them is made). A runner's public finisher page's
 * images are asked for again each time (no-cache): a page its runner removed must not live on in caches.
 */
export function cacheControlOf(key: string): string {
  if (key.startsWith('private/')) return 'private, max-age=300';
  if (key.startsWith(WITHDRAWABLE_PREFIX)) return 'public, no-cache';
  return isSizedImage(key) || isPhotoCopy(key)
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=86400';
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

/** A folder of keys to list: a valid key followed by '/'. */
export function assertObjectPrefix(prefix: string): void {
  if (!prefix.endsWith('/')) throw new Error(`invalid object prefix (not a folder): ${prefix}`);
  assertObjectKey(prefix.slice(0, -1));
}
