// Object store on the local disk under DATA_DIR/objects. Writes land in a temporary file and are renamed, so a
// reader never sees half an object. Private objects (keys under private/) are served only through signed URLs
// that the server checks (server/routes/storage.ts).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertObjectKey, type ObjectStore } from './object-store';
import { type SignedRequest, signedQuery, type Verdict, verify } from './url-signing';

export interface DiskStoreOptions {
  /** Address prefix the server serves this store at. */
  baseUrl: string;
  /** Secret for signed URLs. */
  signingSecret: string;
  now?: () => number;
}

export class DiskStore implements ObjectStore {
  private readonly now: () => number;

  constructor(
    readonly root: string,
    private readonly options: DiskStoreOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  private pathOf(key: string): string {
    assertObjectKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  /** The content type is implied by the key's extension when served, so the disk keeps only the bytes. */
  async put(key: string, body: Uint8Array, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.tmp`;
    try {
      await fs.writeFile(temp, body);
      await fs.rename(temp, target);
    } catch (error) {
      // A full disk (ENOSPC) leaves no part of the object behind: the old one, if any, stays whole.
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  /**
   * Writes the object only if no object has the key (atomically: a hard link fails when the name exists, even
   * for another process writing at the same moment). Resolves false, writing nothing, when it exists.
   */
  async putNew(key: string, body: Uint8Array): Promise<boolean> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.tmp`;
    try {
      await fs.writeFile(temp, body);
      await fs.link(temp, target);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    } finally {
      await fs.rm(temp, { force: true });
    }
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    try {
      return await fs.readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    // An invalid key is refused, as by every other method (and store), not answered "no such object".
    const target = this.pathOf(key);
    try {
      return (await fs.stat(target)).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  publicUrl(key: string): string {
    assertObjectKey(key);
    return `${this.options.baseUrl}/${key}`;
  }

  async signedPutUrl(key: string, contentType: string, expiresInSeconds: number): Promise<string> {
    return this.signedUrl('PUT', key, expiresInSeconds, contentType);
  }

  async signedGetUrl(key: string, expiresInSeconds: number): Promise<string> {
    return this.signedUrl('GET', key, expiresInSeconds);
  }

  /** Checks a signed address this store gave out. */
  checkSignature(request: SignedRequest, sig: string | undefined): Verdict {
    return verify(this.options.signingSecret, request, sig, Math.floor(this.now() / 1000));
  }

  private signedUrl(
    method: 'GET' | 'PUT',
    key: string,
    expiresInSeconds: number,
    contentType?: string,
  ): string {
    assertObjectKey(key);
    const expires = Math.floor(this.now() / 1000) + expiresInSeconds;
    const query = signedQuery(this.options.signingSecret, { method, key, expires, contentType });
    return `${this.options.baseUrl}/${key}?${query}`;
  }
}
