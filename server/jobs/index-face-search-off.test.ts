// Indexing an event whose face search is off, with a real race photo of ../shared/bib-bench (read in place) indexed
// once by the real worker pool: no face and no descriptor is kept, the bibs read under the faces found are kept
// naming no face and found by the bib search; an event turned off while its photo was being indexed keeps none
// either; and a search engine that held the event's faces forgets them once it looks (face-search-off.ts).
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { photoObjectKeys } from '../../core/contract/photos';
import { photosWithBib } from '../db/bibs-repo';
import type { Db } from '../db/database';
import { insertEvent, updateEvent } from '../db/events-repo';
import { deleteFacesOfEvent, faceBlockOfEvent } from '../db/faces-repo';
import { insertPhotos } from '../db/photos-repo';
import { testDatabases } from '../db/test-databases';
import { FaceIndexEngine } from '../faces/engine';
import { watchFaceSearchOff } from '../faces/face-search-off';
import { createIndexPool, type IndexJob, type IndexOutcome } from '../faces/index-pool';
import { DiskStore } from '../storage/disk-store';
import { groupingOver, indexPhoto } from './index-photo';

const NOW = new Date('2026-11-22T05:00:00Z');
const RACE_PHOTO = path.join(process.cwd(), '..', 'shared', 'bib-bench', 'images', 'set1_01.JPG');
/** The runner's bib in that photo (../shared/bib-bench/truth.json). */
const BIB = '3638';

let indexed: Extract<IndexOutcome, { ok: true }>;
let bytes: Uint8Array;

beforeAll(async () => {
  bytes = new Uint8Array(readFileSync(RACE_PHOTO));
  const pool = createIndexPool({ workers: 1 });
  try {
    const outcome = await pool.index({ photoId: 1, bytes, bibs: true });
    if (!outcome.ok) throw new Error(outcome.reason);
    indexed = outcome;
  } finally {
    await pool.close();
  }
}, 120_000);

describe.each(testDatabases)('indexing with face search off on $name', (database) => {
  let db: Db;
  let close: () => Promise<void>;
  let store: DiskStore;
  /** The real pool's answer for the photo, given again for each job (and what the job asked kept). */
  const asked: IndexJob[] = [];
  let beforeAnswer: () => Promise<void> = async () => {};
  const pool = {
    async index(job: IndexJob): Promise<IndexOutcome> {
      asked.push(job);
      await beforeAnswer();
      return { ...indexed, photoId: job.photoId };
    },
  };

  const newEvent = async (key: string, faceSearch: boolean) =>
    insertEvent(db, {
      event: {
        event_key: key,
        title: key,
        cover_object: 'c.jpg',
        event_date_text: '1',
        eventdate: '2026-11-01',
        province: 'x',
        team_key: null,
        on_sale_start: NOW,
        on_sale_end: NOW,
        face_search: faceSearch,
      },
    });
  const addPhoto = async (eventId: number, eventKey: string) => {
    const [id = 0] = await insertPhotos(db, [
      {
        event_id: eventId,
        stage_id: null,
        original_file_name: 'set1_01.JPG',
        file_name: `${eventKey}.jpg`,
        width: 4000,
        height: 3000,
        taken_at: NOW,
        index_error: null,
      },
    ]);
    await store.put(photoObjectKeys(eventKey, `${eventKey}.jpg`).original, bytes, 'image/jpeg');
    return id;
  };
  const facesOf = (eventId: number) =>
    db.selectFrom('faces').select('id').where('event_id', '=', eventId).execute();
  const readsOf = (photoId: number) =>
    db.selectFrom('bib_reads').select(['bib', 'face_id']).where('photo_id', '=', photoId).execute();

  beforeAll(async () => {
    ({ db, close } = await database.open());
    store = new DiskStore(await fs.mkdtemp(path.join(os.tmpdir(), 'face-off-')), {
      baseUrl: '/storage',
      signingSecret: 'x',
    });
  });
  afterAll(() => close());

  it('the real photo has faces and its runner’s bib read under one of them', () => {
    expect(indexed.faces.length).toBeGreaterThan(0);
    expect(indexed.bibs?.map((b) => b.bib)).toContain(BIB);
  });

  it('keeps no face of an event without face search, but its bib reads, naming no face', async () => {
    const eventId = await newEvent('no-faces', false);
    const photo = await addPhoto(eventId, 'no-faces');
    const engine = { noteIndexed: vi.fn(), forget: vi.fn(), searchDescriptor: vi.fn(async () => []) };
    const grouping = groupingOver(db);
    const forgetPeople = vi.spyOn(grouping, 'forget');
    const result = await indexPhoto({ db, store, pool, engine, grouping }, photo);
    expect(result).toMatchObject({
      photo_id: photo,
      faces: 0,
      people: 0,
      faces_not_kept: indexed.faces.length,
      bibs: indexed.bibs?.length,
    });
    expect(asked.at(-1)).toMatchObject({ photoId: photo, bibs: true });
    expect(await facesOf(eventId)).toEqual([]);
    expect(await db.selectFrom('faces').select('id').where('photo_id', '=', photo).execute()).toEqual([]);
    const reads = await readsOf(photo);
    expect(reads.map((r) => r.bib)).toContain(BIB);
    expect(reads.every((r) => r.face_id === null)).toBe(true);
    expect(await photosWithBib(db, eventId, BIB, 10)).toEqual([photo]);
    expect(
      await db
        .selectFrom('photos')
        .select(['index_state', 'bibs_read'])
        .where('id', '=', photo)
        .executeTakeFirst(),
    ).toEqual({ index_state: 'indexed', bibs_read: true });
    // Nothing of the event is searched or grouped by face here.
    expect(engine.searchDescriptor).not.toHaveBeenCalled();
    expect(engine.noteIndexed).not.toHaveBeenCalled();
    expect(engine.forget).toHaveBeenCalledWith(eventId);
    expect(forgetPeople).toHaveBeenCalledWith(eventId);
  });

  it('keeps the faces of an event with face search, its reads naming them', async () => {
    const eventId = await newEvent('with-faces', true);
    const photo = await addPhoto(eventId, 'with-faces');
    const engine = { noteIndexed: vi.fn(), forget: vi.fn(), searchDescriptor: vi.fn(async () => []) };
    const result = await indexPhoto({ db, store, pool, engine, grouping: groupingOver(db) }, photo);
    expect(result).toMatchObject({ faces: indexed.faces.length });
    expect(result).not.toHaveProperty('faces_not_kept');
    expect(await facesOf(eventId)).toHaveLength(indexed.faces.length);
    expect((await readsOf(photo)).every((r) => r.face_id !== null)).toBe(true);
    expect(engine.noteIndexed).toHaveBeenCalledWith(eventId);
  });

  it('keeps no face when the event’s face search is turned off while its photo is indexed', async () => {
    const eventId = await newEvent('turned-off', true);
    const photo = await addPhoto(eventId, 'turned-off');
    beforeAnswer = async () => {
      await updateEvent(db, eventId, { face_search: false });
      await deleteFacesOfEvent(db, eventId);
    };
    const engine = { noteIndexed: vi.fn(), forget: vi.fn(), searchDescriptor: vi.fn(async () => []) };
    try {
      const result = await indexPhoto({ db, store, pool, engine, grouping: groupingOver(db) }, photo);
      expect(result).toMatchObject({ faces: 0, faces_not_kept: indexed.faces.length });
    } finally {
      beforeAnswer = async () => {};
    }
    expect(await facesOf(eventId)).toEqual([]);
    const reads = await readsOf(photo);
    expect(reads.map((r) => r.bib)).toContain(BIB);
    expect(reads.every((r) => r.face_id === null)).toBe(true);
    expect(engine.forget).toHaveBeenCalledWith(eventId);
  });

  it('a search engine that held the event’s faces forgets them once its face search is off', async () => {
    const eventId = await newEvent('searched', true);
    const photo = await addPhoto(eventId, 'searched');
    const forgotten: number[] = [];
    const engine: FaceIndexEngine = new FaceIndexEngine({
      loadFaces: (id, afterId) => {
        watch.loaded(id);
        return faceBlockOfEvent(db, id, afterId);
      },
      recheckMs: 0,
    });
    const watch = watchFaceSearchOff(
      db,
      (id) => {
        forgotten.push(id);
        engine.forget(id);
      },
      0,
    );
    await indexPhoto({ db, store, pool, engine, grouping: groupingOver(db) }, photo);
    const runner = indexed.faces[0]?.descriptor as Float32Array;
    const query = { eventId, threshold: 0.6, maxResults: 10 };
    expect((await engine.searchDescriptor(runner, query)).map((m) => m.photoId)).toEqual([photo]);
    expect(engine.facesInMemory(eventId)).toBe(indexed.faces.length);

    // As update-event --face-search off does, in another process.
    await db.transaction().execute(async (trx) => {
      await updateEvent(trx, eventId, { face_search: false });
      await deleteFacesOfEvent(trx, eventId);
    });
    // The engine's matrix still holds them (new faces are appended; deleted ones are not noticed) until it looks.
    expect(engine.facesInMemory(eventId)).toBe(indexed.faces.length);
    expect(await watch.check()).toEqual([eventId]);
    expect(forgotten).toEqual([eventId]);
    expect(engine.facesInMemory(eventId)).toBe(0);
    expect(await engine.searchDescriptor(runner, query)).toEqual([]);
    watch.stop();
  });
});
