// "At your finish, maybe you" through the bib search on a real database: the event's results give each bib's finish
// clock time, the bibs read in a finish photographer's photos give their camera's offset, and a bib search adds
// that photographer's frames within seconds of the runner's finish that no bib or face found, nearest first; a
// course photographer's frames only once the operator sets their offset; nothing for a runner without a finish time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BibSearchAnswer } from '../../core/contract/bibsearch';
import type { Db } from '../db/database';
import { insertEvent } from '../db/events-repo';
import { saveFacesOfPhoto } from '../db/faces-repo';
import { insertPhotos } from '../db/photos-repo';
import { replaceResults, setCameraOffset } from '../db/results-repo';
import { testDatabases } from '../db/test-databases';
import { descriptorToBytes } from '../faces/matrix';
import { CLOCKS_KEPT_MS, currentCameraClocks } from '../services/camera-clocks';
import { openTestApp, type TestApp } from '../test/app-fixture';
import { phuketEventOnSale } from '../test/fixtures';

const NOW = new Date('2026-11-22T05:00:00Z');
/** The first finisher crossed at 07:00:00 Thailand time; one every 20 s after. */
const FIRST_FINISH = Date.parse('2026-11-15T07:00:00+07:00');
const finishOf = (runner: number) => FIRST_FINISH + runner * 20_000;
const bibOf = (runner: number) => String(3000 + runner);
/** Photographer 1's camera runs 95 s ahead of the timing clock and shoots a runner 2 s before they cross. */
const FINISH_CAMERA_MS = 95_000 - 2_000;

describe.each(testDatabases)('finish frames on $name', (database) => {
  let t: TestApp;
  let db: Db;
  let eventId = 0;
  /** The photos by name. */
  const photo = new Map<string, number>();

  const search = async (bib: string) => {
    const res = await t.post('/api/v1/bibsearch', { event_key: 'finish-run', bib });
    expect(res.status).toBe(200);
    return (await res.json()) as BibSearchAnswer;
  };
  const ids = (list: { id: number }[] | undefined) => (list ?? []).map((p) => p.id);

  beforeAll(async () => {
    t = await openTestApp(database, NOW);
    db = t.ctx.db;
    eventId = await insertEvent(db, {
      event: { ...phuketEventOnSale(NOW), event_key: 'finish-run', title: 'Finish run' },
    });
    await replaceResults(
      db,
      eventId,
      Array.from({ length: 12 }, (_, runner) => ({
        bib: bibOf(runner),
        name: `Runner ${runner}`,
        category: '10K',
        status: runner === 11 ? ('DNF' as const) : ('finished' as const),
        gun_ms: runner === 11 ? null : 3_000_000 + runner * 20_000,
        chip_ms: runner === 11 ? null : 2_990_000 + runner * 20_000,
        finish_at: runner === 11 ? null : new Date(finishOf(runner)),
        place: runner === 11 ? null : runner + 1,
        category_place: runner === 11 ? null : runner + 1,
      })),
    );
    const shots: { name: string; photographer: number; at: number; bib?: string; camera?: string }[] = [
      // Photographer 1 at the line: one photo of each finisher with their bib read.
      ...Array.from({ length: 11 }, (_, runner) => ({
        name: `line-${runner}`,
        photographer: 1,
        at: finishOf(runner) + FINISH_CAMERA_MS,
        bib: bibOf(runner),
      })),
      // Runner 5's moment, their bib and face hidden: 1 s and 3 s from it, and one 9 s away (another runner's).
      { name: 'hidden-near', photographer: 1, at: finishOf(5) + FINISH_CAMERA_MS + 1_000 },
      { name: 'hidden-far', photographer: 1, at: finishOf(5) + FINISH_CAMERA_MS - 3_000 },
      { name: 'another', photographer: 1, at: finishOf(5) + FINISH_CAMERA_MS + 9_000 },
      // The same moment in a photo without its camera's identity: its time is its import time.
      { name: 'no-camera', photographer: 1, at: finishOf(5) + FINISH_CAMERA_MS, camera: '' },
      // Photographer 2 on the course, an hour before each finish; one frame at runner 5's finish by 2's clock.
      ...Array.from({ length: 11 }, (_, runner) => ({
        name: `course-${runner}`,
        photographer: 2,
        at: finishOf(runner) - 3_600_000 + runner * 45_000,
        bib: bibOf(runner),
      })),
      { name: 'course-at-5', photographer: 2, at: finishOf(5) + 30_000 },
    ];
    const inserted = await insertPhotos(
      db,
      shots.map((s, i) => ({
        event_id: eventId,
        stage_id: null,
        photographer_id: s.photographer,
        original_file_name: `IMG_${i}.JPG`,
        file_name: `${s.name}.jpg`,
        width: 4000,
        height: 3000,
        taken_at: new Date(s.at),
        camera: s.camera ?? `camera of ${s.photographer}`,
        index_error: null,
      })),
    );
    const face = {
      box: { x: 100, y: 100, width: 200, height: 260 },
      score: 0.9,
      descriptor: descriptorToBytes(new Float32Array(128)),
    };
    for (const [i, s] of shots.entries()) {
      const id = inserted[i] as number;
      photo.set(s.name, id);
      if (s.bib)
        await saveFacesOfPhoto(
          db,
          id,
          eventId,
          [face],
          [{ face: 0, bib: s.bib, confidence: 0.97, box: { x: 100, y: 600, width: 300, height: 120 } }],
        );
    }
  });
  afterAll(() => t.close());

  it("adds the finish photographer's frames around the runner's finish, nearest first, none already found", async () => {
    const answer = await search(bibOf(5));
    expect(ids(answer.images)).toEqual([photo.get('course-5'), photo.get('line-5')]);
    expect(ids(answer.finish_images)).toEqual([photo.get('hidden-near'), photo.get('hidden-far')]);
    // They are offered as photos like any: with the pass that opens their faces and nearby frames.
    expect(answer.finish_images?.[0]).toMatchObject({
      id: photo.get('hidden-near'),
      pass: expect.any(String),
    });
    // The runner before: their own photo is found by their bib, the frame 20 s later is not theirs.
    expect(ids((await search(bibOf(4))).finish_images)).toEqual([]);
  });

  it('offers nothing for a runner without a finish time, or a bib the results do not have', async () => {
    expect((await search(bibOf(11))).finish_images).toBeUndefined();
    expect((await search('4444')).finish_images).toBeUndefined();
  });

  it("takes a course photographer's frames once the operator sets their offset, and drops them when unset", async () => {
    await setCameraOffset(db, eventId, 2, 30_000);
    try {
      expect(ids((await search(bibOf(5))).finish_images)).toEqual([
        photo.get('course-at-5'),
        photo.get('hidden-near'),
        photo.get('hidden-far'),
      ]);
    } finally {
      await setCameraOffset(db, eventId, 2, undefined);
    }
    expect(ids((await search(bibOf(5))).finish_images)).not.toContain(photo.get('course-at-5'));
  });

  it('keeps the camera clocks it worked out for a while, and sees an offset set or results changed at once', async () => {
    const at = 10_000;
    await setCameraOffset(db, eventId, 2, 30_000);
    const set = await currentCameraClocks(db, eventId, at);
    expect(set.find((c) => c.photographerId === 2)?.setMs).toBe(30_000);
    expect(await currentCameraClocks(db, eventId, at + CLOCKS_KEPT_MS - 1)).toBe(set);
    const later = await currentCameraClocks(db, eventId, at + CLOCKS_KEPT_MS);
    expect(later).not.toBe(set);
    expect(later).toEqual(set);
    await setCameraOffset(db, eventId, 2, undefined);
    const unset = await currentCameraClocks(db, eventId, at + CLOCKS_KEPT_MS);
    expect(unset.find((c) => c.photographerId === 2)?.setMs).toBeUndefined();
    const results = await db.selectFrom('race_results').selectAll().where('event_id', '=', eventId).execute();
    await replaceResults(
      db,
      eventId,
      results.map((r) => ({ ...r, finish_at: r.finish_at && new Date(r.finish_at.getTime() + 1_000) })),
    );
    try {
      const moved = await currentCameraClocks(db, eventId, at + CLOCKS_KEPT_MS);
      expect(moved.find((c) => c.photographerId === 1)?.estimate?.offsetMs).toBe(
        (unset.find((c) => c.photographerId === 1)?.estimate?.offsetMs ?? 0) - 1_000,
      );
    } finally {
      await replaceResults(db, eventId, results);
    }
  });
});
