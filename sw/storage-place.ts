// Where the store's objects are, as the worker knows it: the storage base of the run-time settings (the disk
// store's /storage on this origin by default, or a bucket or its CDN on another origin), as an absolute address.
// Public images (covers, banners, thumbnails, previews) are under it and may be kept for offline use; `private/`
// under it (originals, logo versions, selfies, all signed) never is.

export interface StoragePlace {
  /** Absolute, ending with "/": e.g. https://runfoto.example/storage/ or https://cdn.example/bucket/. */
  root: string;
  /** On another origin than the app's: images are fetched in CORS mode to be kept (never as opaque answers). */
  crossOrigin: boolean;
}

/** The place of a storage base (absolute, or a path on the app's origin); the default /storage when unusable. */
export function storagePlace(storageBase: string | undefined, origin: string): StoragePlace {
  let root: URL;
  try {
    root = new URL(storageBase || '/storage', origin);
    if (root.protocol !== 'https:' && root.protocol !== 'http:') throw new Error('not a web address');
  } catch {
    root = new URL('/storage', origin);
  }
  const href = `${root.origin}${root.pathname.replace(/\/*$/, '/')}`;
  return { root: href, crossOrigin: root.origin !== origin };
}

/** A public object's address under the place (its query aside); never one under `private/`. */
export function isPublicStoredAddress(url: URL, place: StoragePlace): boolean {
  const at = `${url.origin}${url.pathname}`;
  return at.startsWith(place.root) && !at.startsWith(`${place.root}private/`);
}
