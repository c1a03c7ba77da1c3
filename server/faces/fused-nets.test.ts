// The fused nets (tiny-detector.ts, landmarks.ts, recognise.ts) against face-api's own forward passes on the same pixels: the
// face-api package's demo photos, as they are, shrunk, bordered (not square) and cut into chips.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ScoredBox } from './boxes';
import { CHIP_SIZE, chipTransform, extractChip } from './chip';
import { decodeRgb, type RgbImage } from './image';
import { landmarksOfCrops } from './landmarks';
import { cropPadded, cropRgb, toTensor } from './locate';
import { type FaceApi, loadFaceModels } from './models';
import { describeChips } from './recognise';
import { tinyBoxes } from './tiny-detector';

const demoDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
  'demo',
);
const sample = (n: number) => new Uint8Array(readFileSync(path.join(demoDir, `sample${n}.jpg`)));

let faceapi: FaceApi;
const photos: RgbImage[] = [];

async function bordered(image: RgbImage, top: number, left: number): Promise<RgbImage> {
  const { data, info } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 3 },
  })
    .extend({ top, bottom: top, left, right: 0, background: '#000' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

/**
 * face-api's tiny detector on the same pixels, boxes best first. face-api maps boxes back through the image's size
 * at the input's scale rounded to whole pixels (computeReshapedDimensions), which stretches them by up to half a
 * pixel of the input; the fused detector maps them exactly, so face-api's boxes are corrected for that here.
 */
async function faceApiTiny(image: RgbImage, inputSize: number, minScore: number): Promise<ScoredBox[]> {
  const input = toTensor(faceapi, image);
  const scale = inputSize / Math.max(image.width, image.height);
  const fx = Math.round(image.width * scale) / (image.width * scale);
  const fy = Math.round(image.height * scale) / (image.height * scale);
  try {
    const found = await faceapi.nets.tinyFaceDetector.locateFaces(
      input,
      new faceapi.TinyFaceDetectorOptions({ inputSize, scoreThreshold: minScore }),
    );
    return found
      .map((d) => ({
        x: d.box.x * fx,
        y: d.box.y * fy,
        width: d.box.width * fx,
        height: d.box.height * fy,
        score: d.score,
      }))
      .sort((a, b) => b.score - a.score);
  } finally {
    input.dispose();
  }
}

beforeAll(async () => {
  faceapi = await loadFaceModels();
  for (const n of [1, 2, 3, 4, 5, 6]) {
    const image = await decodeRgb(sample(n), { maxSide: 800 });
    photos.push(image, await bordered(image, 30, 90));
  }
}, 120_000);

describe('the fused tiny face detector', () => {
  it('finds the boxes face-api finds, with the same scores, at several input sizes and shapes', async () => {
    let boxes = 0;
    for (const image of photos) {
      for (const size of [224, 416]) {
        const expected = await faceApiTiny(image, size, 0.3);
        const got = await tinyBoxes(faceapi, image, 0.3, size);
        expect(got.length, `${image.width}×${image.height} at ${size}`).toBe(expected.length);
        got.forEach((b, i) => {
          const e = expected[i] as ScoredBox;
          // Float error only (folding the mean colour into the first conv rounds differently).
          for (const k of ['x', 'y', 'width', 'height'] as const)
            expect(Math.abs(b[k] - e[k])).toBeLessThan(0.05);
          expect(Math.abs(b.score - e.score)).toBeLessThan(1e-3);
        });
        boxes += got.length;
      }
    }
    expect(boxes).toBeGreaterThan(40);
  }, 120_000);

  it('enlarges an image smaller than its input, and finds nothing in a plain grey one', async () => {
    const small = await decodeRgb(sample(1), { maxSide: 150 });
    const got = await tinyBoxes(faceapi, small, 0.3, 224);
    const expected = await faceApiTiny(small, 224, 0.3);
    expect(got.map((b) => Math.round(b.x))).toEqual(expected.map((b) => Math.round(b.x)));
    const grey: RgbImage = { data: new Uint8Array(300 * 200 * 3).fill(128), width: 300, height: 200 };
    expect(await tinyBoxes(faceapi, grey, 0.5, 224)).toEqual([]);
  }, 60_000);

  it('gives each of several calls at once its own buffers: the same boxes as one at a time', async () => {
    const a = photos[0] as RgbImage;
    const b = photos[3] as RgbImage;
    const alone = [await tinyBoxes(faceapi, a, 0.3), await tinyBoxes(faceapi, b, 0.3, 416)];
    expect(alone[0]?.length).toBeGreaterThan(0);
    const together = await Promise.all([
      tinyBoxes(faceapi, a, 0.3),
      tinyBoxes(faceapi, b, 0.3, 416),
      tinyBoxes(faceapi, a, 0.3),
    ]);
    expect(together).toEqual([alone[0], alone[1], alone[0]]);
  }, 60_000);

  it('reads a region in place as if it were copied out, whatever the call before it saw', async () => {
    const image = photos[0] as RgbImage;
    const region = { x: 37, y: 21, width: image.width - 90, height: image.height - 50 };
    const expected = await tinyBoxes(faceapi, cropRgb(image, region), 0.3);
    expect(expected.length).toBeGreaterThan(0);
    // A larger input first: its pixels stay in the kept buffer, beyond the region's padded size.
    await tinyBoxes(faceapi, image, 0.3);
    expect(await tinyBoxes(faceapi, image, 0.3, 0, region)).toEqual(expected);
    // Nothing of the image outside the region is seen: the same boxes with the rest painted white.
    const painted: RgbImage = { ...image, data: new Uint8Array(image.data.length).fill(255) };
    for (let row = region.y; row < region.y + region.height; row++) {
      const from = (row * image.width + region.x) * 3;
      painted.data.set(image.data.subarray(from, from + region.width * 3), from);
    }
    expect(await tinyBoxes(faceapi, painted, 0.3, 0, region)).toEqual(expected);
  }, 60_000);
});

describe('the fused recognition net', () => {
  it("gives face-api's descriptors, alone and in batches", async () => {
    const chips: RgbImage[] = [];
    for (const image of photos.filter((_, i) => i % 2 === 0)) {
      for (const face of await faceApiTiny(image, 416, 0.5)) {
        const side = Math.max(face.width, face.height);
        const box = {
          x: face.x + face.width / 2 - side / 2,
          y: face.y + face.height / 2 - side / 2,
          width: side,
          height: side,
        };
        const crop = toTensor(faceapi, cropPadded(image, box));
        const marks = await faceapi.nets.faceLandmark68Net.detectLandmarks(crop);
        crop.dispose();
        const points = (Array.isArray(marks) ? marks[0] : marks)?.relativePositions ?? [];
        chips.push(
          extractChip(
            image,
            chipTransform(points.map((p) => ({ x: box.x + p.x * side, y: box.y + p.y * side }))),
          ),
        );
      }
    }
    expect(chips.length).toBeGreaterThanOrEqual(10);
    const tensors = chips.map((c) => toTensor(faceapi, c));
    const expected = (await faceapi.nets.faceRecognitionNet.computeFaceDescriptor(tensors)) as Float32Array[];
    for (const t of tensors) t.dispose();
    const distance = (a: Float32Array, b: Float32Array) =>
      Math.hypot(...a.map((v, i) => v - (b[i] as number)));
    const together = await describeChips(faceapi, chips);
    const alone = [
      await describeChips(faceapi, chips.slice(0, 1)),
      await describeChips(faceapi, chips.slice(1, 3)),
    ].flat();
    together.forEach((d, i) => {
      expect(d).toHaveLength(128);
      expect(distance(d, expected[i] as Float32Array)).toBeLessThan(1e-4);
    });
    alone.forEach((d, i) => {
      expect(distance(d, expected[i] as Float32Array)).toBeLessThan(1e-4);
    });
    // Different faces stay apart: the fused net is not answering one descriptor for everything.
    expect(
      distance(together[0] as Float32Array, together[together.length - 1] as Float32Array),
    ).toBeGreaterThan(0.3);
  }, 120_000);

  it('answers nothing for no chips and refuses a chip of the wrong size', async () => {
    expect(await describeChips(faceapi, [])).toEqual([]);
    const wrong: RgbImage = { data: new Uint8Array(100 * 100 * 3), width: 100, height: 100 };
    await expect(describeChips(faceapi, [wrong])).rejects.toThrow(`not ${CHIP_SIZE}×${CHIP_SIZE}`);
  });
});

describe('the fused landmark net', () => {
  it("gives face-api's landmarks on square crops of any size, alone and in batches", async () => {
    const crops: RgbImage[] = [];
    for (const image of photos.filter((_, i) => i % 2 === 0)) {
      for (const face of await faceApiTiny(image, 416, 0.5)) {
        const side = Math.max(face.width, face.height) * 1.1;
        crops.push(
          cropPadded(image, {
            x: face.x + face.width / 2 - side / 2,
            y: face.y + face.height / 2 - side / 2,
            width: side,
            height: side,
          }),
        );
      }
    }
    crops.push(cropPadded(photos[0] as RgbImage, { x: 0, y: 0, width: 112, height: 112 }));
    expect(new Set(crops.map((c) => c.width)).size).toBeGreaterThan(5);
    const together = await landmarksOfCrops(faceapi, crops);
    const alone = await landmarksOfCrops(faceapi, crops.slice(0, 1));
    let worst = 0;
    for (const [i, crop] of crops.entries()) {
      const input = toTensor(faceapi, crop);
      const marks = await faceapi.nets.faceLandmark68Net.detectLandmarks(input);
      input.dispose();
      const expected = ((Array.isArray(marks) ? marks[0] : marks)?.relativePositions ?? []).flatMap((p) => [
        p.x,
        p.y,
      ]);
      const got = Array.from(together[i] ?? []);
      expect(got).toHaveLength(136);
      got.forEach((v, k) => {
        worst = Math.max(worst, Math.abs(v - (expected[k] as number)));
      });
      if (i === 0) expect(Array.from(alone[0] ?? [])).toEqual(got.map((v) => expect.closeTo(v, 5)));
    }
    // In the crop's own size: well under a hundredth of a pixel on a 112 px input.
    expect(worst).toBeLessThan(1e-4);
  }, 120_000);

  it('answers nothing for no crops and refuses a crop that is not square', async () => {
    expect(await landmarksOfCrops(faceapi, [])).toEqual([]);
    const wide: RgbImage = { data: new Uint8Array(120 * 100 * 3), width: 120, height: 100 };
    await expect(landmarksOfCrops(faceapi, [wide])).rejects.toThrow('not square');
  });
});
