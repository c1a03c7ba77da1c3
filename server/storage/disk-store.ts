// Object store on the local disk under DATA_DIR/objects. Writes land in a temporary file and are renamed, so a
// reader never sees half an object.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertObjectKey, type ObjectStore } from './object-store';

export class DiskStore implements ObjectStore {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    assertObjectKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  /** The content type is implied by the key's extension when served, so the disk keeps only the bytes. */
  async put(key: string, body: Uint8Array, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.tmp`;
    await fs.writeFile(temp, body);
    await fs.rename(temp, target);
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
    return (await this.get(key)) !== undefined;
  }
}
