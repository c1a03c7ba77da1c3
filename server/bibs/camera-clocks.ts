// How far each photographer's camera clock is from the timing clock at an event, estimated from the photos where a
// bib was read: each such photo's capture time (EXIF) minus that bib's finish clock time is one difference. A
// photographer at the finish shoots runners as they cross, so most of their differences agree to within seconds:
// the offset is the median of the largest group of differences that fall within FINISH_WINDOW_MS of each other.
// A photographer on the course shoots runners long before they finish, at every distance from the line: their
// differences spread over minutes and hours, and no group holds most of them. So a photographer is at the finish
// when that group holds at least half of their differences, and MIN_FINISH_PHOTOS photos. Only photos that carry
// their camera's identity count: a photo without it has its import time, not a capture time.

/** How close the differences of one finish photographer's photos are: a runner is shot a few seconds around the line. */
export const FINISH_WINDOW_MS = 20_000;
/** The fewest photos an offset rests on. */
export const MIN_FINISH_PHOTOS = 3;

/** One photo's bib with a finish clock time: its capture time minus that finish time. */
export interface ClockDifference {
  photoId: number;
  differenceMs: number;
}

export interface ClockEstimate {
  /** Camera clock minus timing clock (ms): the median of the group. */
  offsetMs: number;
  /** The photos the group holds, of all the photographer's photos with a bib that has a finish time. */
  photos: number;
  of: number;
  /** The median distance of the group's differences from the offset (ms). */
  spreadMs: number;
  /** The group holds at least half of the differences and MIN_FINISH_PHOTOS photos. */
  atFinish: boolean;
}

const median = (sorted: readonly number[]): number => {
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** The offset one photographer's differences point at; undefined without any. */
export function estimateClockOffset(differences: readonly ClockDifference[]): ClockEstimate | undefined {
  if (differences.length === 0) return undefined;
  const sorted = [...differences].sort((a, b) => a.differenceMs - b.differenceMs);
  // The widest run of differences within the window (two pointers over the sorted differences).
  let best = { from: 0, to: 0 };
  for (let from = 0, to = 0; from < sorted.length; from++) {
    while (
      to < sorted.length &&
      (sorted[to] as ClockDifference).differenceMs - (sorted[from] as ClockDifference).differenceMs <=
        FINISH_WINDOW_MS
    )
      to++;
    if (to - from > best.to - best.from) best = { from, to };
  }
  const group = sorted.slice(best.from, best.to);
  const offsetMs = Math.round(median(group.map((d) => d.differenceMs)));
  const spreadMs = Math.round(
    median(group.map((d) => Math.abs(d.differenceMs - offsetMs)).sort((a, b) => a - b)),
  );
  const photos = new Set(group.map((d) => d.photoId)).size;
  const of = new Set(differences.map((d) => d.photoId)).size;
  return {
    offsetMs,
    photos,
    of,
    spreadMs,
    atFinish: photos >= MIN_FINISH_PHOTOS && group.length * 2 >= differences.length,
  };
}
