import { describe, expect, it } from 'vitest';
import { DESCRIPTOR_DIMS, descriptorFromBytes, descriptorToBytes, FaceMatrix, scan } from './matrix';
import { wasmScanner } from './scan-wasm';

/** A descriptor that is `distance` away from the origin along dimension `dim`. */
function along(dim: number, distance: number): Float32Array {
  const d = new Float32Array(DESCRIPTOR_DIMS);
  d[dim] = distance;
  return d;
}

describe('FaceMatrix', () => {
  const origin = new Float32Array(DESCRIPTOR_DIMS);

  it('answers photos within the threshold, best distance per photo, best first', () => {
    const m = new FaceMatrix(2);
    m.add(10, along(0, 0.3));
    m.add(10, along(1, 0.1)); // photo 10's closer face
    m.add(20, along(2, 0.2));
    m.add(30, along(3, 0.7)); // beyond the threshold
    m.add(40, along(127, 0.5999));
    expect(m.size).toBe(5);
    const found = m.search(origin, 0.6, 10);
    expect(found.map((f) => f.photoId)).toEqual([10, 20, 40]);
    expect(found[0]?.distance).toBeCloseTo(0.1, 5);
    expect(found[1]?.distance).toBeCloseTo(0.2, 5);
  });

  it('takes a block of stored faces as it takes them one by one, growing as needed', () => {
    const faces = Array.from({ length: 50 }, (_, i) => ({
      photo: 100 + (i % 7),
      d: along(i % 128, 0.01 * i),
    }));
    const one = new FaceMatrix(2);
    for (const f of faces) one.add(f.photo, f.d);
    const block = new FaceMatrix(2);
    block.add(1, along(5, 0.05)); // a face already held, then the block after it
    const bytes = new Uint8Array(faces.length * 512);
    faces.forEach((f, i) => {
      bytes.set(descriptorToBytes(f.d), i * 512);
    });
    block.addBlock(
      faces.map((f) => f.photo),
      bytes,
    );
    expect(block.size).toBe(51);
    const expected = [...one.search(origin, 0.3, 50), { photoId: 1, distance: 0.05 }];
    const sorted = (xs: { photoId: number; distance: number }[]) =>
      xs
        .map((m) => [m.photoId, Number(m.distance.toFixed(6))])
        .sort((a, b) => (a[1] ?? 0) - (b[1] ?? 0) || (a[0] ?? 0) - (b[0] ?? 0));
    expect(sorted(block.search(origin, 0.3, 50))).toEqual(sorted(expected));
    expect(() => block.addBlock([1, 2], new Uint8Array(512))).toThrow(/1024/);
  });

  it('honours the threshold and maxResults', () => {
    const m = new FaceMatrix();
    for (let i = 1; i <= 50; i++) m.add(i, along(i % DESCRIPTOR_DIMS, i / 100));
    expect(m.search(origin, 0.255, 100).map((f) => f.photoId)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    expect(m.search(origin, 1, 7).map((f) => f.photoId)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(m.search(origin, 1, 0)).toEqual([]);
    expect(m.search(origin, 0, 10)).toEqual([]);
  });

  it('matches a brute-force scan on random descriptors', () => {
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff - 0.5;
    };
    const m = new FaceMatrix(1);
    const rows: { photo: number; d: Float32Array }[] = [];
    for (let i = 0; i < 2000; i++) {
      const d = Float32Array.from({ length: DESCRIPTOR_DIMS }, () => rnd() * 0.2);
      rows.push({ photo: i % 300, d });
      m.add(i % 300, d);
    }
    const q = rows[5]?.d as Float32Array;
    const threshold = 0.88;
    const best = new Map<number, number>();
    for (const r of rows) {
      const dist = Math.sqrt(r.d.reduce((s, v, k) => s + (v - (q[k] as number)) ** 2, 0));
      if (dist <= threshold && dist < (best.get(r.photo) ?? Number.POSITIVE_INFINITY))
        best.set(r.photo, dist);
    }
    const expected = [...best].sort((a, b) => a[1] - b[1]).map(([p]) => p);
    expect(expected.length).toBeGreaterThan(3);
    expect(m.search(q, threshold, 1000).map((f) => f.photoId)).toEqual(expected);
  });

  it('scans with WebAssembly SIMD on this Node', () => {
    expect(wasmScanner(1)).not.toBeNull();
  });

  it('gives exactly the brute-force answer (rows and distances) at every threshold, also after growing', () => {
    let seed = 11;
    const gauss = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const u = (seed + 1) / 0x80000000;
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return Math.sqrt(-2 * Math.log(u)) * Math.cos((2 * Math.PI * seed) / 0x80000000) * 0.052;
    };
    const m = new FaceMatrix(1);
    const rows: { photo: number; d: Float32Array }[] = [];
    for (let i = 0; i < 5000; i++) {
      // Some rows near earlier ones, so every threshold has matches of all distances.
      const near = i > 0 && i % 3 === 0 ? rows[(i * 7) % i]?.d : undefined;
      const d = Float32Array.from({ length: DESCRIPTOR_DIMS }, (_, k) =>
        near ? (near[k] as number) + gauss() * 0.7 : gauss(),
      );
      rows.push({ photo: i % 1700, d });
      m.add(i % 1700, d);
    }
    const all = new Float32Array(rows.length * DESCRIPTOR_DIMS);
    for (const [i, r] of rows.entries()) all.set(r.d, i * DESCRIPTOR_DIMS);
    for (const [qi, threshold] of [
      [3, 0.45],
      [30, 0.6],
      [300, 0.64],
      [999, 0.8],
      [4242, 0.9],
      [17, 2],
    ] as const) {
      const q = rows[qi]?.d as Float32Array;
      const best = new Map<number, number>();
      for (const r of rows) {
        let d2 = 0;
        for (let k = 0; k < DESCRIPTOR_DIMS; k++) d2 += ((r.d[k] as number) - (q[k] as number)) ** 2;
        if (d2 <= threshold * threshold && d2 < (best.get(r.photo) ?? Number.POSITIVE_INFINITY))
          best.set(r.photo, d2);
      }
      const expected = [...best]
        .sort((a, b) => a[1] - b[1] || a[0] - b[0])
        .map(([photoId, d2]) => ({ photoId, distance: Math.sqrt(d2) }));
      expect(expected.length).toBeGreaterThan(1);
      expect(m.search(q, threshold, 10_000)).toEqual(expected);
      // The plain JavaScript scan (used without WebAssembly) finds the same rows.
      const hits = scan(all, rows.length, q, threshold * threshold);
      const viaJs = new Set(Array.from(hits.rows.subarray(0, hits.count), (r) => rows[r]?.photo));
      expect(viaJs).toEqual(new Set(best.keys()));
    }
  });

  it('stays exact for values beyond the codes’ range (clipped codes widen the scan, never lose a row)', () => {
    const m = new FaceMatrix(4);
    const rows: Float32Array[] = [];
    for (let i = 0; i < 300; i++) {
      // Every 7th row has dimensions of ±0.9, far beyond ±0.496 where the int8 codes clip.
      const d = Float32Array.from(
        { length: DESCRIPTOR_DIMS },
        (_, k) => Math.sin(i * 12.9898 + k * 78.233) * 0.08,
      );
      if (i % 7 === 0) for (let k = 0; k < 12; k++) d[(k * 11 + i) % DESCRIPTOR_DIMS] = k % 2 ? 0.9 : -0.9;
      rows.push(d);
      m.add(i, d);
    }
    for (const qi of [0, 7, 14, 50]) {
      const q = Float32Array.from(rows[qi] as Float32Array, (v, k) => v + Math.cos(k) * 0.01);
      for (const threshold of [0.3, 0.9, 1.3, 2.5]) {
        const expected = rows
          .map((r, photoId) => ({
            photoId,
            distance: Math.sqrt(r.reduce((sum, v, k) => sum + (v - (q[k] as number)) ** 2, 0)),
          }))
          .filter((f) => f.distance <= threshold)
          .sort((a, b) => a.distance - b.distance || a.photoId - b.photoId);
        expect(expected.length, `query ${qi} at ${threshold}`).toBeGreaterThan(0);
        const got = m.search(q, threshold, 1000);
        expect(got.map((f) => f.photoId)).toEqual(expected.map((f) => f.photoId));
        for (const [i, f] of got.entries())
          expect(f.distance).toBeCloseTo((expected[i] as { distance: number }).distance, 5);
      }
    }
  });

  it('never matches a row that is not numbers, and refuses such a query', () => {
    const m = new FaceMatrix(2);
    const d = Float32Array.from({ length: DESCRIPTOR_DIMS }, (_, k) => Math.sin(k) * 0.1);
    m.add(1, d);
    m.add(
      2,
      Float32Array.from(d, (v, k) => (k === 3 ? Number.NaN : v)),
    );
    expect(m.search(d, 0.5, 10)).toEqual([{ photoId: 1, distance: 0 }]);
    expect(() =>
      m.search(
        Float32Array.from(d, (v, k) => (k === 9 ? Number.NaN : v)),
        0.5,
        10,
      ),
    ).toThrow(/not finite/);
  });

  it('reads and writes the stored 512-byte little-endian form', () => {
    const d = Float32Array.from({ length: DESCRIPTOR_DIMS }, (_, i) => i / 1000 - 0.05);
    const bytes = descriptorToBytes(d);
    expect(bytes.length).toBe(512);
    expect(new DataView(bytes.buffer).getFloat32(4, true)).toBeCloseTo(d[1] as number, 6);
    expect(descriptorFromBytes(bytes)).toEqual(d);
    const m = new FaceMatrix();
    m.add(9, bytes);
    expect(m.search(d, 0.01, 5)).toEqual([{ photoId: 9, distance: 0 }]);
    expect(() => descriptorFromBytes(new Uint8Array(100))).toThrow(/512 bytes/);
  });

  it('widens a search by query expansion: faces near its confident matches count, impostors do not', () => {
    // Axis-aligned descriptors: the selfie at 0; its runner at 0.3 along e1 (confident); the same runner on race
    // day 0.64 from the selfie but 0.53 from the mean of the two; impostors 0.63 and 0.62 away, far from that mean.
    const at = (...parts: [number, number][]) => {
      const d = new Float32Array(DESCRIPTOR_DIMS);
      for (const [axis, value] of parts) d[axis] = value;
      return d;
    };
    const m = new FaceMatrix();
    m.add(1, at([0, 0.3]));
    m.add(2, at([0, 0.5], [1, 0.4]));
    m.add(3, at([0, -0.3], [2, 0.55]));
    m.add(4, at([3, 0.62]));
    const selfie = at();
    expect(m.search(selfie, 0.6, 10).map((x) => x.photoId)).toEqual([1]);
    const widened = m.searchExpanded(selfie, 0.6, 10, { confident: 0.45, most: 8 });
    expect(widened.map((x) => x.photoId)).toEqual([1, 2]);
    // Each photo at its smaller distance (to the selfie or to the mean).
    expect(widened[0]?.distance).toBeCloseTo(0.15, 5);
    expect(widened[1]?.distance).toBeCloseTo(Math.hypot(0.35, 0.4), 5);
    // Nothing confident: the plain search.
    expect(m.searchExpanded(selfie, 0.6, 10, { confident: 0.2, most: 8 })).toEqual(m.search(selfie, 0.6, 10));
    expect(m.searchExpanded(selfie, 0.6, 1).map((x) => x.photoId)).toEqual([1]);
  });
});
