// "At your finish, maybe you": the frames the event's finish-line photographers took within seconds of the moment a
// runner crossed the line, by the results' finish clock time and each photographer's camera clock (camera-clocks.ts).
// They find the photos where neither the runner's face nor their bib shows (a raised arm, a runner behind another,
// a folded bib), which no other search can. A finish camera shoots every runner crossing, so they are offered as
// "maybe you", never as photos of the runner: best first by how far from the runner's moment, at most a few.
import type { Db } from '../db/database';
import { finishTimesOf, photosTakenBetween } from '../db/results-repo';
import { currentCameraClocks } from './camera-clocks';

/** How far from the runner's moment a frame may be: a runner is in a finish camera's frames for a few seconds. */
export const FINISH_FRAME_MS = 4_000;
/** A camera whose differences spread more is given this many spreads either side, up to FINISH_FRAME_MAX_MS. */
const SPREADS = 2;
export const FINISH_FRAME_MAX_MS = 10_000;
/** The most frames offered: the few seconds around one runner, not the crowd of a minute. */
export const FINISH_FRAMES_MAX = 8;

/**
 * The frames of the event's finish photographers around this bib's finish, best first (the nearest in time), none
 * of `shown`; none when the results have no finish time for the bib or no photographer is at the finish.
 */
export async function finishFrames(
  db: Db,
  eventId: number,
  bib: string,
  shown: ReadonlySet<number>,
): Promise<number[]> {
  const finish = (await finishTimesOf(db, eventId, [bib])).get(bib);
  if (!finish) return [];
  const frames: { id: number; away: number }[] = [];
  for (const clock of await currentCameraClocks(db, eventId)) {
    if (clock.offsetMs === undefined) continue;
    const moment = finish.getTime() + clock.offsetMs;
    const spread = clock.setMs === undefined ? (clock.estimate?.spreadMs ?? 0) : 0;
    const window = Math.min(FINISH_FRAME_MAX_MS, Math.max(FINISH_FRAME_MS, SPREADS * spread));
    const taken = await photosTakenBetween(
      db,
      eventId,
      clock.photographerId,
      new Date(moment - window),
      new Date(moment + window),
      FINISH_FRAMES_MAX * 4,
    );
    for (const p of taken)
      if (!shown.has(p.id)) frames.push({ id: p.id, away: Math.abs(p.taken_at.getTime() - moment) });
  }
  return frames
    .sort((a, b) => a.away - b.away || a.id - b.id)
    .slice(0, FINISH_FRAMES_MAX)
    .map((f) => f.id);
}
