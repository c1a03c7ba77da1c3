// Starts real worker threads (each loads the models): about 20 s.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { SEARCH_BUSY_AFTER_MS } from '../services/face-search';
import { createIndexPool, SELFIE_BATCH } from './index-pool';
import { BACKGROUND_NICE } from './thread-priority';

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
    // Linux: the two photo workers run at background priority; this (main) thread keeps its own.
    if (existsSync('/proc/thread-self')) {
      const niceOf = (task: string) =>
        Number(readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1]?.split(' ')[16]);
      const nice = readdirSync('/proc/self/task').map(niceOf);
      expect(nice.filter((n) => n === BACKGROUND_NICE).length).toBeGreaterThanOrEqual(2);
      expect(niceOf(String(process.pid))).toBe(os.getPriority(process.pid));
      expect(os.getPriority(process.pid)).toBeLessThan(BACKGROUND_NICE);
    }
  }, 60_000);

  it('reads the bibs under the faces of a race photo, with them or later under faces already found', async () => {
    const race = path.join(process.cwd(), '..', 'shared', 'bib-bench', 'images', 'set1_01.JPG');
    const bytes = new Uint8Array(readFileSync(race));
    const indexed = await pool.index({ photoId: 7, bytes, bibs: true });
    if (!indexed.ok) throw new Error(indexed.reason);
    expect(indexed.bibs?.map((b) => b.bib)).toContain('3638');
    const runner = indexed.bibs?.find((b) => b.bib === '3638');
    // Read under the runner's face, below it.
    const face = indexed.faces[runner?.face ?? -1];
    expect(runner?.box.y).toBeGreaterThan((face?.box.y ?? 0) + (face?.box.height ?? 0));
    // Without `bibs`, none are read.
    const plain = await pool.index({ photoId: 8, bytes });
    expect(plain.ok && plain.bibs).toBeUndefined();
    // Later, under the faces found then: the same reads.
    const later = await pool.readBibs({ photoId: 7, bytes, faces: indexed.faces.map((f) => f.box) });
    expect(later.ok && later.bibs.map((b) => b.bib)).toEqual(indexed.bibs?.map((b) => b.bib));
    expect(await pool.readBibs({ photoId: 9, bytes: bytes.subarray(0, 100), faces: [] })).toMatchObject({
      ok: false,
    });
  }, 60_000);

  it('describes selfies given together, each answered in its place (a bad one fails alone)', async () => {
    const face = new Uint8Array(readFileSync(path.join(demoDir, 'sample3.jpg')));
    const alone = await pool.describeSelfie(face);
    // The first goes to the free selfie worker at once; the rest wait and are embedded together.
    const outcomes = await Promise.allSettled([
      pool.describeSelfie(face),
      pool.describeSelfie(face),
      pool.describeSelfie(new TextEncoder().encode('no image')),
      pool.describeSelfie(face),
      pool.describeSelfie(face.subarray(0, 5000)),
      pool.describeSelfie(face),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(outcomes[2]).toMatchObject({ reason: { name: 'FaceImageError', problem: 'not-an-image' } });
    expect(outcomes[4]).toMatchObject({ reason: { name: 'FaceImageError', problem: 'unreadable' } });
    if (alone.kind !== 'face') throw new Error('sample3: no face');
    for (const outcome of outcomes) {
      if (outcome.status !== 'fulfilled') continue;
      expect(outcome.value.kind).toBe('face');
      if (outcome.value.kind !== 'face') continue;
      const distance = Math.hypot(...outcome.value.descriptor.map((x, i) => x - (alone.descriptor[i] ?? 0)));
      expect(distance).toBeLessThan(0.001);
    }
    expect(pool.waitingSelfies()).toBe(0);
  }, 60_000);

  it('refuses oversized PNG selfies before decoding them, and the next search is not "busy"', async () => {
    await pool.whenReady();
    // 3000×3000 16-bit interlaced: 108 MB to decode (6320×6320 would be 480 MB), a small file.
    const heavy = new Uint8Array(
      await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#7a7a7a' } })
        .toColourspace('rgb16')
        .png({ progressive: true, compressionLevel: 9 })
        .toBuffer(),
    );
    expect((await sharp(heavy).metadata()).depth).toBe('ushort');
    const burst = await Promise.allSettled(Array.from({ length: 8 }, () => pool.describeSelfie(heavy)));
    for (const outcome of burst)
      expect(outcome).toMatchObject({ reason: { name: 'FaceImageError', problem: 'too-large-to-decode' } });
    expect(pool.expectedSelfieMs()).toBeLessThan(SEARCH_BUSY_AFTER_MS);
    const face = new Uint8Array(readFileSync(path.join(demoDir, 'sample3.jpg')));
    expect((await pool.describeSelfie(face)).kind).toBe('face');
    // An 8-bit PNG selfie of a phone's size is searched as before.
    const png = new Uint8Array(await sharp(face).png().toBuffer());
    expect((await pool.describeSelfie(png)).kind).toBe('face');
  }, 60_000);

  it('gives a busy selfie worker its next batch while selfies wait, and answers each in its place', async () => {
    await pool.whenReady();
    const face = new Uint8Array(readFileSync(path.join(demoDir, 'sample3.jpg')));
    const alone = await pool.describeSelfie(face);
    if (alone.kind !== 'face') throw new Error('sample3: no face');
    // Given at once: the first goes to the free selfie worker alone; once a batch's worth waits, the worker is given
    // that batch too (it goes on with it without waiting for this thread); the rest wait.
    const rush = [face, face, new TextEncoder().encode('no image'), face, face, face].map((bytes) =>
      pool.describeSelfie(bytes),
    );
    expect(pool.waitingSelfies()).toBe(rush.length - 1 - SELFIE_BATCH);
    expect(pool.expectedSelfieMs()).toBeGreaterThan(0);
    const outcomes = await Promise.allSettled(rush);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    for (const outcome of outcomes) {
      if (outcome.status !== 'fulfilled' || outcome.value.kind !== 'face') continue;
      const distance = Math.hypot(...outcome.value.descriptor.map((x, i) => x - (alone.descriptor[i] ?? 0)));
      expect(distance).toBeLessThan(0.001);
    }
    expect(pool.waitingSelfies()).toBe(0);
  }, 60_000);

  it('describes a selfie before the photos waiting for a worker', async () => {
    // One photo worker and no selfie worker: the order in which the jobs end is the order they were given out.
    const single = createIndexPool({ workers: 1, selfieWorkers: 0 });
    try {
      const good = new Uint8Array(readFileSync(path.join(demoDir, 'sample3.jpg')));
      await single.whenReady();
      const ended: string[] = [];
      const photos = [1, 2, 3].map((photoId) =>
        single.index({ photoId, bytes: good }).then(() => ended.push(`photo ${photoId}`)),
      );
      const alone = single.expectedSelfieMs();
      // Photo 1 is with the worker, photos 2 and 3 wait: the selfie goes before them.
      const selfie = single.describeSelfie(good).then(() => ended.push('selfie'));
      expect(single.waitingSelfies()).toBe(1);
      // A selfie given now waits for the one ahead of it.
      expect(single.expectedSelfieMs()).toBeCloseTo(2 * alone);
      await Promise.all([...photos, selfie]);
      expect(ended).toEqual(['photo 1', 'selfie', 'photo 2', 'photo 3']);
      expect(single.waitingSelfies()).toBe(0);
      // Nothing ahead any more: one selfie's time, now measured.
      expect(single.expectedSelfieMs()).toBeGreaterThan(0);
      expect(single.expectedSelfieMs()).not.toBe(alone);
    } finally {
      await single.close();
    }
  }, 60_000);

  it('describes a selfie on a worker of its own while a 12 MP photo is being indexed', async () => {
    const good = new Uint8Array(readFileSync(path.join(demoDir, 'sample3.jpg')));
    // A 12 MP photo: the sample upscaled to 4000×3000.
    const crowd = new Uint8Array(await sharp(good).resize(4000, 3000, { fit: 'cover' }).jpeg().toBuffer());
    const ended: string[] = [];
    const photo = pool.index({ photoId: 10, bytes: crowd }).then(() => ended.push('photo'));
    const photo2 = pool.index({ photoId: 11, bytes: crowd }).then(() => ended.push('photo'));
    const selfie = pool.describeSelfie(good).then(() => ended.push('selfie'));
    await Promise.all([photo, photo2, selfie]);
    expect(ended[0]).toBe('selfie');
  }, 90_000);
});
