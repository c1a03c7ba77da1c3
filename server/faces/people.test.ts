import { describe, expect, it } from 'vitest';
import { DESCRIPTOR_DIMS, FaceMatrix } from './matrix';
import { boxOverlap, EventPeople, inOneBurst, PEOPLE_DEFAULTS } from './people';

/** A point `distance` from the origin along dimension `dim`, plus an offset on another (to place points apart). */
function at(coordinates: Record<number, number>): Float32Array {
  const d = new Float32Array(DESCRIPTOR_DIMS);
  for (const [dim, value] of Object.entries(coordinates)) d[Number(dim)] = value;
  return d;
}

const box = { x: 0.4, y: 0.2, width: 0.1, height: 0.12 };

describe('EventPeople', () => {
  it('groups a face with the person of its nearest close face, and starts a person for a far one', () => {
    const people = new EventPeople();
    const a = people.add({ photoId: 1, descriptor: at({ 0: 0 }) });
    const b = people.add({ photoId: 2, descriptor: at({ 0: 0.3 }) }); // 0.3 from the first: the same person
    const c = people.add({ photoId: 3, descriptor: at({ 1: 0.9 }) }); // far from both
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    expect(people.peopleCount).toBe(2);
    expect(people.membersOf(a)).toEqual([0, 1]);
    expect(people.personOf(2)).toBe(c);
    expect(people.centroidOf(a)[0]).toBeCloseTo(0.15, 6);
  });

  it('never groups two faces of one photo, however alike', () => {
    const people = new EventPeople();
    const a = people.add({ photoId: 7, descriptor: at({ 0: 0 }) });
    const twin = people.add({ photoId: 7, descriptor: at({ 0: 0.05 }) });
    expect(twin).not.toBe(a);
    // A third photo's face near both joins the nearer one, and only one of them.
    const third = people.add({ photoId: 8, descriptor: at({ 0: 0.04 }) });
    expect(third).toBe(twin);
  });

  it('joins frames of one burst at a wider distance, and only with the same photographer, time and place', () => {
    const wide = at({ 0: 0.46 }); // beyond `join` (0.40), within `burstJoin` (0.50)
    const burst = { photographerId: 3, camera: 'NIKON Z 9 #3001', takenAtMs: 1_000_000, box };
    const grouped = (
      second: Partial<{ photographerId: number; camera: string; takenAtMs: number; box: typeof box }>,
    ) => {
      const people = new EventPeople();
      const first = people.add({ photoId: 1, descriptor: at({ 0: 0 }), ...burst });
      return people.add({ photoId: 2, descriptor: wide, ...burst, ...second }) === first;
    };
    expect(grouped({})).toBe(true);
    expect(grouped({ takenAtMs: 1_000_000 + 4_000 })).toBe(true);
    expect(grouped({ takenAtMs: 1_000_000 + 6_000 })).toBe(false); // not seconds apart
    expect(grouped({ photographerId: 4 })).toBe(false); // another photographer
    expect(grouped({ camera: 'NIKON Z 9 #3002' })).toBe(false); // another camera
    expect(grouped({ camera: '' })).toBe(false); // no EXIF: its time is the import's, not the shutter's
    expect(grouped({ box: { ...box, x: 0.7 } })).toBe(false); // elsewhere in the frame
    // Without a burst, the same distance starts a new person.
    const people = new EventPeople();
    const first = people.add({ photoId: 1, descriptor: at({ 0: 0 }) });
    expect(people.add({ photoId: 2, descriptor: wide })).not.toBe(first);
  });

  it('lets no single look-alike chain two people together: most of the person must be close', () => {
    const people = new EventPeople();
    // Person A: three faces, each within `join` of another.
    const a = people.add({ photoId: 1, descriptor: at({ 0: 0 }) });
    expect(people.add({ photoId: 2, descriptor: at({ 0: 0.3 }) })).toBe(a);
    expect(people.add({ photoId: 3, descriptor: at({ 0: 0.15, 1: 0.3 }) })).toBe(a);
    // A face 0.35 from A's second face but beyond reach (0.5) of the other two: not A.
    const far = people.add({ photoId: 4, descriptor: at({ 0: 0.65 }) });
    expect(far).not.toBe(a);
    expect(people.membersOf(a)).toHaveLength(3);
  });

  it('groups the same faces the same way every time (deterministic, by order of arrival)', () => {
    const faces = Array.from({ length: 40 }, (_, i) => ({
      photoId: i + 1,
      descriptor: at({ [i % 5]: 0.6, [(i % 5) + 10]: (i % 3) * 0.1 }),
    }));
    const first = new EventPeople();
    const second = new EventPeople();
    const one = faces.map((f) => first.add(f));
    const two = faces.map((f) => second.add(f));
    expect(two).toEqual(one);
    expect(first.peopleCount).toBe(5); // five people, each seen eight times
  });
});

describe('bursts and boxes', () => {
  it('measures the overlap of boxes as intersection over union', () => {
    expect(boxOverlap(box, box)).toBeCloseTo(1, 9);
    expect(boxOverlap(box, { ...box, x: 0.45 })).toBeCloseTo(0.05 / 0.15, 9);
    expect(boxOverlap(box, { ...box, x: 0.6 })).toBe(0);
  });

  it('needs a photographer, two times and two boxes to call frames a burst', () => {
    const seen = { photoId: 1, photographerId: 1, camera: 'X100V', takenAtMs: 0, box };
    expect(inOneBurst(seen, { ...seen, photoId: 2 }, PEOPLE_DEFAULTS)).toBe(true);
    expect(inOneBurst(seen, { ...seen }, PEOPLE_DEFAULTS)).toBe(false); // one photo is not a burst
    expect(inOneBurst(seen, { ...seen, photoId: 2, takenAtMs: undefined }, PEOPLE_DEFAULTS)).toBe(false);
    expect(inOneBurst(seen, { ...seen, photoId: 2, photographerId: undefined }, PEOPLE_DEFAULTS)).toBe(false);
    expect(inOneBurst(seen, { ...seen, photoId: 2, box: undefined }, PEOPLE_DEFAULTS)).toBe(false);
  });
});

describe('FaceMatrix rows for grouping', () => {
  it('answers the rows within a distance, with their distances, and a row’s descriptor', () => {
    const m = new FaceMatrix(2);
    m.add(5, at({ 0: 0.1 }));
    m.add(5, at({ 1: 0.7 }));
    m.add(6, at({ 2: 0.3 }));
    const near = m.nearRows(at({}), 0.5).sort((x, y) => x.row - y.row);
    expect(near.map((n) => n.row)).toEqual([0, 2]);
    expect(near[1]?.distance).toBeCloseTo(0.3, 6);
    expect(m.descriptorOf(1)[1]).toBeCloseTo(0.7, 6);
    expect(() => m.descriptorOf(3)).toThrow();
  });
});
