// "Remove my face" with real faces: the face set's people (../shared/faces, 8 people, 5 photos each) described by the
// real models, their photos indexed by the index job (a stand-in pool hands it the real descriptors), a runner's
// removal made with one of their photos, then searched for with their others: found by none, in old photos or in
// ones imported after; everyone else still found as before.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAudit } from '../../db/audit-repo';
import type { Db } from '../../db/database';
import { findById, insertEvent } from '../../db/events-repo';
import { faceBlockOfEvent } from '../../db/faces-repo';
import { insertPhotos } from '../../db/photos-repo';
import type { EventRow } from '../../db/schema';
import { testDatabases } from '../../db/test-databases';
import { selfieDescriptor } from '../../faces/detect';
import { FaceIndexEngine } from '../../faces/engine';
import type { IndexJob, IndexOutcome } from '../../faces/index-pool';
import { groupingOver, indexPhoto } from '../../jobs/index-photo';
import { TEST_CONSENT } from '../../test/consent';
import { photosOfFace } from '../face-search';
import { removeFace, undoRemovals } from './face-removal';
import { removalsChanged } from './removed-faces';

const FACES = path.resolve(import.meta.dirname, '../../../../shared/faces');
const PEOPLE = ['amy', 'bernadette', 'howard', 'leonard', 'penny', 'raj', 'sheldon', 'stuart'] as const;
const REMOVED = 'penny';
const NOW = new Date('2026-11-28T05:00:00Z');

/** Each person's five photos' descriptors. */
const described = new Map<string, Float32Array[]>();

beforeAll(async () => {
  for (const person of PEOPLE) {
    const faces: Float32Array[] = [];
    for (let n = 1; n <= 5; n++) {
      const outcome = await selfieDescriptor(
        new Uint8Array(readFileSync(path.join(FACES, person, `${n}.jpg`))),
      );
      if (outcome.kind !== 'face') throw new Error(`no face in ${person}/${n}.jpg`);
      faces.push(outcome.face.descriptor);
    }
    described.set(person, faces);
  }
}, 180_000);

const facesOf = (person: string) => described.get(person) as Float32Array[];

describe.each(testDatabases)('a runner removes their face, on $name', (database) => {
  let db: Db;
  let close: () => Promise<void>;
  let engine: FaceIndexEngine;
  const planned = new Map<number, Float32Array[]>();
  const pool = {
    async index(job: IndexJob): Promise<IndexOutcome> {
      const faces = planned.get(job.photoId) ?? [];
      return {
        photoId: job.photoId,
        ok: true,
        ms: 1,
        faces: faces.map((descriptor, i) => ({
          box: { x: 100 + 400 * i, y: 100, width: 200, height: 260 },
          score: 0.9,
          descriptor,
        })),
      };
    },
  };
  const store = { get: async () => new Uint8Array(1) };
  let photoNumber = 0;
  let event: EventRow;
  /** Whose face each photo shows. */
  const whose = new Map<number, string>();

  beforeAll(async () => {
    ({ db, close } = await database.open());
    engine = new FaceIndexEngine({ loadFaces: (eventId, afterId) => faceBlockOfEvent(db, eventId, afterId) });
    const eventId = await insertEvent(db, {
      event: {
        event_key: 'removal-run',
        title: 'removal run',
        cover_object: 'c.jpg',
        event_date_text: '28 พฤศจิกายน 2569',
        eventdate: '2026-11-28',
        province: 'กรุงเทพมหานคร',
        team_key: null,
        on_sale_start: NOW,
        on_sale_end: new Date(NOW.getTime() + 30 * 86_400_000),
      },
    });
    event = (await findById(db, eventId)) as EventRow;
    // Photos 2-4 of everyone before the removal (photo 1 is the removal's selfie, photo 5 comes later).
    for (const person of PEOPLE)
      for (const n of [1, 2, 3]) await indexed(person, facesOf(person)[n] as Float32Array);
  }, 120_000);
  afterAll(() => close());

  async function indexed(person: string, face: Float32Array): Promise<number> {
    photoNumber += 1;
    const [id] = await insertPhotos(db, [
      {
        event_id: event.event_id,
        stage_id: null,
        original_file_name: `IMG_${photoNumber}.JPG`,
        file_name: `p${photoNumber}.jpg`,
        width: 4000,
        height: 3000,
        taken_at: NOW,
        index_error: null,
      },
    ]);
    planned.set(id as number, [face]);
    whose.set(id as number, person);
    await indexPhoto({ db, store, pool, engine, grouping: groupingOver(db) }, id as number);
    return id as number;
  }

  /** Whose photos a search with this face answers, in either tier. */
  async function found(face: Float32Array): Promise<string[]> {
    engine.forget(event.event_id);
    const { matches } = await photosOfFace({ db, faces: engine }, event, face, 1000);
    return matches.map((m) => whose.get(m.photoId) as string);
  }

  it('is found by no selfie of theirs afterwards, old photos or new; the others are found as before', async () => {
    const before = new Map<string, string[]>();
    for (const person of PEOPLE) before.set(person, await found(facesOf(person)[4] as Float32Array));
    expect((before.get(REMOVED) as string[]).filter((p) => p === REMOVED).length).toBeGreaterThanOrEqual(2);

    const ctx = { db, faces: engine, now: () => NOW, photoPassSecret: 'test-secret' };
    const removal = await removeFace(ctx, {
      descriptor: facesOf(REMOVED)[0] as Float32Array,
      contactKey: 'key-of-penny',
      contactMasked: 'p****@example.com',
      language: 'en',
      consent: TEST_CONSENT,
      actor: 'store:privacy-request',
    });
    expect(removal.faces_removed).toBeGreaterThanOrEqual(2);
    // Their faces left the database; the jobs that blur their photos were queued.
    const queued = await db
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', 'remake-blurred')
      .execute();
    expect(queued.length).toBe(removal.photos);
    expect((await readAudit(db)).map((row) => row.action)).toContain('face removal');

    // A photo of them imported after the removal keeps no face of theirs; it is blurred where they are.
    const later = await indexed(REMOVED, facesOf(REMOVED)[4] as Float32Array);
    expect(await db.selectFrom('faces').select('id').where('photo_id', '=', later).execute()).toEqual([]);
    expect(
      await db.selectFrom('face_removal_photos').select('removal_id').where('photo_id', '=', later).execute(),
    ).toEqual([{ removal_id: removal.removal_id }]);
    expect(
      (await db.selectFrom('jobs').select('payload').where('kind', '=', 'remake-blurred').execute()).length,
    ).toBe(removal.photos + 1);
    for (const n of [0, 1, 2, 3, 4])
      expect(await found(facesOf(REMOVED)[n] as Float32Array)).not.toContain(REMOVED);
    // Only their faces were taken out: everyone else's are all kept and still found (the event's calibration moves
    // a little with its people, so not always the very same photos).
    const removedPhotos = await db.selectFrom('face_removal_photos').select('photo_id').execute();
    expect(removedPhotos.length).toBe(removal.faces_removed + 1);
    expect(removedPhotos.map((row) => whose.get(Number(row.photo_id)))).toEqual(
      removedPhotos.map(() => REMOVED),
    );
    const kept = await db.selectFrom('faces').select('photo_id').execute();
    for (const person of PEOPLE.filter((p) => p !== REMOVED)) {
      expect(kept.filter((row) => whose.get(Number(row.photo_id)) === person).length, person).toBe(3);
      expect(await found(facesOf(person)[4] as Float32Array), person).toContain(person);
    }

    // Undone by the shop owner: the removal's face is deleted and its photos queued to be indexed again.
    const undone = await undoRemovals(ctx, { id: removal.removal_id, by: 'owner' }, 'admin:test');
    expect(undone).toEqual({ ok: true, value: { undone: 1, photos: removal.photos + 1 } });
    removalsChanged(db);
    const removalRow = await db
      .selectFrom('face_removals')
      .select(['state', 'descriptor'])
      .executeTakeFirstOrThrow();
    expect(removalRow).toEqual({ state: 'undone', descriptor: null });
  }, 120_000);
});
