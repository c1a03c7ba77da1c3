// The bib jobs on a real database and disk store, a fixed pool standing in for the worker threads (the
// pool's own test reads real photos): indexing keeps the bibs read with the faces; the read-bibs job reads the
// photos indexed before, a batch a run, queueing itself for the rest, passing over a photo that fails.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoObjectKeys } from '../../core/contract/photos';
import type { BibRead } from '../bibs/read-bibs';
import { bibReadingCounts, photosWithBib } from '../db/bibs-repo';
import type { Db } from '../db/database';
import { insertEvent, updateEvent } from '../db/events-repo';
import { saveFacesOfPhoto } from '../db/faces-repo';
import { insertPhotos } from '../db/photos-repo';
import { testDatabases } from '../db/test-databases';
import type { BibsJobInput, BibsOutcome, IndexJob, IndexOutcome } from '../faces/index-pool';
import { descriptorToBytes } from '../faces/matrix';
import { DiskStore } from '../storage/disk-store';
import { groupingOver, indexPhoto } from './index-photo';
import { READ_BIBS_BATCH, readEventBibs } from './read-bibs';

const NOW = new Date('2026-11-22T05:00:00Z');
const box = (x: number) => ({ x, y: 100, width: 200, height: 260 });
const read = (face: number, bib: string): BibRead => ({
  face,
  bib,
  confidence: 0.97,
  box: { x: 50, y: 600, width: 300, height: 100 },
});

describe.each(testDatabases)('bib jobs on $name', (database) => {
  let db: Db;
  let close: () => Promise<void>;
  let store: DiskStore;
  let eventId = 0;
  const asked: IndexJob[] = [];
  const askedBibs: BibsJobInput[] = [];
  const pool = {
    async index(job: IndexJob): Promise<IndexOutcome> {
      asked.push(job);
      return {
        photoId: job.photoId,
        ok: true,
        ms: 10,
        faces: [0, 1].map((i) => ({
          box: box(i * 300),
          score: 0.9,
          descriptor: new Float32Array(128).fill(i),
        })),
        ...(job.bibs ? { bibs: [read(1, '2345')] } : {}),
      };
    },
    async readBibs(job: BibsJobInput): Promise<BibsOutcome> {
      askedBibs.push(job);
      if (job.bytes.length === 0) return { photoId: job.photoId, ok: false, reason: 'unreadable image' };
      return { photoId: job.photoId, ok: true, ms: 10, bibs: [read(0, `9${job.photoId}`.slice(0, 4))] };
    },
    describeSelfie: async () => ({ kind: 'no-face' as const }),
  };
  const engine = { noteIndexed() {}, forget() {}, searchDescriptor: async () => [] };

  const addPhotos = async (n: number, from: number) => {
    const ids = await insertPhotos(
      db,
      Array.from({ length: n }, (_, i) => ({
        event_id: eventId,
        stage_id: null,
        original_file_name: `IMG_${from + i}.JPG`,
        file_name: `p${from + i}.jpg`,
        width: 4000,
        height: 3000,
        taken_at: NOW,
        index_error: null,
      })),
    );
    for (const [i, id] of ids.entries()) {
      const original = photoObjectKeys('bib-run', `p${from + i}.jpg`).original;
      await store.put(original, new Uint8Array(i === 1 && from === 100 ? 0 : 10), 'image/jpeg');
      void id;
    }
    return ids;
  };

  beforeAll(async () => {
    ({ db, close } = await database.open());
    store = new DiskStore(await fs.mkdtemp(path.join(os.tmpdir(), 'bib-jobs-')), {
      baseUrl: '/storage',
      signingSecret: 'x',
    });
    eventId = await insertEvent(db, {
      event: {
        event_key: 'bib-run',
        title: 'Bib run',
        cover_object: 'c.jpg',
        event_date_text: '1',
        eventdate: '2026-11-01',
        province: 'x',
        team_key: null,
        on_sale_start: NOW,
        on_sale_end: NOW,
      },
    });
  });
  afterAll(() => close());

  it('keeps the bibs read with the faces when a photo is indexed, and none for an event without bibs', async () => {
    const [photo = 0] = await addPhotos(1, 1);
    const result = await indexPhoto({ db, store, pool, engine, grouping: groupingOver(db) }, photo);
    expect(result).toMatchObject({ photo_id: photo, faces: 2, bibs: 1 });
    expect(asked.at(-1)).toMatchObject({ photoId: photo, bibs: true });
    expect(await photosWithBib(db, eventId, '2345', 10)).toEqual([photo]);
    const stored = await db.selectFrom('bib_reads').selectAll().where('photo_id', '=', photo).execute();
    const faces = await db
      .selectFrom('faces')
      .select('id')
      .where('photo_id', '=', photo)
      .orderBy('id')
      .execute();
    // Under the second face, as read.
    expect(stored.map((r) => Number(r.face_id))).toEqual([Number(faces[1]?.id)]);
    // Indexed again: its faces and reads replaced, not doubled.
    await indexPhoto({ db, store, pool, engine, grouping: groupingOver(db) }, photo);
    expect(
      await db.selectFrom('bib_reads').select('id').where('photo_id', '=', photo).execute(),
    ).toHaveLength(1);
    // Indexed again without its bibs (their reading failed): its old reads went with its faces, so it is unread.
    const failing = {
      ...pool,
      index: async (job: IndexJob): Promise<IndexOutcome> => {
        const done = await pool.index({ ...job, bibs: false });
        return {
          ...done,
          ...(done.ok ? { bibsFailed: 'the text models did not load' } : {}),
        } as IndexOutcome;
      },
    };
    expect(
      await indexPhoto({ db, store, pool: failing, engine, grouping: groupingOver(db) }, photo),
    ).toMatchObject({
      bibs_failed: 'the text models did not load',
    });
    expect(await photosWithBib(db, eventId, '2345', 10)).toEqual([]);
    expect(
      await db.selectFrom('photos').select('bibs_read').where('id', '=', photo).executeTakeFirstOrThrow(),
    ).toEqual({ bibs_read: false });
    await indexPhoto({ db, store, pool, engine, grouping: groupingOver(db) }, photo);
    expect(await photosWithBib(db, eventId, '2345', 10)).toEqual([photo]);
    await updateEvent(db, eventId, { bib_min_digits: 0, bib_max_digits: 0 });
    const [other = 0] = await addPhotos(1, 2);
    await indexPhoto({ db, store, pool, engine, grouping: groupingOver(db) }, other);
    expect(asked.at(-1)).toMatchObject({ photoId: other, bibs: false });
    await updateEvent(db, eventId, { bib_min_digits: 3, bib_max_digits: 5 });
    await db.deleteFrom('photos').where('id', '=', other).execute();
  });

  it('reads the photos indexed before bibs, a batch a run, passing over one that fails', async () => {
    const ids = await addPhotos(READ_BIBS_BATCH + 2, 100);
    const face = { box: box(0), score: 0.9, descriptor: descriptorToBytes(new Float32Array(128)) };
    // Indexed before bibs were read; one with no face at all.
    for (const [i, id] of ids.entries()) await saveFacesOfPhoto(db, id, eventId, i === 2 ? [] : [face]);
    expect((await bibReadingCounts(db, eventId))[0]).toMatchObject({ photos_unread: READ_BIBS_BATCH + 2 });
    const first = await readEventBibs({ db, store, pool }, eventId);
    expect(first).toMatchObject({ photos: READ_BIBS_BATCH - 1, more: true });
    // The second photo's original is empty: its reading failed, and it is not tried again this round.
    expect(first.failed).toEqual([{ photo_id: ids[1], reason: 'unreadable image' }]);
    // The photo without faces needed no reading.
    expect(askedBibs.map((j) => j.photoId)).not.toContain(ids[2]);
    const next = await db.selectFrom('jobs').select('payload').where('kind', '=', 'read-bibs').execute();
    const after = ids[READ_BIBS_BATCH - 1] as number;
    expect(next.map((j) => j.payload)).toContainEqual({ event_id: eventId, after_id: after });
    // A store that does not answer fails the photo, not the run: the next photos are read.
    const flaky = Object.create(store) as DiskStore;
    let calls = 0;
    flaky.get = async (key: string) => {
      calls += 1;
      if (calls === 1) throw new Error('connection reset');
      return store.get(key);
    };
    const second = await readEventBibs({ db, store: flaky, pool }, eventId, after);
    expect(second.failed).toEqual([{ photo_id: ids[READ_BIBS_BATCH], reason: 'connection reset' }]);
    expect(second).toMatchObject({ photos: 1, more: false });
    await readEventBibs({ db, store, pool }, eventId, after);
    const third = await readEventBibs({ db, store, pool }, eventId, after);
    expect(third).toMatchObject({ photos: 0, failed: [], more: false });
    expect((await bibReadingCounts(db, eventId))[0]).toMatchObject({ photos_unread: 1 });
    expect(await photosWithBib(db, eventId, `9${ids[0]}`.slice(0, 4), 10)).toContain(ids[0]);
  });
});
