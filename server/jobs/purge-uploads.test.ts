// Photographers' uploads never said done are removed half an hour after their last byte, from the disk store and from
// S3 (s3rver, which checks signatures); an upload whose import is queued or running stays, and nothing outside
// private/uploads/ is touched. On the embedded database and PostgreSQL.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { testDatabases } from '../db/test-databases';
import { DiskStore } from '../storage/disk-store';
import type { ObjectStore } from '../storage/object-store';
import { S3Store } from '../storage/s3-store';
import { type RunningS3, S3RVER_KEYS, startS3rver } from '../test/s3rver';
import { purgeUnfinishedUploads, UNFINISHED_UPLOAD_MINUTES } from './purge-uploads';
import { enqueue } from './queue';

const MINUTE = 60_000;
const bytes = new Uint8Array([1, 2, 3]);

interface StoreCase {
  name: string;
  open(): Promise<{ store: ObjectStore; close(): Promise<void> }>;
}

const stores: StoreCase[] = [
  {
    name: 'the disk store',
    async open() {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'purge-uploads-'));
      const store = new DiskStore(dir, { baseUrl: '/storage', signingSecret: 's' });
      return { store, close: () => fs.rm(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'S3',
    async open() {
      const s3: RunningS3 = await startS3rver('photos');
      const store = new S3Store({
        endpoint: s3.endpoint,
        bucket: 'photos',
        ...S3RVER_KEYS,
        region: 'us-east-1',
      });
      return { store, close: () => s3.close() };
    },
  },
];

describe.each(testDatabases)('the purge of unfinished uploads on $name', (database) => {
  let db: Db;
  let closeDb: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close: closeDb } = await database.open());
  });
  afterAll(() => closeDb());

  describe.each(stores)('on $name', (storeCase) => {
    let store: ObjectStore;
    let closeStore: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close: closeStore } = await storeCase.open());
    });
    afterAll(() => closeStore());

    it('removes an upload never said done half an hour after it arrived, keeps one being imported and all else', async () => {
      const left = 'private/uploads/live-run/left';
      const queued = 'private/uploads/live-run/queued';
      const running = 'private/uploads/other-run/running';
      const importedBefore = 'private/uploads/live-run/done-before';
      const selfie = 'private/selfies/live-run/s.jpg';
      const photo = 'live-run/thumbnail/p.jpg';
      for (const key of [left, queued, running, importedBefore, selfie, photo])
        await store.put(key, bytes, 'image/jpeg');
      const payload = (key: string) => ({
        event_id: 1,
        key,
        sha256: 'a'.repeat(64),
        file_name: 'x.jpg',
        photographer_id: 1,
      });
      await enqueue(db, 'import-upload', payload(queued));
      const runningId = await enqueue(db, 'import-upload', payload(running));
      await db.updateTable('jobs').set({ state: 'running' }).where('id', '=', runningId).execute();
      // An import that ended (it failed for good, say) protects nothing.
      const doneId = await enqueue(db, 'import-upload', payload(importedBefore));
      await db.updateTable('jobs').set({ state: 'failed' }).where('id', '=', doneId).execute();

      // Within the half hour: nothing goes.
      const soon = new Date(Date.now() + (UNFINISHED_UPLOAD_MINUTES - 2) * MINUTE);
      expect(await purgeUnfinishedUploads({ db, store, now: () => soon })).toEqual({
        removed: 0,
        importing: 0,
        abandonedParts: 0,
      });
      for (const key of [left, queued, running, importedBefore])
        expect(await store.exists(key), key).toBe(true);

      const later = new Date(Date.now() + (UNFINISHED_UPLOAD_MINUTES + 1) * MINUTE);
      expect(await purgeUnfinishedUploads({ db, store, now: () => later })).toEqual({
        removed: 2,
        importing: 2,
        abandonedParts: 0,
      });
      expect(await store.exists(left)).toBe(false);
      expect(await store.exists(importedBefore)).toBe(false);
      for (const key of [queued, running, selfie, photo]) expect(await store.exists(key), key).toBe(true);
      await db.deleteFrom('jobs').execute();
    });
  });
});

describe('the purge of unfinished uploads on the disk store', () => {
  it('removes the temporary file of an upload cut off, once it has been still for half an hour', async () => {
    const database = testDatabases[0] as (typeof testDatabases)[number];
    const { db, close } = await database.open();
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'purge-uploads-tmp-'));
    try {
      const store = new DiskStore(dir, { baseUrl: '/storage', signingSecret: 's' });
      const staged = await store.stageNew('private/uploads/ev/abc', new Blob([bytes]).stream(), 3);
      if (typeof staged === 'string') throw new Error(staged);
      // The process that wrote it ended before putting it in place.
      const folder = path.join(dir, 'private', 'uploads', 'ev');
      const [temp] = await fs.readdir(folder);
      expect(temp).toMatch(/^abc\..*\.tmp$/);
      const later = new Date(Date.now() + (UNFINISHED_UPLOAD_MINUTES + 1) * MINUTE);
      expect((await purgeUnfinishedUploads({ db, store, now: () => later })).removed).toBe(1);
      expect(await fs.readdir(folder)).toEqual([]);
    } finally {
      await close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
