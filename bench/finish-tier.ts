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
import { cameraClocks } from '../server/services/camera-clocks';
import { seeded } from '../server/test/seeded-random';

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
