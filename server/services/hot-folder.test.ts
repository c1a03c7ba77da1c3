// The hot folder on a real database and disk store: photos imported once they are complete, never under
// a temporary name, each content once (also after a restart, or under another name), bad files refused once.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { insertEvent } from '../db/events-repo';
import { testDatabases } from '../db/test-databases';
import { DiskStore } from '../storage/disk-store';
import { type HotFolderOutcome, isPhotoName, watchFolder } from './hot-folder';

const jpeg = (colour: string) =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

describe('what a hot folder takes', () => {
  it('takes photos by name, never a file still under its temporary name', () => {
    for (const name of ['IMG_0001.JPG', 'a.jpeg', 'b.png', 'ภาพ 1.jpg'])
      expect(isPhotoName(name), name).toBe(true);
    for (const name of [
      'IMG_0001.JPG.part',
      'a.jpg.crdownload',
      '.a.jpg',
      'a.jpg~',
      'a.tmp',
      'notes.txt',
      'a.mov',
    ])
      expect(isPhotoName(name), name).toBe(false);
  });
});

describe.each(testDatabases)('a hot folder on $name', (database) => {
  let db: Db;
  let close: () => Promise<void>;
  let store: DiskStore;
  let folder: string;
  let event: { event_id: number; event_key: string };

  beforeAll(async () => {
    ({ db, close } = await database.open());
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hot-folder-'));
    store = new DiskStore(path.join(dir, 'objects'), { baseUrl: '/storage', signingSecret: 'x' });
    folder = path.join(dir, 'card');
    await fs.mkdir(folder);
    const now = new Date('2026-11-22T05:00:00Z');
    const eventId = await insertEvent(db, {
      event: {
        event_key: 'live-run',
        title: 'Live run',
        cover_object: 'c.jpg',
        event_date_text: '22',
        eventdate: '2026-11-22',
        province: 'x',
        team_key: null,
        on_sale_start: now,
        on_sale_end: now,
      },
    });
    event = { event_id: eventId, event_key: 'live-run' };
  });
  afterAll(() => close());

  const photoNames = async () =>
    (
      await db
        .selectFrom('photos')
        .select(['original_file_name', 'photographer_id'])
        .where('event_id', '=', event.event_id)
        .orderBy('id')
        .execute()
    ).map((p) => `${p.original_file_name}@${p.photographer_id}`);

  it('imports each photo once it is complete, each content once, and refuses what is not a photo', async () => {
    const red = await jpeg('#c33');
    const green = await jpeg('#3c3');
    const blue = await jpeg('#33c');
    const put = (name: string, bytes: Uint8Array) => fs.writeFile(path.join(folder, name), bytes);
    await put('A.JPG', red);
    await put('B.JPG.part', green);
    await fs.writeFile(path.join(folder, 'notes.txt'), 'not a photo');
    // What happens in the folder between two looks, look by look.
    const between: (() => Promise<void>)[] = [
      // The FTP upload of B is renamed into place; D starts arriving.
      async () => {
        await fs.rename(path.join(folder, 'B.JPG.part'), path.join(folder, 'B.JPG'));
        await put('D.JPG', blue.subarray(0, 300));
      },
      // D is still growing; a camera sends A again under another name; a damaged photo lands.
      async () => {
        await put('D.JPG', blue.subarray(0, 600));
        await put('A-again.JPG', red);
        await put('BAD.JPG', red.subarray(0, 200));
      },
      async () => put('D.JPG', blue),
      async () => {},
      async () => {},
    ];
    const outcomes: HotFolderOutcome[] = [];
    const summary = await watchFolder(
      { db, store },
      event,
      folder,
      {
        photographerId: 7,
        rounds: between.length + 1,
        sleep: async () => (await between.shift()?.()) ?? undefined,
      },
      (outcome) => outcomes.push(outcome),
    );
    expect(outcomes.map((o) => `${o.file}:${Object.keys(o)[1]}`)).toEqual([
      'A.JPG:imported',
      'B.JPG:imported',
      'A-again.JPG:duplicateOf',
      'BAD.JPG:refused',
      'D.JPG:imported',
    ]);
    expect(summary).toEqual({ imported: 3, duplicates: 1, refused: 1, failed: 0 });
    expect(await photoNames()).toEqual(['A.JPG@7', 'B.JPG@7', 'D.JPG@7']);
    // Each photo queued for indexing.
    const jobs = await db.selectFrom('jobs').select('kind').where('kind', '=', 'index-photo').execute();
    expect(jobs).toHaveLength(3);
  });

  it('imports nothing twice after a restart', async () => {
    const outcomes: HotFolderOutcome[] = [];
    const summary = await watchFolder(
      { db, store },
      event,
      folder,
      { photographerId: 7, rounds: 2, sleep: async () => {} },
      (outcome) => outcomes.push(outcome),
    );
    expect(summary).toEqual({ imported: 0, duplicates: 4, refused: 1, failed: 0 });
    expect(await photoNames()).toEqual(['A.JPG@7', 'B.JPG@7', 'D.JPG@7']);
  });

  it('stops when asked, and a folder that is gone is waited for', async () => {
    const stop = new AbortController();
    stop.abort();
    expect(await watchFolder({ db, store }, event, folder, { signal: stop.signal }, () => undefined)).toEqual(
      { imported: 0, duplicates: 0, refused: 0, failed: 0 },
    );
    expect(
      await watchFolder(
        { db, store },
        event,
        path.join(folder, 'none'),
        { rounds: 2, sleep: async () => {} },
        () => {
          throw new Error('nothing to import');
        },
      ),
    ).toEqual({ imported: 0, duplicates: 0, refused: 0, failed: 0 });
  });
});
