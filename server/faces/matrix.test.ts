import { describe, expect, it } from 'vitest';
import { DESCRIPTOR_DIMS, descriptorFromBytes, descriptorToBytes, FaceMatrix } from './matrix';

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
});
