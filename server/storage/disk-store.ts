// Object store on the local disk under DATA_DIR/objects. Writes land in a temporary file and are renamed, so a
// reader never sees half an object. Private objects (keys under private/) are served only through signed URLs
// that the server checks (server/routes/storage.ts).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  assertObjectKey,
  assertObjectPrefix,
  type ListedObject,
  type ObjectStore,
  type UploadBinding,
} from './object-store';
import { isGrant, type SignedRequest, signedQuery, type Verdict, verify } from './url-signing';

/** An upload written whole into a temporary file beside its object, not yet in place. */
export interface StagedObject {
  /** Puts it in place if no object has the key (false, keeping nothing, when one has); the temporary file goes. */
  commit(): Promise<boolean>;
  /** Drops it. */
  discard(): Promise<void>;
}

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

  /**
   * Writes a body that must be exactly `bytes` long into a temporary file as it streams in, never holding it whole:
   * 'too large' as soon as it passes `bytes` (the rest is not read: the HTTP server drops it), 'too short' when it
   * ends before; either way nothing is kept. A full disk throws (ENOSPC), keeping nothing either.
   */
  async stageNew(
    key: string,
    body: ReadableStream<Uint8Array> | null,
    bytes: number,
  ): Promise<StagedObject | 'too large' | 'too short'> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.tmp`;
    const file = await fs.open(temp, 'wx', 0o600);
    const discard = () => fs.rm(temp, { force: true });
    let written = 0;
    try {
      const reader = body?.getReader();
      for (;;) {
        const next = reader ? await reader.read() : { done: true as const, value: undefined };
        if (next.done) break;
        written += next.value.byteLength;
        if (written > bytes) {
          // Not cancelled: that would close the connection under a client still sending, which then never sees
          // the answer (request-body.ts says the same of readAtMost).
          reader?.releaseLock();
          break;
        }
        await file.write(next.value);
      }
    } catch (error) {
      await file.close();
      await discard();
      throw error;
    }
    await file.close();
    if (written !== bytes) {
      await discard();
      return written > bytes ? 'too large' : 'too short';
    }
    return {
      commit: async () => {
        try {
          await fs.link(temp, target);
          return true;
        } catch (error) {
          // EEXIST: another upload of the key went first. ENOENT: the temporary file was purged as abandoned.
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'EEXIST' || code === 'ENOENT') return false;
          throw error;
        } finally {
          await discard();
        }
      },
      discard,
    };
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

  /** Every file under the prefix's folder (temporary ones too: an abandoned one is listed like any object). */
  async *list(prefix: string): AsyncIterable<ListedObject> {
    assertObjectPrefix(prefix);
    const walk = async function* (dir: string, keyPrefix: string): AsyncGenerator<ListedObject> {
      const entries = await fs.readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      for (const entry of entries) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) yield* walk(file, `${keyPrefix}${entry.name}/`);
        else if (entry.isFile()) {
          // Gone between the listing and now (imported, purged): not listed.
          const stat = await fs.stat(file).catch(() => undefined);
          if (stat) yield { key: `${keyPrefix}${entry.name}`, modifiedAt: stat.mtime };
        }
      }
    };
    yield* walk(path.join(this.root, ...prefix.slice(0, -1).split('/')), prefix);
  }

  publicUrl(key: string): string {
    assertObjectKey(key);
    return `${this.options.baseUrl}/${key}`;
  }

  async signedPutUrl(
    key: string,
    contentType: string,
    expiresInSeconds: number,
    binding?: UploadBinding,
  ): Promise<string> {
    return this.signedUrl('PUT', key, expiresInSeconds, contentType, binding);
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
    binding?: UploadBinding,
  ): string {
    assertObjectKey(key);
    if (binding && !(Number.isInteger(binding.bytes) && binding.bytes >= 0))
      throw new Error(`invalid upload size: ${binding.bytes}`);
    if (binding?.grant !== undefined && !isGrant(binding.grant))
      throw new Error(`invalid upload grant: ${binding.grant}`);
    const expires = Math.floor(this.now() / 1000) + expiresInSeconds;
    const query = signedQuery(this.options.signingSecret, {
      method,
      key,
      expires,
      ...(contentType !== undefined ? { contentType } : {}),
      ...(binding ? { size: binding.bytes } : {}),
      ...(binding?.grant !== undefined ? { grant: binding.grant } : {}),
    });
    return `${this.options.baseUrl}/${key}?${query}`;
  }
}
