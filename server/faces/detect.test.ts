// Runs the real models (tfjs wasm) on the face-api package's demo photos: about 15 s on 2 cores.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSelfieJpeg } from '../../tests/demo-selfie';
import { containment } from './boxes';
import { type DetectedFace, detectFacesInBytes, selfieDescriptor, selfieDescriptors } from './detect';
import { FaceImageError } from './image';
import { FaceMatrix } from './matrix';

const demoDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
  'demo',
);
const sample = (n: number) => new Uint8Array(readFileSync(path.join(demoDir, `sample${n}.jpg`)));
/** Faces in each demo photo (counted by eye). */
const FACES = { 1: 3, 2: 3, 3: 3, 4: 4, 5: 5, 6: 4 } as const;
const THRESHOLD = 0.55;

describe('face detection on the face-api demo photos', () => {
  const found = new Map<number, DetectedFace[]>();

  beforeAll(async () => {
    for (const n of [1, 2, 3, 4, 5, 6])
      found.set(n, await detectFacesInBytes(sample(n), { tileAbove: 2000 })); // whole-image passes: big faces
  }, 120_000);

  it('finds every face, each with a 128-d descriptor', () => {
    for (const [n, count] of Object.entries(FACES)) {
      const faces = found.get(Number(n)) ?? [];
      expect(faces.length, `sample${n}`).toBe(count);
      for (const f of faces) {
        expect(f.descriptor).toHaveLength(128);
        expect(f.box.width).toBeGreaterThan(100);
      }
    }
  });

  it('a face cropped from one photo finds that photo and not the others', async () => {
    const matrix = new FaceMatrix();
    for (const [n, faces] of found) for (const f of faces) matrix.add(n, f.descriptor);
    const face = found.get(4)?.[1];
    if (!face) throw new Error('sample4 has no second face');
    const { x, y, width, height } = face.box;
    const meta = await sharp(sample(4)).metadata();
    const left = Math.max(0, Math.round(x - width * 0.25));
    const top = Math.max(0, Math.round(y - height * 0.25));
    const crop = await sharp(sample(4))
      .extract({
        left,
        top,
        width: Math.min((meta.width ?? 0) - left, Math.round(width * 1.5)),
        height: Math.min((meta.height ?? 0) - top, Math.round(height * 1.5)),
      })
      .jpeg()
      .toBuffer();
    const selfie = await selfieDescriptor(new Uint8Array(crop));
    expect(selfie.kind).toBe('face');
    if (selfie.kind !== 'face') return;
    // One face in the crop (the runner is told when a selfie has several).
    expect(selfie.faces).toBe(1);
    expect(matrix.search(selfie.face.descriptor, THRESHOLD, 10).map((m) => m.photoId)).toEqual([4]);
  });
});

describe('selfie decoding', () => {
  it('a PNG without a face is no-face', async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    expect(await selfieDescriptor(new Uint8Array(png))).toEqual({ kind: 'no-face' });
  }, 30_000);

  it('a truncated JPEG, or bytes that are no image, throw a FaceImageError the API maps', async () => {
    const jpeg = sample(2);
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    await expect(selfieDescriptor(truncated)).rejects.toMatchObject({
      name: 'FaceImageError',
      problem: 'unreadable',
    });
    const text = new TextEncoder().encode('not an image at all');
    await expect(selfieDescriptor(text)).rejects.toBeInstanceOf(FaceImageError);
    await expect(selfieDescriptor(text)).rejects.toMatchObject({ problem: 'not-an-image' });
  });
});

describe('selfies embedded together (a rush)', () => {
  it('answers each selfie in its place, as if alone: faces, no face, and a bad image failing only itself', async () => {
    const noFace = new Uint8Array(
      await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a7' } })
        .png()
        .toBuffer(),
    );
    const text = new TextEncoder().encode('not an image at all');
    const selfies = [sample(1), noFace, sample(3), text, sample(5)];
    const together = await selfieDescriptors(selfies);
    expect(together).toHaveLength(selfies.length);
    expect(together[1]).toEqual({ kind: 'no-face' });
    expect(together[3]).toBeInstanceOf(FaceImageError);
    expect(together[3]).toMatchObject({ problem: 'not-an-image' });
    for (const at of [0, 2, 4]) {
      const alone = await selfieDescriptor(selfies[at] as Uint8Array);
      const batched = together[at];
      if (alone.kind !== 'face' || !batched || batched instanceof Error || batched.kind !== 'face')
        throw new Error(`selfie ${at}: no face`);
      expect(batched.face.box).toEqual(alone.face.box);
      // How many faces the pass that found it saw, the same batched or alone.
      expect(batched.faces).toBe(alone.faces);
      // The same face: a batch changes only the float rounding of the nets.
      const distance = Math.hypot(
        ...batched.face.descriptor.map((x, i) => x - (alone.face.descriptor[i] ?? 0)),
      );
      expect(distance).toBeLessThan(0.001);
    }
  }, 60_000);

  it('a group photo as a selfie: its largest face is searched, and the faces its pass saw are counted', async () => {
    // sample6 has four people; the detector's first pass sees all four (the runner is told).
    const group = await selfieDescriptor(sample(6));
    expect(group.kind === 'face' && group.faces).toBe(FACES[6]);
  }, 30_000);
});

describe("a selfie's faces at every size", () => {
  it("counts sample1's three faces, though its first pass sees them too small, and says where they are", async () => {
    // 1920×1280, three people about 160 px high once shrunk to 1280: the first pass (224) finds one loose box.
    const group = await selfieDescriptor(sample(1));
    if (group.kind !== 'face') throw new Error('sample1: no face');
    expect(group.faces).toBe(FACES[1]);
    const boxes = group.boxes ?? [];
    expect(boxes).toHaveLength(FACES[1]);
    for (const b of boxes) {
      for (const v of [b.x, b.y, b.width, b.height]) expect(v).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(1);
      expect(b.y + b.height).toBeLessThanOrEqual(1);
      // A face, not a box spanning people: a sixth of the width, about a fifth of the height.
      expect(b.width).toBeGreaterThan(0.1);
      expect(b.width).toBeLessThan(0.25);
    }
    // Three people side by side, each box apart from the others.
    const lefts = boxes.map((b) => b.x).sort((a, b) => a - b);
    for (let i = 1; i < lefts.length; i++)
      expect((lefts[i] as number) - (lefts[i - 1] as number)).toBeGreaterThan(0.15);
    // The searched face (the largest, first) is the right-hand runner's: the demo selfie is cut from it.
    expect(boxes[0]?.x).toBeGreaterThan(0.6);
    const own = await selfieDescriptor(new Uint8Array(await demoSelfieJpeg()));
    if (own.kind !== 'face') throw new Error('demo selfie: no face');
    const distance = Math.hypot(...group.face.descriptor.map((x, i) => x - (own.face.descriptor[i] ?? 0)));
    expect(distance).toBeLessThan(0.2);
  }, 30_000);

  it('a phone selfie of one runner has one face and no boxes', async () => {
    const own = await selfieDescriptor(new Uint8Array(await demoSelfieJpeg()));
    expect(own.kind === 'face' && own.faces).toBe(1);
    expect(own).not.toHaveProperty('boxes');
  }, 30_000);

  it("counts sample5's five faces, where the first pass found one and searched a poor box", async () => {
    const group = await selfieDescriptor(sample(5));
    expect(group.kind === 'face' && group.faces).toBe(FACES[5]);
    expect(group.kind === 'face' && group.boxes).toHaveLength(FACES[5]);
  }, 30_000);
});

describe('small faces in a 12 MP photo', () => {
  // ../shared/face-bench (beside the project, as CI has it): the face set's faces pasted 40 px wide into a
  // 4000×3000 crowd, with their true boxes.
  const bench = path.join(process.cwd(), '..', 'shared', 'face-bench');
  const truth = JSON.parse(readFileSync(path.join(bench, 'crowd-40.jpg.truth.json'), 'utf8')) as {
    x: number;
    y: number;
    w: number;
    h: number;
  }[];

  it('finds 40 px faces (the tiny detector at full size over even tiles), and nothing that is not one', async () => {
    const faces = await detectFacesInBytes(new Uint8Array(readFileSync(path.join(bench, 'crowd-40.jpg'))));
    const onTruth = (f: DetectedFace) =>
      truth.some((t) => containment(f.box, { x: t.x, y: t.y, width: t.w, height: t.h }) > 0.5);
    const found = truth.filter((t) =>
      faces.some((f) => containment(f.box, { x: t.x, y: t.y, width: t.w, height: t.h }) > 0.5),
    );
    expect(found.length).toBeGreaterThanOrEqual(36);
    expect(faces.filter((f) => !onTruth(f))).toEqual([]);
    // The same (older) SSD small-face pass finds almost none of them: the tiny pass is what finds them.
    const ssd = await detectFacesInBytes(new Uint8Array(readFileSync(path.join(bench, 'crowd-40.jpg'))), {
      smallFaces: 'ssd',
    });
    expect(ssd.filter(onTruth).length).toBeLessThan(found.length / 4);
  }, 120_000);
});
