// Covers and banners stored with their WebP copies: the widths the image is wide enough for, written
// before the JPEG, all deleted together.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sizedCopy, sizedWidths } from '../../core/sized-images';
import { DiskStore } from '../storage/disk-store';
import { deleteSizedImage, storeSizedImage } from './sized-images';

const jpeg = (width: number, height: number, orientation = 1) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .withMetadata({ orientation })
    .jpeg()
    .toBuffer();

describe('sized images in the store', () => {
  let root: string;
  let store: DiskStore;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'sized-images-'));
    store = new DiskStore(root, { baseUrl: '/storage', signingSecret: 'k'.repeat(32) });
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('stores an upright JPEG and a WebP copy at each width it is wide enough for', async () => {
    // Stored 900×1600 with orientation 6 (turned a quarter): upright it is 1600 wide, capped at 1400 by maxSide.
    const key = await storeSizedImage(store, 'run/cover', await jpeg(900, 1600, 6), { maxSide: 1400 });
    expect(key).toMatch(/^run\/cover-[0-9a-f]{12}\.w480-800-1200\.jpg$/);
    const main = await sharp(Buffer.from((await store.get(key)) as Uint8Array)).metadata();
    expect([main.format, main.width, main.height, main.orientation]).toEqual(['jpeg', 1400, 788, undefined]);
    for (const width of sizedWidths(key)) {
      const copy = await sharp(
        Buffer.from((await store.get(sizedCopy(key, width))) as Uint8Array),
      ).metadata();
      expect([copy.format, copy.width]).toEqual(['webp', width]);
    }
    // A new name each time: a changed image never reuses an address kept by a browser for a year.
    expect(await storeSizedImage(store, 'run/cover', await jpeg(1600, 900))).not.toBe(key);
  });

  it('makes only the copies a small image can fill, and crops a banner to its shape', async () => {
    const small = await storeSizedImage(store, 'run/cover', await jpeg(600, 400));
    expect(sizedWidths(small)).toEqual([480]);
    const tiny = await storeSizedImage(store, 'run/cover', await jpeg(300, 200));
    expect(tiny).toMatch(/^run\/cover-[0-9a-f]{12}\.jpg$/);
    const banner = await storeSizedImage(store, 'banners/b', await jpeg(1000, 1000), {
      cover: { width: 1200, height: 450, position: 'top' },
    });
    const shape = await sharp(Buffer.from((await store.get(banner)) as Uint8Array)).metadata();
    expect([shape.width, shape.height]).toEqual([1200, 450]);
    expect(sizedWidths(banner)).toEqual([480, 800, 1200]);
  });

  it('deletes the JPEG with its copies', async () => {
    const key = await storeSizedImage(store, 'run/cover', await jpeg(1300, 700));
    await deleteSizedImage(store, key);
    expect(await store.exists(key)).toBe(false);
    for (const width of [480, 800, 1200]) expect(await store.exists(sizedCopy(key, width))).toBe(false);
  });
});
