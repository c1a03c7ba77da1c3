// The object store interface: photos, derivatives, covers and selfies. Disk by default; S3-compatible at scale.
export interface ObjectStore {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<Uint8Array | undefined>;
  exists(key: string): Promise<boolean>;
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
