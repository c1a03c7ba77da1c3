// Runners' alerts judged at indexing as the face search judges (match-alerts.ts), through the index job on a real
// database with the real face engine and grouping (a fixed pool stands in for the worker threads). Descriptors are
// synthetic: a crowd of people who all look alike (every one of them within the event's threshold of the others, as
// the East and Southeast Asian faces lie on the dlib-style descriptor), so the plain distance says "you" to strangers
// while the calibrated tiers do not. A bib alert matches only reads that are the event's bibs (its rule and start
// list).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BibRead } from '../../bibs/read-bibs';
import { replaceStartList } from '../../db/bibs-repo';
import type { Db } from '../../db/database';
import { findById, insertEvent, updateEvent } from '../../db/events-repo';
import { faceBlockOfEvent } from '../../db/faces-repo';
import { alertPhotoIds, insertAlert, lastPhotoId } from '../../db/photo-alerts-repo';
import { insertPhotos } from '../../db/photos-repo';
import type { EventRow } from '../../db/schema';
import { testDatabases } from '../../db/test-databases';
import { CALIBRATION_DEFAULTS } from '../../faces/calibration';
import { FaceIndexEngine } from '../../faces/engine';
import type { IndexJob, IndexOutcome } from '../../faces/index-pool';
import { DESCRIPTOR_DIMS, descriptorToBytes } from '../../faces/matrix';
import { groupingOver, indexPhoto } from '../../jobs/index-photo';
import { seeded } from '../../test/seeded-random';
import { photosOfFace } from '../face-search';

const NOW = new Date('2026-11-22T05:00:00Z');

const random = seeded(7);
const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
/** A random direction (unit length). */
function direction(): Float64Array {
  const v = Float64Array.from({ length: DESCRIPTOR_DIMS }, normal);
  const length = Math.hypot(...v);
  return v.map((x) => x / length);
}
/** `base` plus `r` along `along`. */
const moved = (base: ArrayLike<number>, along: ArrayLike<number>, r: number) =>
  Float32Array.from({ length: DESCRIPTOR_DIMS }, (_, i) => (base[i] as number) + r * (along[i] as number));
const distance = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  Math.hypot(...Array.from({ length: DESCRIPTOR_DIMS }, (_, i) => (a[i] as number) - (b[i] as number)));

/** The crowd's middle; its 20 people lie 0.36-0.46 from it, so 0.48-0.67 from each other. */
const centre = Float64Array.from({ length: DESCRIPTOR_DIMS }, () => normal() * 0.05);
const crowd = Array.from({ length: 20 }, (_, i) => moved(centre, direction(), 0.36 + (0.1 * i) / 19));
/** A photo of a person: their face a little off (0.08), as photos of one face are. */
const photoOf = (person: Float32Array) => moved(person, direction(), 0.08);
/** Two photos of each of the crowd, the event before the alert. */
const crowdPhotos = crowd.flatMap((person) => [photoOf(person), photoOf(person)]);
/** Runner X, whose alert it is, the selfie the alert keeps and a new photo of them. */
const runner = crowd[0] as Float32Array;
const selfie = photoOf(runner);
const runnerAgain = photoOf(runner);
/** Someone of the crowd nearer the runner than the rest (0.45 from the selfie; the others 0.48-0.67): a look-alike. */
const lookAlike = Float32Array.from(
  moved(centre, direction(), 0.33),
  (v, i) => v + 0.25 * ((selfie[i] as number) - (centre[i] as number)),
);
/** New photos of five others of the crowd. */
const othersAgain = crowd.slice(1, 6).map(photoOf);
/** Someone who looks like nobody here. */
const stranger = () => moved(new Float64Array(DESCRIPTOR_DIMS), direction(), 1);
const strangers = Array.from({ length: 6 }, stranger);
/** Faces 0.45 and 0.57 from the selfie. */
const near = moved(selfie, direction(), 0.45);
const far = moved(selfie, direction(), 0.57);

const read = (face: number, bib: string): BibRead => ({
  face,
  bib,
  confidence: 0.97,
  box: { x: 50, y: 600, width: 300, height: 100 },
});

describe.each(testDatabases)('alerts judged as the face search judges, on $name', (database) => {
  let db: Db;
  let close: () => Promise<void>;
  let engine: FaceIndexEngine;
  /** What the stand-in pool finds in each photo. */
  const planned = new Map<number, { faces: Float32Array[]; bibs: BibRead[] }>();
  const pool = {
    async index(job: IndexJob): Promise<IndexOutcome> {
      const { faces, bibs } = planned.get(job.photoId) ?? { faces: [], bibs: [] };
      return {
        photoId: job.photoId,
        ok: true,
        ms: 1,
        faces: faces.map((descriptor, i) => ({
          box: { x: 100 + 500 * i, y: 100, width: 200, height: 260 },
          score: 0.9,
          descriptor,
        })),
        ...(job.bibs ? { bibs } : {}),
      };
    },
  };
  const store = { get: async () => new Uint8Array(1) };
  let photoNumber = 0;

  beforeAll(async () => {
    ({ db, close } = await database.open());
    engine = new FaceIndexEngine({ loadFaces: (eventId, afterId) => faceBlockOfEvent(db, eventId, afterId) });
  });
  afterAll(() => close());

  async function newEvent(key: string): Promise<EventRow> {
    const eventId = await insertEvent(db, {
      event: {
        event_key: key,
        title: key,
        cover_object: 'c.jpg',
        event_date_text: '22 พฤศจิกายน 2569',
        eventdate: '2026-11-22',
        province: 'กรุงเทพมหานคร',
        team_key: null,
        on_sale_start: NOW,
        on_sale_end: NOW,
      },
    });
    return (await findById(db, eventId)) as EventRow;
  }
  /** A photo imported and indexed (faces grouped and stored, the event's alerts matched) by the index job. */
  async function indexed(event: EventRow, faces: Float32Array[], bibs: BibRead[] = []): Promise<number> {
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
    planned.set(id as number, { faces, bibs });
    const result = await indexPhoto({ db, store, pool, engine, grouping: groupingOver(db) }, id as number);
    expect(result).toMatchObject({ photo_id: id, faces: faces.length });
    return id as number;
  }
  /** An alert told by push, made now: it matches the photos imported from now on. */
  async function alertOf(event: EventRow, face: Float32Array | null, bib: string | null): Promise<number> {
    return insertAlert(db, {
      event_id: event.event_id,
      token: `token-${photoNumber}-${bib}`,
      descriptor: face && descriptorToBytes(face),
      bib,
      language: 'en',
      channel: 'push',
      push_endpoint: 'https://push.example/x',
      push_p256dh: 'p',
      push_auth: 'a',
      email: null,
      confirm_sha256: null,
      after_photo_id: await lastPhotoId(db, event.event_id),
    });
  }
  /** The tier the runner's own search gives the photo (undefined: not answered at all). */
  async function searchTier(event: EventRow, photoId: number) {
    const { matches } = await photosOfFace({ db, faces: engine }, event, selfie, 1000);
    return matches.find((m) => m.photoId === photoId)?.tier;
  }

  it('a look-alike’s new photo stays silent in an event of many people; the runner’s own is told', async () => {
    const event = await newEvent('crowd-run');
    for (const face of crowdPhotos) await indexed(event, [face]);
    const alert = await alertOf(event, selfie, null);
    // The look-alike is within the event's threshold, nearer even than an uncalibrated event's "you" (0.5): the
    // plain distance would tell the runner of this stranger's photo.
    expect(distance(selfie, lookAlike)).toBeLessThan(CALIBRATION_DEFAULTS.uncalibrated);
    expect(distance(selfie, lookAlike)).toBeLessThan(event.face_threshold);
    const ofLookAlike = await indexed(event, [lookAlike]);
    // Among this crowd its calibrated score makes it "maybe you" for the runner's search: not a photo of you, and
    // not told.
    expect(await searchTier(event, ofLookAlike)).toBe('maybe');
    expect(await alertPhotoIds(db, alert)).toEqual([]);

    const ofRunner = await indexed(event, [strangers[0] as Float32Array, runnerAgain]);
    expect(await searchTier(event, ofRunner)).toBe('confident');
    expect(await alertPhotoIds(db, alert)).toEqual([ofRunner]);
    // Nor are the other people of the crowd, each within the threshold of the selfie.
    const ofOthers = [];
    for (const face of othersAgain) {
      expect(distance(selfie, face)).toBeLessThan(event.face_threshold);
      ofOthers.push(await indexed(event, [face]));
    }
    for (const photo of ofOthers) expect(await searchTier(event, photo)).not.toBe('confident');
    expect(await alertPhotoIds(db, alert)).toEqual([ofRunner]);
  });

  it('an event of too few people to calibrate is judged by the plain distance, as its search is', async () => {
    const event = await newEvent('small-run');
    for (const face of crowdPhotos.slice(2, 8)) await indexed(event, [face]);
    const alert = await alertOf(event, selfie, null);
    // Within 0.5: "you" while uncalibrated (the search answers it so too); farther, within the threshold: maybe.
    const ofNear = await indexed(event, [near]);
    const ofFar = await indexed(event, [far]);
    expect(await searchTier(event, ofNear)).toBe('confident');
    expect(await searchTier(event, ofFar)).toBe('maybe');
    expect(await alertPhotoIds(db, alert)).toEqual([ofNear]);
  });

  it('a bib alert matches a read only when the event’s rule and start list make it one of its bibs', async () => {
    const event = await newEvent('bib-run');
    const alert = await alertOf(event, null, '4321');
    const told = [await indexed(event, [strangers[1] as Float32Array], [read(0, '4321')])];
    expect(await alertPhotoIds(db, alert)).toEqual(told);
    // Outside the event's range of bibs: a misread, not the runner.
    await updateEvent(db, event.event_id, { bib_from: 1000, bib_to: 2000 });
    await indexed(event, [strangers[1] as Float32Array], [read(0, '4321')]);
    expect(await alertPhotoIds(db, alert)).toEqual(told);
    await updateEvent(db, event.event_id, { bib_from: null, bib_to: null });
    // Not on the event's start list.
    await replaceStartList(db, event.event_id, [
      { bib: '1234', name: 'Anna Rose', category: '10K' },
      { bib: '5555', name: 'Somchai Dee', category: '10K' },
    ]);
    await indexed(event, [strangers[1] as Float32Array], [read(0, '4321'), read(0, '5555')]);
    expect(await alertPhotoIds(db, alert)).toEqual(told);
    // On it: told.
    await replaceStartList(db, event.event_id, [
      { bib: '1234', name: 'Anna Rose', category: '10K' },
      { bib: '4321', name: 'Malee Suk', category: '10K' },
    ]);
    told.unshift(await indexed(event, [strangers[1] as Float32Array], [read(0, '4321')]));
    expect(await alertPhotoIds(db, alert)).toEqual(told);
  });
});
