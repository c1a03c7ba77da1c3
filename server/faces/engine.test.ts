import { describe, expect, it } from 'vitest';
import { FaceIndexEngine, faceBlockOf, type StoredFace } from './engine';
import { DESCRIPTOR_DIMS, descriptorToBytes } from './matrix';

const along = (dim: number, distance: number) => {
  const d = new Float32Array(DESCRIPTOR_DIMS);
  d[dim] = distance;
  return d;
};

describe('FaceIndexEngine', () => {
  it('loads the event once, appends new faces after noteIndexed, honours threshold and maxResults', async () => {
    const stored: (StoredFace & { event: number })[] = [
      { id: 1, event: 1, photo_id: 100, descriptor: descriptorToBytes(along(0, 0.1)) },
      { id: 2, event: 2, photo_id: 200, descriptor: descriptorToBytes(along(0, 0.05)) },
      { id: 3, event: 1, photo_id: 101, descriptor: descriptorToBytes(along(1, 0.3)) },
    ];
    const calls: [number, number][] = [];
    const engine = new FaceIndexEngine({
      loadFaces: async (eventId, afterId) => {
        calls.push([eventId, afterId]);
        return faceBlockOf(stored.filter((f) => f.event === eventId && f.id > afterId).slice(0, 1)); // one a page
      },
      describeSelfie: async (bytes) =>
        bytes.length === 0
          ? { kind: 'no-face' }
          : { kind: 'face', descriptor: new Float32Array(DESCRIPTOR_DIMS) },
    });
    const query = { eventId: 1, threshold: 0.5, maxResults: 10 };
    expect(await engine.search(new Uint8Array(0), query)).toEqual({ kind: 'no-face' });
    const first = await engine.search(new Uint8Array(1), query);
    expect(first.kind === 'matches' && first.matches.map((m) => m.photoId)).toEqual([100, 101]);
    expect(engine.facesInMemory(1)).toBe(2);

    stored.push({ id: 4, event: 1, photo_id: 102, descriptor: descriptorToBytes(along(2, 0.2)) });
    const cached = await engine.search(new Uint8Array(1), query);
    expect(cached.kind === 'matches' && cached.matches.length).toBe(2);
    engine.noteIndexed(1);
    const refreshed = await engine.search(new Uint8Array(1), query);
    expect(refreshed.kind === 'matches' && refreshed.matches.map((m) => m.photoId)).toEqual([100, 102, 101]);
    expect(calls.filter(([e]) => e === 1).at(-2)).toEqual([1, 3]);

    const narrow = await engine.search(new Uint8Array(1), { eventId: 1, threshold: 0.15, maxResults: 10 });
    expect(narrow.kind === 'matches' && narrow.matches.map((m) => m.photoId)).toEqual([100]);
    const fewer = await engine.search(new Uint8Array(1), { eventId: 1, threshold: 1, maxResults: 1 });
    expect(fewer.kind === 'matches' && fewer.matches.map((m) => m.photoId)).toEqual([100]);
  });

  it('shares one load between concurrent searches', async () => {
    let loads = 0;
    const engine = new FaceIndexEngine({
      loadFaces: async (_eventId, afterId) => {
        loads++;
        await new Promise((r) => setTimeout(r, 5));
        return faceBlockOf(
          afterId === 0 ? [{ id: 1, photo_id: 1, descriptor: descriptorToBytes(along(0, 0)) }] : [],
        );
      },
      describeSelfie: async () => ({ kind: 'face', descriptor: new Float32Array(DESCRIPTOR_DIMS) }),
    });
    const q = { eventId: 5, threshold: 0.5, maxResults: 5 };
    await Promise.all([engine.search(new Uint8Array(1), q), engine.search(new Uint8Array(1), q)]);
    expect(loads).toBe(2); // one page with the face, one empty page
  });

  it('tiers matches against the event\'s people: the same distance is "you" among strangers, "maybe" among look-alikes', async () => {
    const unit = (entries: Record<number, number>) => {
      const d = new Float32Array(DESCRIPTOR_DIMS);
      for (const [dim, v] of Object.entries(entries)) d[Number(dim)] = v;
      return d;
    };
    const stored: StoredFace[] = [];
    let id = 0;
    const face = (photo: number, person: number, d: Float32Array) => {
      id++;
      stored.push({ id, photo_id: photo, person_id: person, descriptor: descriptorToBytes(d) });
    };
    // 40 people far from each other (0.85 apart), two photos each.
    for (let p = 0; p < 40; p++) {
      face(1000 + 2 * p, 1 + 2 * p, unit({ [p]: 0.6 }));
      face(1001 + 2 * p, 1 + 2 * p, unit({ [p]: 0.6, [64 + (p % 32)]: 0.1 }));
    }
    const crowdFrom = id + 1;
    // A runner among 19 look-alikes, one photo each, 0.46 to 0.64 from the runner's selfie.
    face(2000, crowdFrom, unit({ 50: 0.6 }));
    for (let p = 1; p < 20; p++) {
      const fromSelfie = 0.45 + 0.01 * p;
      face(2000 + p, crowdFrom + p, unit({ 50: 0.6, [p + 70]: Math.sqrt(fromSelfie ** 2 - 0.09) }));
    }
    const selfieOf = { sparse: unit({ 0: 0.6, 100: 0.3 }), crowd: unit({ 50: 0.6, 100: 0.3 }) };
    let selfie = selfieOf.sparse;
    const engine = new FaceIndexEngine({
      loadFaces: async (_eventId, afterId) => faceBlockOf(stored.filter((f) => f.id > afterId)),
      describeSelfie: async () => ({ kind: 'face', descriptor: selfie }),
    });
    const query = { eventId: 1, threshold: 0.6, maxResults: 50 };
    const sparse = await engine.search(new Uint8Array(1), query);
    if (sparse.kind !== 'matches') throw new Error('no matches');
    expect(sparse.matches.map((m) => [m.photoId, m.tier, m.personId])).toEqual([
      [1000, 'confident', 1],
      [1001, 'confident', 1],
    ]);
    expect(sparse.matches[0]?.faceId).toBe(1);
    expect(sparse.matches[0]?.distance).toBeCloseTo(0.3, 6);
    selfie = selfieOf.crowd;
    const crowd = await engine.search(new Uint8Array(1), query);
    if (crowd.kind !== 'matches') throw new Error('no matches');
    // The runner's own photo at the same 0.3 is only "maybe" among look-alikes from 0.46 on, and no look-alike is
    // "you".
    expect(crowd.matches[0]).toMatchObject({ photoId: 2000, tier: 'maybe', personId: crowdFrom });
    expect(crowd.matches.filter((m) => m.tier === 'confident')).toEqual([]);
  });

  it('does not calibrate while faces have no person yet, and reads the event again once they are grouped', async () => {
    const unit = (entries: Record<number, number>) => {
      const d = new Float32Array(DESCRIPTOR_DIMS);
      for (const [dim, v] of Object.entries(entries)) d[Number(dim)] = v;
      return d;
    };
    // 40 strangers far apart, and a face 0.55 from the selfie: among strangers that far, calibration says "you".
    const stored: StoredFace[] = [];
    for (let p = 0; p < 40; p++)
      stored.push({
        id: p + 1,
        photo_id: 100 + p,
        person_id: null,
        descriptor: descriptorToBytes(unit({ [p]: 0.6 })),
      });
    stored.push({
      id: 41,
      photo_id: 500,
      person_id: null,
      descriptor: descriptorToBytes(unit({ 60: 0.6, 100: 0.55 })),
    });
    let ungrouped = 41;
    const engine = new FaceIndexEngine({
      loadFaces: async (_eventId, afterId) => faceBlockOf(stored.filter((f) => f.id > afterId)),
      describeSelfie: async () => ({ kind: 'face', descriptor: unit({ 60: 0.6 }) }),
      countUngrouped: async () => ungrouped,
      ungroupedRecheckMs: 0,
    });
    const query = { eventId: 1, threshold: 0.6, maxResults: 10 };
    const before = await engine.search(new Uint8Array(1), query);
    // Plain distances meanwhile: beyond 0.5, only "maybe".
    expect(before.kind === 'matches' && before.matches.map((m) => [m.photoId, m.tier])).toEqual([
      [500, 'maybe'],
    ]);
    for (const f of stored) f.person_id = f.id;
    ungrouped = 0;
    const after = await engine.search(new Uint8Array(1), query);
    expect(after.kind === 'matches' && after.matches.map((m) => [m.photoId, m.tier])).toEqual([
      [500, 'confident'],
    ]);
  });

  it("calibrates a small event against people lent from the store's other events", async () => {
    const unit = (entries: Record<number, number>) => {
      const d = new Float32Array(DESCRIPTOR_DIMS);
      for (const [dim, v] of Object.entries(entries)) d[Number(dim)] = v;
      return d;
    };
    // A fun run of three runners: the selfie's runner 0.55 away in photo 500 (beyond the plain 0.5 alone).
    const stored: StoredFace[] = [
      { id: 1, photo_id: 500, person_id: 1, descriptor: descriptorToBytes(unit({ 60: 0.6, 100: 0.55 })) },
      { id: 2, photo_id: 501, person_id: 2, descriptor: descriptorToBytes(unit({ 1: 0.6 })) },
      { id: 3, photo_id: 502, person_id: 3, descriptor: descriptorToBytes(unit({ 2: 0.6 })) },
    ];
    const strangers = Array.from({ length: 40 }, (_, p) => unit({ [p + 3]: 0.6 }));
    // Look-alikes halfway between the selfie and the runner's face, 0.57 to 0.70 from both.
    const lookAlikes = Array.from({ length: 40 }, (_, p) =>
      unit({ 60: 0.6, 100: 0.275, [p + 3]: 0.5 + p * 0.004 }),
    );
    let lent: Float32Array[] | Error = strangers;
    const asked: number[] = [];
    const engineWith = () =>
      new FaceIndexEngine({
        loadFaces: async (_eventId, afterId) => faceBlockOf(stored.filter((f) => f.id > afterId)),
        describeSelfie: async () => ({ kind: 'face', descriptor: unit({ 60: 0.6 }) }),
        loadBorrowedPeople: async (eventId) => {
          asked.push(eventId);
          if (lent instanceof Error) throw lent;
          return lent;
        },
      });
    const query = { eventId: 7, threshold: 0.6, maxResults: 10 };
    const tiers = async (engine: FaceIndexEngine) => {
      const found = await engine.search(new Uint8Array(1), query);
      return found.kind === 'matches' ? found.matches.map((m) => [m.photoId, m.tier]) : [];
    };
    // Among strangers lent from elsewhere, 0.55 is far nearer than anyone else: "you".
    expect(await tiers(engineWith())).toEqual([[500, 'confident']]);
    expect(asked).toEqual([7]);
    // The runner ran the store's other events too: lent back as people of those events (within grouping's reach of
    // their face here), they are not their own look-alikes.
    lent = [
      ...strangers,
      ...Array.from({ length: 12 }, (_, k) => unit({ 60: 0.6, 100: 0.55, [20 + k]: 0.1 })),
    ];
    expect(await tiers(engineWith())).toEqual([[500, 'confident']]);
    // Lent people who look alike the runner make the same distance only "maybe".
    lent = lookAlikes;
    expect(await tiers(engineWith())).toEqual([[500, 'maybe']]);
    // Nobody to lend (a read that failed): the event alone is too small, the plain distance decides.
    lent = new Error('database away');
    expect(await tiers(engineWith())).toEqual([[500, 'maybe']]);
  });

  it('judges a search with two selfies at a stricter score', async () => {
    const unit = (entries: Record<number, number>) => {
      const d = new Float32Array(DESCRIPTOR_DIMS);
      for (const [dim, v] of Object.entries(entries)) d[Number(dim)] = v;
      return d;
    };
    // Three faces of a small event 0.45, 0.53 and 0.57 from the selfie, and people lent from elsewhere about as
    // far from the selfie as from the faces.
    const stored: StoredFace[] = [0.45, 0.53, 0.57].map((d, i) => ({
      id: i + 1,
      photo_id: 500 + i,
      person_id: i + 1,
      descriptor: descriptorToBytes(unit({ 60: 0.6, 101: d, [110 + i]: 0.001 })),
    }));
    const lent = Array.from({ length: 40 }, (_, p) => unit({ 60: 0.6, 101: 0.25, [3 + p]: 0.5 + p * 0.005 }));
    const engine = new FaceIndexEngine({
      loadFaces: async (_eventId, afterId) => faceBlockOf(stored.filter((f) => f.id > afterId)),
      loadBorrowedPeople: async () => lent,
    });
    const tiers = async (selfies: 1 | 2) =>
      (
        await engine.searchDescriptor(unit({ 60: 0.6 }), {
          eventId: 3,
          threshold: 0.6,
          maxResults: 10,
          selfies,
        })
      ).map((m) => [m.photoId, m.tier]);
    expect(await tiers(1)).toEqual([
      [500, 'confident'],
      [501, 'confident'],
      [502, 'maybe'],
    ]);
    // The face at 0.53 is "you" for one selfie; two selfies averaged must be surer of it.
    expect(await tiers(2)).toEqual([
      [500, 'confident'],
      [501, 'maybe'],
      [502, 'maybe'],
    ]);
  });
});
