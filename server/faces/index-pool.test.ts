// Starts real worker threads (each loads the models): about 10 s.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createIndexPool } from './index-pool';

const demoDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
  'demo',
);

describe('the face index pool', () => {
  const pool = createIndexPool({ workers: 2, detect: { tileAbove: 4000 } });
  afterAll(() => pool.close());

  it('indexes photos in worker threads; a bad image fails its job only', async () => {
    const good = new Uint8Array(readFileSync(path.join(demoDir, 'sample3.jpg')));
    const outcomes = await Promise.all([
      pool.index({ photoId: 1, bytes: good }),
      pool.index({ photoId: 2, bytes: good.subarray(0, 5000) }),
      pool.index({ photoId: 3, bytes: new TextEncoder().encode('no image') }),
    ]);
    const [first, truncated, text] = outcomes;
    expect(first?.ok && first.faces.length).toBe(3);
    expect(first?.ok && first.faces[0]?.descriptor).toBeInstanceOf(Float32Array);
    expect(truncated).toMatchObject({ photoId: 2, ok: false, problem: 'unreadable' });
    expect(text).toMatchObject({ photoId: 3, ok: false, problem: 'not-an-image' });
    const selfie = await pool.describeSelfie(good);
    expect(selfie.kind).toBe('face');
  }, 60_000);
});
