// Integration: public images made the older way (1600 px preview, corner stamp, unmarked thumbnail) are remade
// from the originals, marked all over, with their WebP copies; those already marked (version 2) only get their
// copies, made from their JPEGs. By the remake-previews job, queued once per event (PGlite and PostgreSQL).

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_VERSION, photoObjectKeys } from '../../core/contract/photos';
import type { Db } from '../db/database';
import { insertEvent } from '../db/events-repo';
import { jobsWithPayload } from '../db/jobs-repo';
import { testDatabases } from '../db/test-databases';
import { DiskStore } from '../storage/disk-store';
import { testEvent } from '../test/fixtures';
import { unmarkedCells } from '../test/marks';
import { queuePreviewRemakes, remakePreviews } from './remake-previews';

describe.each(testDatabases)('remaking older public images on $name', (database) => {
  let db: Db;
  let close: () => Promise<void>;
  let store: DiskStore;
  let dir: string;
  let eventId: number;
  const ids: number[] = [];
  const plain = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#3a6ea5' } })
      .jpeg()
      .toBuffer();

  beforeAll(async () => {
    ({ db, close } = await database.open());
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'remake-'));
    store = new DiskStore(dir, { baseUrl: '/storage', signingSecret: 's', now: () => Date.now() });
    eventId = await insertEvent(db, { event: testEvent('old-run') });
    for (const n of [1, 2, 3, 4]) {
      const fileName = `old-${n}.jpg`;
      const [row] = await db
        .insertInto('photos')
        .values({
          event_id: eventId,
          original_file_name: `IMG_${n}.JPG`,
          file_name: fileName,
          width: 2400,
          height: 1600,
          taken_at: new Date(),
          // The fourth was made marked all over, before WebP copies; its original is gone too.
          preview_version: n === 4 ? 2 : 1,
        })
        .returning('id')
        .execute();
      ids.push(row?.id ?? 0);
      const keys = photoObjectKeys('old-run', fileName);
      if (n === 4) {
        await store.put(keys.thumbnail, await plain(480, 320), 'image/jpeg');
        await store.put(keys.preview, await plain(1200, 800), 'image/jpeg');
        continue;
      }
      // The old way: an unmarked thumbnail and a plain 1600 px preview. The third photo's original is gone.
      if (n !== 3) await store.put(keys.original, await plain(2400, 1600), 'image/jpeg');
      await store.put(keys.thumbnail, await plain(480, 320), 'image/jpeg');
      await store.put(keys.preview, await plain(1600, 1067), 'image/jpeg');
    }
  }, 60_000);
  afterAll(async () => {
    await close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('queues one remake per event with older images, and not again while it waits', async () => {
    expect(await queuePreviewRemakes(db)).toBe(1);
    expect(await queuePreviewRemakes(db)).toBe(0);
    expect(await jobsWithPayload(db, 'remake-previews', { event_id: eventId })).toHaveLength(1);
  });

  it('remakes them marked all over at 1200 px, removes those it cannot remake, and records each', async () => {
    expect(await remakePreviews({ db, store }, eventId)).toEqual({
      event_id: eventId,
      remade: 3,
      missing: 1,
    });
    for (const n of [1, 2]) {
      const keys = photoObjectKeys('old-run', `old-${n}.jpg`);
      const preview = (await store.get(keys.preview)) as Uint8Array;
      expect(await sharp(preview).metadata()).toMatchObject({ width: 1200, height: 800 });
      expect(await unmarkedCells(preview)).toEqual([]);
      expect(await unmarkedCells((await store.get(keys.thumbnail)) as Uint8Array)).toEqual([]);
      const copy = (await store.get(keys.previewCopy)) as Uint8Array;
      expect(await sharp(copy).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 800 });
      expect(await unmarkedCells(copy)).toEqual([]);
    }
    // Already marked: its JPEGs stay as they were, and its copies are made from them.
    const marked = photoObjectKeys('old-run', 'old-4.jpg');
    expect(await sharp((await store.get(marked.thumbnailCopy)) as Uint8Array).metadata()).toMatchObject({
      format: 'webp',
      width: 480,
      height: 320,
    });
    expect(await sharp((await store.get(marked.previewCopy)) as Uint8Array).metadata()).toMatchObject({
      format: 'webp',
      width: 1200,
    });
    const gone = photoObjectKeys('old-run', 'old-3.jpg');
    expect(await store.exists(gone.preview)).toBe(false);
    expect(await store.exists(gone.thumbnail)).toBe(false);
    const versions = await db.selectFrom('photos').select('preview_version').where('id', 'in', ids).execute();
    expect(versions.map((v) => v.preview_version)).toEqual(ids.map(() => PREVIEW_VERSION));
    // Done: nothing more to remake, nothing queued.
    expect(await remakePreviews({ db, store }, eventId)).toMatchObject({ remade: 0, missing: 0 });
  });
});
