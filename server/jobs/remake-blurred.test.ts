// The remake-blurred job on a real database and a disk store: it blurs the faces of the photo's active removals
// (never an undone one's), the same job run after an undo makes the images unblurred, and the old name's objects
// go, through the job queue as the runner runs it.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoObjectKeys } from '../../core/contract/photos';
import type { Db } from '../db/database';
import { insertEvent } from '../db/events-repo';
import { findJob, insertJob } from '../db/jobs-repo';
import {
  blurBoxesOfPhoto,
  insertRemoval,
  recordRemovedFaces,
  undoRemoval,
} from '../db/removal-requests-repo';
import { testDatabases } from '../db/test-databases';
import { DELETE_PHOTO_OBJECTS, deletePhotoObjects } from '../services/blurred-images';
import { importPhoto, photoDerivatives } from '../services/photo-import';
import { DiskStore } from '../storage/disk-store';
import { JobPayloadError } from './kinds';
import { enqueue, runJobs } from './queue';
import { remakeBlurred } from './remake-blurred';

const GROUP = path.resolve(import.meta.dirname, '../../../shared/face-bench/group-1920.jpg');
const NOW = new Date('2026-11-28T05:00:00Z');
const BOX_A = { box_x: 440, box_y: 449, box_w: 95, box_h: 112 };
const BOX_B = { box_x: 109, box_y: 393, box_w: 102, box_h: 120 };
const BOX_C = { box_x: 630, box_y: 463, box_w: 84, box_h: 100 };

describe.each(testDatabases)('the remake-blurred job on $name', (database) => {
  let db: Db;
  let close: () => Promise<void>;
  let dir: string;
  let store: DiskStore;
  let photoId: number;
  let original: Uint8Array;

  const removal = (contact: string) =>
    insertRemoval(db, {
      descriptor: new Uint8Array(512),
      contact_key: contact,
      contact_masked: '081****678',
      language: 'th',
      state: 'active',
      confirmed_at: NOW,
    });
  const fileName = async () =>
    (await db.selectFrom('photos').select('file_name').where('id', '=', photoId).executeTakeFirstOrThrow())
      .file_name;
  /** Runs the job's kinds until none is ready, as the runner's upkeep lane would. */
  const drain = () =>
    runJobs(
      // A second ahead: a job queued in this very millisecond is ready (the database keeps microseconds).
      { db, now: () => new Date(Date.now() + 1000) },
      {
        'remake-blurred': (payload) => remakeBlurred({ db, store }, payload.photo_id),
        [DELETE_PHOTO_OBJECTS]: (payload) => deletePhotoObjects({ db, store }, payload),
      },
      { until: 'drained' },
    );
  const lastResult = async () =>
    (
      await db
        .selectFrom('jobs')
        .select('result')
        .where('kind', '=', 'remake-blurred')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).result;

  beforeAll(async () => {
    ({ db, close } = await database.open());
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'remake-blurred-'));
    store = new DiskStore(path.join(dir, 'objects'), { baseUrl: '/storage', signingSecret: 'test' });
    const eventId = await insertEvent(db, {
      event: {
        event_key: 'blur-run',
        title: 'blur run',
        cover_object: 'c.jpg',
        event_date_text: '28 พฤศจิกายน 2569',
        eventdate: '2026-11-28',
        province: 'กรุงเทพมหานคร',
        team_key: null,
        on_sale_start: NOW,
        on_sale_end: new Date(NOW.getTime() + 30 * 86_400_000),
      },
    });
    original = new Uint8Array(await fs.readFile(GROUP));
    const result = await importPhoto(
      { db, store },
      { event_id: eventId, event_key: 'blur-run' },
      { bytes: original, originalFileName: 'IMG_1.JPG' },
    );
    if (!('photoId' in result)) throw new Error('not imported');
    photoId = result.photoId;
  }, 60_000);
  afterAll(async () => {
    await close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('blurs the faces of active removals only, and an undo makes the images again unblurred', async () => {
    expect(await blurBoxesOfPhoto(db, photoId)).toEqual([]);
    expect(await blurBoxesOfPhoto(db, -1)).toEqual([]);
    const first = await removal('runner-a');
    const second = await removal('runner-b');
    const gone = await removal('runner-c');
    await recordRemovedFaces(db, first, [{ photo_id: photoId, ...BOX_A }]);
    await recordRemovedFaces(db, second, [{ photo_id: photoId, ...BOX_B }]);
    await recordRemovedFaces(db, gone, [{ photo_id: photoId, ...BOX_C }]);
    expect(await undoRemoval(db, gone, 'owner', NOW)).toEqual([photoId]);
    expect(await blurBoxesOfPhoto(db, photoId)).toEqual([
      { x: 440, y: 449, width: 95, height: 112 },
      { x: 109, y: 393, width: 102, height: 120 },
    ]);

    const before = await fileName();
    await enqueue(db, 'remake-blurred', { photo_id: photoId });
    expect(await drain()).toMatchObject({ done: 1, failed: 0 });
    const blurredName = await fileName();
    expect(blurredName).not.toBe(before);
    expect(await lastResult()).toEqual({ photo_id: photoId, file_name: blurredName, blurred: 2 });
    const blurredKeys = photoObjectKeys('blur-run', blurredName);
    const made = await photoDerivatives(original, await blurBoxesOfPhoto(db, photoId));
    expect(Buffer.compare(Buffer.from((await store.get(blurredKeys.preview)) ?? []), made.preview)).toBe(0);
    expect(await store.exists(photoObjectKeys('blur-run', before).preview)).toBe(false);

    // Both removals undone: the same job makes the images as import made them, under another name.
    await undoRemoval(db, first, 'runner', NOW);
    await undoRemoval(db, second, 'owner', NOW);
    await enqueue(db, 'remake-blurred', { photo_id: photoId });
    expect(await drain()).toMatchObject({ done: 1, failed: 0 });
    const plainName = await fileName();
    expect(plainName).not.toBe(blurredName);
    expect(await lastResult()).toEqual({ photo_id: photoId, file_name: plainName, blurred: 0 });
    const plain = await photoDerivatives(original);
    const preview = await store.get(photoObjectKeys('blur-run', plainName).preview);
    expect(Buffer.compare(Buffer.from(preview ?? []), plain.preview)).toBe(0);
    expect(await store.exists(blurredKeys.preview)).toBe(false);
    expect(await store.exists(blurredKeys.original)).toBe(false);
  }, 60_000);

  it('the clean-up job deletes only a name the photo no longer has; a bad payload is refused, or fails at once', async () => {
    const current = await fileName();
    await enqueue(db, DELETE_PHOTO_OBJECTS, { photo_id: photoId, file_name: current });
    await enqueue(db, DELETE_PHOTO_OBJECTS, { photo_id: photoId, file_name: '../../etc' });
    // @ts-expect-error: not the kind's payload, refused when queued.
    await expect(enqueue(db, DELETE_PHOTO_OBJECTS, { nothing: true })).rejects.toThrow(JobPayloadError);
    // One written to the table some other way fails when claimed, never tried again.
    const handWritten = await insertJob(db, DELETE_PHOTO_OBJECTS, { nothing: true });
    await enqueue(db, 'remake-blurred', { photo_id: 987_654_321 });
    expect(await drain()).toMatchObject({ done: 3, failed: 1, retried: 0 });
    expect(await findJob(db, handWritten)).toMatchObject({
      state: 'failed',
      attempts: 1,
      error: expect.stringContaining('payload is not valid'),
    });
    expect(await store.exists(photoObjectKeys('blur-run', current).original)).toBe(true);
    expect(await store.exists(photoObjectKeys('blur-run', current).preview)).toBe(true);
  });
});
