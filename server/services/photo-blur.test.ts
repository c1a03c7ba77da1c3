// A runner's face blurred in a photo's public images, measured with the real face models (about 20 s on 2 cores): a
// real group photo (../shared/face-bench/group-1920.jpg, 14 faces, read in place) has three of its faces blurred;
// in the preview and its WebP copy the detector then finds none of them, and the recogniser, shown a crop around
// where each was, finds no face or one far from it; the other faces are still found as themselves, and away from
// the blurred regions the JPEG images are the same pixels as without blurring.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DetectedFace, detectFacesInBytes, selfieDescriptor } from '../faces/detect';
import { type BlurBox, blurRegion, photoDerivatives } from './photo-import';

const GROUP = path.resolve(import.meta.dirname, '../../../shared/face-bench/group-1920.jpg');
/** Nearer than this is the same person (the face set: same-person max about 0.64, different-person min 0.52). */
const SAME_PERSON = 0.6;
/** The faces blurred: the first three the detector finds, each a different person. */
const BLURRED = 3;

type Region = NonNullable<ReturnType<typeof blurRegion>>;

const distance = (a: Float32Array, b: Float32Array) =>
  Math.sqrt(a.reduce((sum, value, i) => sum + (value - (b[i] as number)) ** 2, 0));

const scaled = (region: Region, scale: number): Region => ({
  left: region.left * scale,
  top: region.top * scale,
  width: region.width * scale,
  height: region.height * scale,
});

const overlaps = (box: BlurBox, region: Region) =>
  box.x < region.left + region.width &&
  box.x + box.width > region.left &&
  box.y < region.top + region.height &&
  box.y + box.height > region.top;

/** The image's region (the face with its grown border, as a selfie would show it), as a JPEG. */
async function cropAround(image: Uint8Array, region: Region): Promise<Uint8Array> {
  const meta = await sharp(image).metadata();
  const left = Math.max(0, Math.round(region.left));
  const top = Math.max(0, Math.round(region.top));
  const crop = await sharp(image)
    .extract({
      left,
      top,
      width: Math.min((meta.width ?? 0) - left, Math.round(region.width)),
      height: Math.min((meta.height ?? 0) - top, Math.round(region.height)),
    })
    .jpeg({ quality: 95 })
    .toBuffer();
  return new Uint8Array(crop);
}

/** Raw RGB pixels of an encoded image. */
const pixelsOf = (image: Uint8Array) =>
  sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });

describe('faces blurred in the public images', () => {
  const original = new Uint8Array(readFileSync(GROUP));
  let faces: DetectedFace[];
  let boxes: BlurBox[];
  let regions: Region[];
  let plain: Awaited<ReturnType<typeof photoDerivatives>>;
  let blurred: Awaited<ReturnType<typeof photoDerivatives>>;
  /** The scale of the preview to the original. */
  let scale: number;

  beforeAll(async () => {
    faces = await detectFacesInBytes(original);
    boxes = faces.slice(0, BLURRED).map((f) => f.box);
    plain = await photoDerivatives(original);
    blurred = await photoDerivatives(original, boxes);
    scale = (await sharp(plain.preview).metadata()).width / plain.width;
    regions = boxes.map((box) => blurRegion(box, plain.width, plain.height) as Region);
  }, 120_000);

  it('blurs each box grown by a third on each side, clamped to the image', () => {
    expect(faces.length).toBeGreaterThanOrEqual(10);
    expect(blurred.blurred).toBe(BLURRED);
    expect(plain.blurred).toBe(0);
    expect(blurRegion({ x: 100, y: 200, width: 100, height: 200 }, 1000, 1000)).toEqual({
      left: 65,
      top: 130,
      width: 170,
      height: 340,
    });
    expect(blurRegion({ x: -20, y: 900, width: 100, height: 200 }, 1000, 1000)).toEqual({
      left: 0,
      top: 830,
      width: 115,
      height: 170,
    });
    expect(blurRegion({ x: 2000, y: 0, width: 10, height: 10 }, 1000, 1000)).toBeUndefined();
    expect(blurRegion({ x: 10, y: 10, width: 0, height: 10 }, 1000, 1000)).toBeUndefined();
    expect(blurRegion({ x: Number.NaN, y: 10, width: 10, height: 10 }, 1000, 1000)).toBeUndefined();
  });

  for (const copy of [false, true]) {
    const name = copy ? 'the WebP copy of the preview' : 'the preview';
    const previewOf = async (made: typeof plain) =>
      new Uint8Array(copy ? await sharp(made.previewCopy).png().toBuffer() : made.preview);

    it(`${name}: the detector finds the blurred faces without blurring, and none of them once blurred`, async () => {
      const inPlain = await detectFacesInBytes(await previewOf(plain));
      const inBlurred = await detectFacesInBytes(await previewOf(blurred));
      for (const [i, region] of regions.entries()) {
        const face = faces[i] as DetectedFace;
        const where = scaled(region, scale);
        // Without blurring the face is there, and recognised as itself.
        const before = inPlain.filter((f) => overlaps(f.box, where));
        expect(Math.min(...before.map((f) => distance(f.descriptor, face.descriptor)))).toBeLessThan(
          SAME_PERSON,
        );
        // Blurred: whatever is found there is nobody near it.
        for (const f of inBlurred.filter((found) => overlaps(found.box, where)))
          expect(distance(f.descriptor, face.descriptor)).toBeGreaterThan(SAME_PERSON);
      }
      // The clear faces away from the blurred regions are still found as themselves.
      const away = faces.filter(
        (f) => f.score >= 0.9 && !regions.some((r) => overlaps(f.box, r)) && !boxes.includes(f.box),
      );
      expect(away.length).toBeGreaterThanOrEqual(5);
      for (const face of away) {
        const near = inPlain.some((f) => distance(f.descriptor, face.descriptor) < 0.45);
        if (!near) continue;
        expect(
          Math.min(...inBlurred.map((f) => distance(f.descriptor, face.descriptor))),
          `face at ${Math.round(face.box.x)},${Math.round(face.box.y)}`,
        ).toBeLessThan(0.45);
      }
    }, 60_000);

    it(`${name}: the recogniser, shown where each face was, finds it only without blurring`, async () => {
      const [before, after] = await Promise.all([previewOf(plain), previewOf(blurred)]);
      for (const [i, region] of regions.entries()) {
        const face = faces[i] as DetectedFace;
        const where = scaled(region, scale);
        const clear = await selfieDescriptor(await cropAround(before, where));
        expect(clear.kind).toBe('face');
        if (clear.kind === 'face')
          expect(distance(clear.face.descriptor, face.descriptor)).toBeLessThan(SAME_PERSON);
        const hidden = await selfieDescriptor(await cropAround(after, where));
        if (hidden.kind === 'face')
          expect(distance(hidden.face.descriptor, face.descriptor)).toBeGreaterThan(SAME_PERSON);
      }
    }, 60_000);
  }

  it('changes the JPEG thumbnail and preview only in and next to the blurred regions', async () => {
    for (const which of ['preview', 'thumbnail'] as const) {
      const [a, b] = await Promise.all([pixelsOf(plain[which]), pixelsOf(blurred[which])]);
      const s = a.info.width / plain.width;
      const inImage = regions.map((r) => ({
        left: r.left * s,
        top: r.top * s,
        right: (r.left + r.width) * s,
        bottom: (r.top + r.height) * s,
      }));
      /** How far a pixel is from the nearest blurred region (0 inside one). */
      const away = (x: number, y: number) =>
        Math.min(
          ...inImage.map((r) => Math.max(r.left - x, x + 1 - r.right, r.top - y, y + 1 - r.bottom, 0)),
        );
      let farthestChange = 0;
      let inside = 0;
      let changedInside = 0;
      for (let y = 0; y < a.info.height; y++)
        for (let x = 0; x < a.info.width; x++) {
          const at = (y * a.info.width + x) * 3;
          const change =
            Math.abs((a.data[at] as number) - (b.data[at] as number)) +
            Math.abs((a.data[at + 1] as number) - (b.data[at + 1] as number)) +
            Math.abs((a.data[at + 2] as number) - (b.data[at + 2] as number));
          const distanceAway = away(x, y);
          if (distanceAway === 0) {
            inside += 1;
            if (change > 12) changedInside += 1;
          } else if (change > 0) farthestChange = Math.max(farthestChange, distanceAway);
        }
      // Resizing spreads a change by a few pixels, and JPEG by its blocks (16 pixels of colour): nothing farther.
      expect(farthestChange, which).toBeLessThanOrEqual(24);
      // Most of each region is visibly different (the blur keeps its average colours).
      expect(changedInside / inside, which).toBeGreaterThan(0.5);
    }
  });

  it('keeps the size and leaves images without boxes as they were made before', async () => {
    expect([blurred.width, blurred.height]).toEqual([1920, 1440]);
    expect(Buffer.compare(plain.preview, (await photoDerivatives(original, [])).preview)).toBe(0);
    // A box outside the image blurs nothing.
    const outside = await photoDerivatives(original, [{ x: 5000, y: 5000, width: 100, height: 100 }]);
    expect(outside.blurred).toBe(0);
    expect(Buffer.compare(plain.preview, outside.preview)).toBe(0);
  });
});
