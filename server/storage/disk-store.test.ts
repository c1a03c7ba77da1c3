import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskStore } from './disk-store';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'disk-store-'));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('DiskStore', () => {
  const store = new DiskStore(dir);

  it('writes and reads an object under nested keys', async () => {
    await store.put('ev-1/thumbnail/a.jpg', new Uint8Array([1, 2, 3]), 'image/jpeg');
    expect([...((await store.get('ev-1/thumbnail/a.jpg')) ?? [])]).toEqual([1, 2, 3]);
    expect(await store.exists('ev-1/thumbnail/a.jpg')).toBe(true);
    expect(await store.get('ev-1/thumbnail/missing.jpg')).toBeUndefined();
    expect(await fs.readdir(path.join(dir, 'ev-1/thumbnail'))).toEqual(['a.jpg']);
  });

  it('refuses keys that could leave the store', async () => {
    for (const key of ['../x', '/etc/passwd', 'a/../../b', 'a//b', '']) {
      await expect(store.put(key, new Uint8Array(), 'text/plain')).rejects.toThrow(/invalid object key/);
    }
  });
});
