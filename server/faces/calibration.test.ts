import { describe, expect, it } from 'vitest';
import {
  CALIBRATION_DEFAULTS,
  type CandidateFace,
  type CohortStats,
  calibratedScore,
  nearestStats,
  PeopleCohort,
  tierPhotos,
} from './calibration';
import { DESCRIPTOR_DIMS } from './matrix';

const options = { ...CALIBRATION_DEFAULTS, cohort: 4, skip: 1, fewest: 3 };

describe('nearestStats', () => {
  it('takes the median and median deviation of the nearest distances after the skipped ones', () => {
    // Sorted: 0.1 (skipped), then 0.5, 0.6, 0.7, 0.8 (the cohort of 4); 0.9 is beyond it.
    const stats = nearestStats([0.9, 0.7, 0.1, 0.5, 0.8, 0.6], options) as CohortStats;
    expect(stats.mu).toBeCloseTo(0.65, 9);
    // Deviations 0.15, 0.05, 0.05, 0.15: median 0.1, scaled to a standard deviation.
    expect(stats.sd).toBeCloseTo(0.14826, 9);
  });

  it('is not pulled in by a few near ones (the runner split into groups of their own)', () => {
    const strangers = [0.8, 0.82, 0.78, 0.81, 0.79, 0.8, 0.83, 0.77];
    const clean = nearestStats(strangers, { ...options, cohort: 10, skip: 0 }) as CohortStats;
    const split = nearestStats([0.42, 0.45, ...strangers], {
      ...options,
      cohort: 10,
      skip: 0,
    }) as CohortStats;
    expect(split.mu).toBeGreaterThan(0.78);
    expect(split.sd).toBeLessThan(0.06);
    expect(Math.abs(split.mu - clean.mu)).toBeLessThan(0.02);
  });

  it('answers nothing for too few people, and keeps a floor under the deviation', () => {
    expect(nearestStats([0.5, 0.6], options)).toBeUndefined();
    expect(nearestStats([0.7, 0.7, 0.7, 0.7, 0.7], options)?.sd).toBe(0.02);
  });
});

describe('calibratedScore', () => {
  it('is higher where the neighbourhoods are far, for the same distance', () => {
    const crowded = { mu: 0.55, sd: 0.04 };
    const sparse = { mu: 0.8, sd: 0.05 };
    expect(calibratedScore(0.45, sparse, sparse)).toBeGreaterThan(calibratedScore(0.45, crowded, crowded));
    // 0.45 among look-alikes at 0.55 ± 0.04: 2.5 deviations; among strangers at 0.8 ± 0.05: 7.
    expect(calibratedScore(0.45, crowded, crowded)).toBeCloseTo(2.5, 9);
    expect(calibratedScore(0.45, sparse, sparse)).toBeCloseTo(7, 9);
  });
});

describe('PeopleCohort', () => {
  it('measures a face against the other people, leaving its own out', () => {
    const centroid = (dim: number, value: number) => {
      const c = new Float32Array(DESCRIPTOR_DIMS);
      c[dim] = value;
      return c;
    };
    const cohort = new PeopleCohort([centroid(0, 0), centroid(1, 0.5), centroid(2, 0.6), centroid(3, 0.7)]);
    const face = new Float32Array(DESCRIPTOR_DIMS); // at person 0's centroid
    const opts = { ...options, cohort: 3, skip: 0 };
    const own = cohort.statsOf(face, 0, opts) as CohortStats;
    expect(own.mu).toBeCloseTo(0.6, 6); // 0.5, 0.6, 0.7
    const all = cohort.statsOf(face, undefined, opts) as CohortStats;
    expect(all.mu).toBeCloseTo(0.5, 6); // 0, 0.5, 0.6
    expect(cohort.size).toBe(4);
  });
});

describe('tierPhotos', () => {
  /** The tiers' settings these cases are written for. */
  const settings = { ...CALIBRATION_DEFAULTS, confident: 3, maybe: 2, voteMargin: 0.5, uncalibrated: 0.5 };
  const query = { mu: 0.7, sd: 0.05 };
  const neighbourhood = { mu: 0.7, sd: 0.05 };
  /** A face whose calibrated score is `score` (both neighbourhoods alike). */
  const face = (photoId: number, person: number, score: number): CandidateFace => ({
    photoId,
    person,
    distance: 0.7 - score * 0.05,
    stats: neighbourhood,
  });

  it('puts faces at or above the confident score first, the rest down to the maybe floor after, strangers out', () => {
    const found = tierPhotos(
      [face(1, 10, 3.4), face(2, 11, 2.4), face(3, 12, 1.9), face(4, 13, 3.05)],
      query,
      settings,
    );
    expect(found.map((t) => [t.photoId, t.tier])).toEqual([
      [1, 'confident'],
      [4, 'confident'],
      [2, 'maybe'],
    ]);
    expect(found[0]?.score).toBeCloseTo(3.4, 9);
  });

  it('answers each photo once, at its best tier and face', () => {
    const tiers = tierPhotos([face(1, 10, 2.2), face(1, 11, 3.2), face(2, 12, 2.1)], query, settings);
    expect(tiers).toHaveLength(2);
    expect(tiers[0]).toMatchObject({ photoId: 1, tier: 'confident', person: 11 });
  });

  it('lets a person’s several faces vote: two near-confident faces, or one confident, carry the others', () => {
    // Person 20: two faces just under the confident score in two photos: both confident.
    // Person 21: one such face alone: maybe. Person 22: one confident face carries its near one.
    const tiers = tierPhotos(
      [
        face(1, 20, 2.7),
        face(2, 20, 2.6),
        face(3, 21, 2.7),
        face(4, 22, 3.1),
        face(5, 22, 2.6),
        face(6, 22, 2.2),
      ],
      query,
      settings,
    );
    const tierOf = (photoId: number) => tiers.find((t) => t.photoId === photoId)?.tier;
    expect(tierOf(1)).toBe('confident');
    expect(tierOf(2)).toBe('confident');
    expect(tierOf(3)).toBe('maybe');
    expect(tierOf(4)).toBe('confident');
    expect(tierOf(5)).toBe('confident');
    expect(tierOf(6)).toBe('maybe'); // beyond the vote margin
  });

  it("lets a confident face vouch for the runner's near faces that the grouping put in other people", () => {
    /** A face of its own person, at `x` along one axis, with the selfie's score `score`. */
    const at = (photoId: number, score: number, x: number): CandidateFace => {
      const descriptor = new Float32Array(DESCRIPTOR_DIMS);
      descriptor[0] = x;
      return { ...face(photoId, 100 + photoId, score), descriptor: () => descriptor };
    };
    const candidates = [
      at(1, 3.4, 0), // confident
      at(2, 2.7, 0.3), // within the vote's margin, 0.3 from the confident face (face to face: 8)
      at(3, 2.7, 0.65), // within the margin but far from it (1)
      at(4, 2.3, 0.1), // near it, but the selfie hardly took it (below the margin)
    ];
    const tiers = (confirm: number) => {
      const found = tierPhotos(candidates, query, { ...settings, confirm });
      return Object.fromEntries(found.map((t) => [t.photoId, t.tier]));
    };
    expect(tiers(4)).toEqual({ 1: 'confident', 2: 'confident', 3: 'maybe', 4: 'maybe' });
    expect(tiers(0)).toEqual({ 1: 'confident', 2: 'maybe', 3: 'maybe', 4: 'maybe' });
    // No chains: what a vouched-for face is near is not vouched for through it.
    const chain = [...candidates, at(5, 2.8, 0.6)]; // 0.3 from photo 2, 0.6 from photo 1
    const found = tierPhotos(chain, query, { ...settings, confirm: 4 });
    expect(found.find((t) => t.photoId === 5)?.tier).toBe('maybe');
  });

  it('falls back on the plain distance where the event is too small to calibrate', () => {
    const uncalibrated = (photoId: number, distance: number): CandidateFace => ({
      photoId,
      person: photoId,
      distance,
      stats: undefined,
    });
    const tiers = tierPhotos([uncalibrated(1, 0.42), uncalibrated(2, 0.58)], undefined, settings);
    expect(tiers.map((t) => [t.photoId, t.tier, t.score])).toEqual([
      [1, 'confident', undefined],
      [2, 'maybe', undefined],
    ]);
  });
});
