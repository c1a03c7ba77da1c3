// The time tier of bench:bibs: what "at your finish, maybe you" adds to a bib search, on the labelled set made into
// a synthetic race, because the set has neither capture times nor results. How the times are made:
//   - every photo is one finish-line camera's, in the set's file order, FRAME_SPACING_S apart from 07:00:00 Thailand
//     time on the event's date, its clock CAMERA_AHEAD_S ahead of the timing clock;
//   - each labelled bib finishes LEAD_S after the first photo it is labelled in was taken (the camera shoots a runner
//     just before the line), give or take JITTER_S (seeded), by the timing clock;
//   - the results are imported through `admin import-results` (bib, chip time, time of day), the camera's offset is
//     estimated from the bibs the store read (admin cameras), and every labelled bib is searched again.
// Counted per bib: the labelled photos of the bib the tier adds (not already found by the bib), and the photos it
// adds that are not labelled with the bib (wrong, or a crowd's unlabelled runner: labels are incomplete in crowds).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../server/db/database';
import { insertEvent } from '../server/db/events-repo';
import { insertPhotos } from '../server/db/photos-repo';
import { clockInputs, replaceResults } from '../server/db/results-repo';
import type { NewPhoto } from '../server/db/schema';
import { cameraClocks } from '../server/services/camera-clocks';
import { finishFrames } from '../server/services/finish-frames';
import { phuketEventOnSale } from '../server/test/fixtures';
import { seeded } from '../server/test/seeded-random';
import { percentile } from './bench-kit';

export const FRAME_SPACING_S = 3;
export const CAMERA_AHEAD_S = 95;
export const LEAD_S = 1.5;
export const JITTER_S = 1;

export interface FinishTierInput {
  db: Db;
  eventId: number;
  eventKey: string;
  eventDate: string;
  dataDir: string;
  /** Every photo by its file name. */
  idOf: ReadonlyMap<string, number>;
  nameOf: ReadonlyMap<number, string>;
  /** The labelled photos of each bib. */
  photosOfBib: ReadonlyMap<string, ReadonlySet<string>>;
  cli(...argv: string[]): Promise<string[]>;
  searchBib(bib: string): Promise<{ images: number[]; finish: number[] }>;
}

const clock = (ms: number) =>
  new Date(ms).toLocaleTimeString('en-GB', { timeZone: 'Asia/Bangkok', hour12: false }) +
  `.${String(ms % 1000).padStart(3, '0')}`;

export async function measureFinishTier(input: FinishTierInput) {
  const names = [...input.idOf.keys()].sort();
  const start = Date.parse(`${input.eventDate}T07:00:00+07:00`);
  const shotAt = (k: number) => start + k * FRAME_SPACING_S * 1000;
  for (const [k, name] of names.entries()) {
    await input.db
      .updateTable('photos')
      .set({
        photographer_id: 1,
        camera: 'bench finish camera',
        taken_at: new Date(shotAt(k) + CAMERA_AHEAD_S * 1000),
      })
      .where('id', '=', input.idOf.get(name) as number)
      .execute();
  }
  const random = seeded(53);
  const lines = ['bib,chip time,time of day'];
  for (const [bib, labelled] of input.photosOfBib) {
    const first = names.findIndex((n) => labelled.has(n));
    const finish = shotAt(first) + Math.round((LEAD_S + (random() * 2 - 1) * JITTER_S) * 1000);
    lines.push(`${bib},0:50:00,${clock(finish)}`);
  }
  const file = path.join(input.dataDir, 'synthetic-results.csv');
  await fs.writeFile(file, `${lines.join('\n')}\n`);
  await input.cli('import-results', input.eventKey, file);
  const [camera] = await cameraClocks(input.db, input.eventId);

  let labelledPairs = 0;
  let foundByBib = 0;
  let addedTrue = 0;
  let addedWrong = 0;
  let bibsWithFrames = 0;
  for (const [bib, labelled] of input.photosOfBib) {
    const { images, finish } = await input.searchBib(bib);
    const found = new Set(images.map((id) => input.nameOf.get(id)));
    labelledPairs += labelled.size;
    foundByBib += [...labelled].filter((n) => found.has(n)).length;
    const added = finish.map((id) => input.nameOf.get(id) ?? '');
    if (added.length > 0) bibsWithFrames++;
    addedTrue += added.filter((n) => labelled.has(n)).length;
    addedWrong += added.filter((n) => !labelled.has(n)).length;
  }
  const round3 = (x: number) => +x.toFixed(3);
  return {
    how: `one finish camera, photos ${FRAME_SPACING_S} s apart in file order, clock ${CAMERA_AHEAD_S} s ahead; each bib finishing ${LEAD_S} s ± ${JITTER_S} s after its first labelled photo`,
    camera: camera?.estimate
      ? {
          offset_estimated_s: camera.estimate.offsetMs / 1000,
          offset_true_s: CAMERA_AHEAD_S - LEAD_S,
          rests_on: camera.estimate.photos,
          of: camera.estimate.of,
          spread_s: camera.estimate.spreadMs / 1000,
          at_finish: camera.estimate.atFinish,
        }
      : null,
    labelled_pairs: labelledPairs,
    recall_by_bib: round3(foundByBib / labelledPairs),
    recall_with_time_tier: round3((foundByBib + addedTrue) / labelledPairs),
    added_labelled: addedTrue,
    added_unlabelled: addedWrong,
    added_per_bib: round3((addedTrue + addedWrong) / input.photosOfBib.size),
    bibs_with_frames: bibsWithFrames,
  };
}

/** The race the tier is measured at scale on: runners, photographers (the first at the finish), photos each. */
export const SCALE = { runners: 10_000, photographers: 6, photosPerRunner: 4, searches: 300 };

/**
 * What the time tier costs a bib search on a big race's event (rows written straight into the database, no images):
 * SCALE.runners finishers one every 0.4 s, SCALE.photographers photographers each shooting every runner once or
 * more (the first at the line, the others on the course an hour earlier), one bib read per photo. Measured: working
 * out the camera clocks (what every bib search paid before they were kept), the check of whether they changed
 * (what it pays now), and finishFrames p50/p95 over SCALE.searches bibs.
 */
export async function measureTierAtScale(db: Db) {
  const now = new Date();
  const eventId = await insertEvent(db, {
    event: { ...phuketEventOnSale(now), event_key: 'tier-at-scale', title: 'Tier at scale' },
  });
  const first = Date.parse('2026-11-15T07:00:00+07:00');
  const finishOf = (r: number) => first + r * 400;
  const results = Array.from({ length: SCALE.runners }, (_, r) => ({
    bib: String(10_000 + r),
    name: '',
    category: '',
    status: 'finished' as const,
    gun_ms: 3_000_000 + r * 400,
    chip_ms: 2_990_000 + r * 400,
    finish_at: new Date(finishOf(r)),
    place: r + 1,
    category_place: null,
  }));
  await replaceResults(db, eventId, results);
  const random = seeded(7);
  const shots: NewPhoto[] = [];
  const bibs: string[] = [];
  for (let p = 1; p <= SCALE.photographers; p++)
    for (let r = 0; r < SCALE.runners; r++)
      for (let k = 0; k < (p === 1 ? 1 : SCALE.photosPerRunner - 1) && shots.length < 1e6; k++) {
        const at = p === 1 ? finishOf(r) + 95_000 - 1_500 : finishOf(r) - 3_600_000 + random() * 600_000;
        shots.push({
          event_id: eventId,
          stage_id: null,
          photographer_id: p,
          original_file_name: `P${p}_${r}_${k}.JPG`,
          file_name: `p${p}-${r}-${k}.jpg`,
          width: 4000,
          height: 3000,
          taken_at: new Date(at),
          camera: `camera ${p}`,
          index_error: null,
        });
        bibs.push(results[r]?.bib ?? '');
      }
  for (let i = 0; i < shots.length; i += 2000) {
    const ids = await insertPhotos(db, shots.slice(i, i + 2000));
    await db
      .insertInto('bib_reads')
      .values(
        ids.map((photoId, j) => ({
          photo_id: photoId,
          event_id: eventId,
          face_id: null,
          bib: bibs[i + j] ?? '',
          confidence: 0.97,
          box_x: 0,
          box_y: 0,
          box_w: 10,
          box_h: 10,
        })),
      )
      .execute();
  }
  const timed = async (f: () => Promise<unknown>) => {
    const start = performance.now();
    await f();
    return performance.now() - start;
  };
  const p = (list: number[], q: number) =>
    +percentile(
      [...list].sort((a, b) => a - b),
      q,
    ).toFixed(1);
  const clocks: number[] = [];
  for (let i = 0; i < 5; i++) clocks.push(await timed(() => cameraClocks(db, eventId)));
  const inputs: number[] = [];
  for (let i = 0; i < 20; i++) inputs.push(await timed(() => clockInputs(db, eventId)));
  const searches: number[] = [];
  let withFrames = 0;
  for (let i = 0; i < SCALE.searches; i++) {
    const bib = results[Math.floor(random() * SCALE.runners)]?.bib ?? '';
    searches.push(
      await timed(async () => {
        if ((await finishFrames(db, eventId, bib, new Set())).length > 0) withFrames++;
      }),
    );
  }
  return {
    how: `${SCALE.runners} finishers 0.4 s apart, ${shots.length} photos of ${SCALE.photographers} photographers, one bib read each`,
    clocks_worked_out_ms_p50: p(clocks, 50),
    clocks_inputs_check_ms_p50: p(inputs, 50),
    finish_frames_ms_p50: p(searches, 50),
    finish_frames_ms_p95: p(searches, 95),
    searches_with_frames: withFrames,
    searches: SCALE.searches,
  };
}
