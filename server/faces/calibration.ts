// Calibrated acceptance: one global threshold cannot serve an event of thousands of runners. Where many
// people look alike (on the dlib-style descriptor, East and Southeast Asian faces lie closer together), 0.6 takes in
// dozens of strangers; elsewhere it is about right. So a match is judged against the event's own people: how far the
// selfie's nearest other people lie, and how far the matched face's nearest other people lie (adaptive symmetric
// score normalisation, "AS-norm", over the people of people.ts rather than over faces, since a runner's own dozens
// of faces must not count as their look-alikes). A face is "you" when it is much nearer than those people are.
import { DESCRIPTOR_DIMS } from './matrix';

export interface CohortStats {
  /** Median and deviation (robust) of the distances to the nearest other people (after the few skipped). */
  mu: number;
  sd: number;
}

export interface CalibrationOptions {
  /** How many of the nearest people measure a face's neighbourhood. */
  cohort: number;
  /** The nearest people skipped first (the median already resists the runner's own groups among them). */
  skip: number;
  /** A face at or above this calibrated score is "you" (the confident tier). */
  confident: number;
  /** Below this score a face within the event's threshold is not even "maybe you" (a stranger, measured). */
  maybe: number;
  /**
   * A person with a confident face, or with two faces within this much of it, is "you": their faces within this
   * margin are confident too (a person's several faces vote; one look-alike face does not).
   */
  voteMargin: number;
  /** Fewer people than this in the event: too few to calibrate; the plain distance decides (`uncalibrated`). */
  fewest: number;
  /** Without calibration, a face within this distance is confident (the rest within the event's threshold: maybe). */
  uncalibrated: number;
  /**
   * A face within the vote's margin is confident too when a confident face of the same search is this sure of it
   * (their calibrated score, face to face): the runner's own photos vote across the people the grouping split them
   * into (0: off).
   */
  confirm: number;
  /**
   * An event of fewer people than this is too small to be its own cohort (a runner's own faces, split into a few
   * people, would be most of their neighbourhood): it borrows people from the store's other events beside its own.
   */
  borrowBelow: number;
  /**
   * The confident score of an event that borrows: the same scores mean the same distances as in a large event, but
   * a runner of a small event has far fewer strangers to be mistaken for.
   */
  borrowedConfident: number;
  /**
   * How much higher the confident score is for a search with two selfies of the runner (their descriptors averaged):
   * the average lies nearer the runner's photos and nearer everyone else's too.
   */
  twoSelfiesStricter: number;
}

/**
 * Chosen by bench:face's people-disjoint cross-validation on ../shared/faces-lfw (the settings that found the most
 * of a person's photos at a precision of 0.94 or more, whole set, its East/Southeast Asian people, and those as an
 * event of their own; groupings that join different people refused); the small events' two on events of 4 to 32 of
 * its people, measured on ../shared/faces (see README).
 */
export const CALIBRATION_DEFAULTS: CalibrationOptions = {
  cohort: 15,
  skip: 0,
  confident: 3.5,
  maybe: 1,
  voteMargin: 1,
  fewest: 12,
  uncalibrated: 0.5,
  confirm: 4,
  borrowBelow: 30,
  borrowedConfident: 2.75,
  twoSelfiesStricter: 1,
};

/** The middle value of sorted numbers. */
function medianOf(sorted: Float64Array): number {
  const m = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[m] as number) : ((sorted[m - 1] as number) + (sorted[m] as number)) / 2;
}

/** Median and deviation of the distances ranked skip..skip+cohort (ascending), or undefined for too few. */
export function nearestStats(
  distances: ArrayLike<number>,
  options: Pick<CalibrationOptions, 'cohort' | 'skip' | 'fewest'> = CALIBRATION_DEFAULTS,
): CohortStats | undefined {
  if (distances.length < options.fewest) return undefined;
  const sorted = Float64Array.from(distances).sort();
  const from = Math.min(options.skip, Math.max(0, sorted.length - options.cohort));
  const to = Math.min(sorted.length, from + options.cohort);
  // The median and the median deviation (scaled to a standard deviation), not the mean: the runner's own faces
  // split into a group or two of their own lie among the nearest and must not pull the neighbourhood in.
  const window = sorted.subarray(from, to);
  const mu = medianOf(window);
  const deviations = Float64Array.from(window, (d) => Math.abs(d - mu)).sort();
  // A floor on the deviation: a cohort at one distance must not make every small difference look decisive.
  return { mu, sd: Math.max(0.02, 1.4826 * medianOf(deviations)) };
}

/** Euclidean distance of two descriptors. */
function distanceOf(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let j = 0; j < DESCRIPTOR_DIMS; j++) {
    const d = (a[j] as number) - (b[j] as number);
    sum += d * d;
  }
  return Math.sqrt(sum);
}

/**
 * The lent people who are not the event's own people seen elsewhere: a runner of this event who ran another of the
 * store's events is lent back as a person of that event, and must not count as their own look-alike. A lent face
 * within `sameWithin` of one of the event's people (as near as grouping joins a face to a person) is left out.
 */
export function othersThan(
  lent: readonly Float32Array[],
  own: readonly Float32Array[],
  sameWithin: number,
): Float32Array[] {
  return lent.filter((face) => own.every((person) => distanceOf(face, person) > sameWithin));
}

/** How many deviations nearer than their nearest other people the two faces are to each other (higher: surer). */
export function calibratedScore(distance: number, query: CohortStats, face: CohortStats): number {
  return 0.5 * ((query.mu - distance) / query.sd + (face.mu - distance) / face.sd);
}

/**
 * The event's people as a cohort: one mean descriptor a person. Distances to them are measured exactly (a few
 * thousand rows: well under a millisecond a face).
 */
export class PeopleCohort {
  private readonly centroids: Float32Array;
  private readonly count: number;

  constructor(centroids: readonly Float32Array[]) {
    this.count = centroids.length;
    this.centroids = new Float32Array(this.count * DESCRIPTOR_DIMS);
    centroids.forEach((c, i) => {
      this.centroids.set(c.subarray(0, DESCRIPTOR_DIMS), i * DESCRIPTOR_DIMS);
    });
  }

  get size(): number {
    return this.count;
  }

  /** The descriptor's neighbourhood among the people, leaving out its own person (when it has one). */
  statsOf(
    descriptor: ArrayLike<number>,
    ownPerson: number | undefined,
    options: CalibrationOptions = CALIBRATION_DEFAULTS,
  ): CohortStats | undefined {
    const distances = new Float64Array(this.count);
    let n = 0;
    const c = this.centroids;
    for (let p = 0; p < this.count; p++) {
      if (p === ownPerson) continue;
      let sum = 0;
      const base = p * DESCRIPTOR_DIMS;
      for (let j = 0; j < DESCRIPTOR_DIMS; j++) {
        const d = (c[base + j] as number) - (descriptor[j] as number);
        sum += d * d;
      }
      distances[n++] = Math.sqrt(sum);
    }
    return nearestStats(distances.subarray(0, n), options);
  }
}

/** A face the search found within the event's threshold. */
export interface CandidateFace {
  photoId: number;
  person: number;
  distance: number;
  /** The face's own neighbourhood (undefined: not calibrated). */
  stats: CohortStats | undefined;
  /** The caller's reference of the face (answered with the photo it is the best face of). */
  ref?: number;
  /** The face's descriptor (read only when a confident face may confirm it). */
  descriptor?: () => ArrayLike<number>;
}

export type Tier = 'confident' | 'maybe';

export interface TieredPhoto {
  photoId: number;
  /** Its best face's distance to the selfie. */
  distance: number;
  /** Its best face's calibrated score (undefined without calibration). */
  score: number | undefined;
  /** The person of its best face. */
  person: number;
  /** Its best face's reference, when given. */
  ref?: number;
  tier: Tier;
}

/**
 * Each photo once, at its best face, in two tiers: "photos of you" (confident) and "maybe you". Without the
 * selfie's neighbourhood (too few people in the event) the plain distance decides. Best first within each tier
 * (by distance: the ranking is the descriptor's strength), confident ones first.
 */
export function tierPhotos(
  candidates: readonly CandidateFace[],
  query: CohortStats | undefined,
  options: CalibrationOptions = CALIBRATION_DEFAULTS,
): TieredPhoto[] {
  const scored = candidates
    .map((c) => ({
      ...c,
      score: query && c.stats ? calibratedScore(c.distance, query, c.stats) : undefined,
    }))
    .filter((c) => c.score === undefined || c.score >= options.maybe);
  const sure = (c: (typeof scored)[number]) =>
    c.score === undefined ? c.distance <= options.uncalibrated : c.score >= options.confident;
  // People voted in: a confident face, or two faces (in two photos) within the vote margin.
  const near = new Map<number, Set<number>>();
  const people = new Set<number>();
  for (const c of scored) {
    if (sure(c)) people.add(c.person);
    else if (c.score !== undefined && c.score >= options.confident - options.voteMargin) {
      const photos = near.get(c.person) ?? new Set<number>();
      photos.add(c.photoId);
      near.set(c.person, photos);
    }
  }
  for (const [person, photos] of near) if (photos.size >= 2) people.add(person);
  const voted = (c: (typeof scored)[number]) =>
    sure(c) ||
    (people.has(c.person) && c.score !== undefined && c.score >= options.confident - options.voteMargin);
  const confirmed = confirmedByConfident(scored, voted, options);
  const best = new Map<number, TieredPhoto>();
  for (const c of scored) {
    const confident = voted(c) || confirmed.has(c);
    const photo: TieredPhoto = {
      photoId: c.photoId,
      distance: c.distance,
      score: c.score,
      person: c.person,
      ...(c.ref === undefined ? {} : { ref: c.ref }),
      tier: confident ? 'confident' : 'maybe',
    };
    const known = best.get(c.photoId);
    if (
      !known ||
      (photo.tier === 'confident' && known.tier === 'maybe') ||
      (photo.tier === known.tier && photo.distance < known.distance)
    )
      best.set(c.photoId, photo);
  }
  return [...best.values()].sort(
    (a, b) =>
      (a.tier === b.tier ? 0 : a.tier === 'confident' ? -1 : 1) ||
      a.distance - b.distance ||
      a.photoId - b.photoId,
  );
}

/**
 * The calibrated "maybe" faces that a confident face confirms: the two faces, one to the other, score at least
 * `confirm` (each against its own neighbourhood). One step from the faces the selfie itself found, never a chain of
 * confirmations, so that a look-alike cannot be reached through another.
 */
function confirmedByConfident<C extends CandidateFace & { score: number | undefined }>(
  scored: readonly C[],
  confident: (c: C) => boolean,
  options: CalibrationOptions,
): Set<C> {
  const confirmed = new Set<C>();
  if (!(options.confirm > 0)) return confirmed;
  const sure = scored.filter((c) => c.stats && c.descriptor && confident(c));
  if (sure.length === 0) return confirmed;
  const sureDescriptors = sure.map((c) => (c.descriptor as () => ArrayLike<number>)());
  for (const c of scored) {
    if (c.score === undefined || !c.stats || !c.descriptor || confident(c)) continue;
    // Only a face the selfie itself nearly took: within the vote's margin, as a person's second face must be.
    if (c.score < options.confident - options.voteMargin) continue;
    const descriptor = c.descriptor();
    const byOne = sure.some((k, i) => {
      if (k.photoId === c.photoId) return false; // two faces of one photo are two people
      const d = distanceOf(descriptor, sureDescriptors[i] as ArrayLike<number>);
      return calibratedScore(d, k.stats as CohortStats, c.stats as CohortStats) >= options.confirm;
    });
    if (byOne) confirmed.add(c);
  }
  return confirmed;
}
