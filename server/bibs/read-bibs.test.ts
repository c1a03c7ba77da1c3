// Bib reading: the OCR path on real race photos of ../shared/bib-bench (beside the project, as CI has
// it; a few of them here, the whole set in `npm run bench:bibs`), and the rules that make a read a bib.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ctcBestPath, detectionInput, resizeRgb, textComponents } from './ocr';
import { plainRegion } from './plain-region';
import { bibOf, DEFAULT_BIB_RULE, readBibs, torsoOf } from './read-bibs';

const bench = path.join(process.cwd(), '..', 'shared', 'bib-bench');
interface Truth {
  bibs: string[];
  /** [minRow, maxRow, minCol, maxCol] of each bib's runner's face. */
  facep: number[][];
}
const truth = JSON.parse(readFileSync(path.join(bench, 'truth-boxes.json'), 'utf8')) as Record<string, Truth>;

async function photo(name: string) {
  const { data, info } = await sharp(path.join(bench, 'images', name))
    .rotate()
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}
const facesOf = (name: string) =>
  (truth[name]?.facep ?? []).map(([top = 0, bottom = 0, left = 0, right = 0]) => ({
    x: left,
    y: top,
    width: right - left,
    height: bottom - top,
  }));

describe('bibs read under the faces of real race photos', () => {
  it('reads each runner’s bib exactly, with a confidence, where it is on the chest', async () => {
    for (const name of ['set1_01.JPG', 'set1_03.JPG', 'set1_07.JPG']) {
      const image = await photo(name);
      const faces = facesOf(name);
      const reads = await readBibs(image, faces);
      expect(
        reads.map((r) => r.bib),
        name,
      ).toEqual(truth[name]?.bibs);
      for (const read of reads) {
        expect(read.confidence).toBeGreaterThanOrEqual(0.9);
        const face = faces[read.face];
        // Below the face it belongs to, within the photo.
        expect(read.box.y).toBeGreaterThan((face?.y ?? 0) + (face?.height ?? 0));
        expect(read.box.x + read.box.width).toBeLessThanOrEqual(image.width);
      }
    }
  }, 60_000);

  it('keeps only the event’s bib numbers: its length and range', async () => {
    const image = await photo('set1_01.JPG'); // 3638
    expect((await readBibs(image, facesOf('set1_01.JPG'), { minDigits: 3, maxDigits: 3 })).length).toBe(0);
    const ranged = { ...DEFAULT_BIB_RULE, range: { from: 3000, to: 3999 } };
    expect((await readBibs(image, facesOf('set1_01.JPG'), ranged)).map((r) => r.bib)).toEqual(['3638']);
    const elsewhere = { ...DEFAULT_BIB_RULE, range: { from: 1, to: 999 } };
    expect(await readBibs(image, facesOf('set1_01.JPG'), elsewhere)).toEqual([]);
  }, 30_000);
});

describe('torsos too plain to hold a bib', () => {
  const flat = (width: number, height: number, grey: number) => ({
    data: new Uint8Array(width * height * 3).fill(grey),
    width,
    height,
  });
  it('skips a flat torso, reads one with a line of dark strokes on a light card', () => {
    const image = flat(400, 600, 110);
    const torso = { x: 0, y: 100, width: 400, height: 500 };
    expect(plainRegion(image, torso, 100)).toBe(true);
    // A white card with 4 "digits" of 2 dark strokes each.
    for (let y = 300; y < 360; y++)
      for (let x = 100; x < 300; x++) {
        const stroke = (x - 100) % 25 < 6;
        image.data.fill(stroke ? 20 : 240, (y * 400 + x) * 3, (y * 400 + x) * 3 + 3);
      }
    expect(plainRegion(image, torso, 100)).toBe(false);
  });

  it('never skips the torso of a labelled bib', async () => {
    for (const name of ['set1_01.JPG', 'set1_57.JPG', 'set1_82.JPG']) {
      const image = await photo(name);
      for (const face of facesOf(name))
        expect(plainRegion(image, torsoOf(face, image), face.height)).toBe(false);
    }
  });

  it('finds no bib, and reads nothing, under the faces of a plain backdrop', async () => {
    const image = flat(1200, 900, 105);
    const faces = [0, 1, 2].map((i) => ({ x: 100 + i * 300, y: 50, width: 40, height: 48 }));
    expect(await readBibs(image, faces)).toEqual([]);
  });
});

describe('what makes a read a bib', () => {
  it('digits of the event’s length, separators dropped; nothing else', () => {
    expect(bibOf('3638', DEFAULT_BIB_RULE)).toBe('3638');
    expect(bibOf('36 38', DEFAULT_BIB_RULE)).toBe('3638');
    expect(bibOf('A3638', DEFAULT_BIB_RULE)).toBeUndefined();
    expect(bibOf('12', DEFAULT_BIB_RULE)).toBeUndefined();
    expect(bibOf('123456', DEFAULT_BIB_RULE)).toBeUndefined();
    expect(bibOf('', DEFAULT_BIB_RULE)).toBeUndefined();
  });

  it('the torso lies below the face, as wide as four faces, clipped to the photo', () => {
    expect(torsoOf({ x: 100, y: 50, width: 40, height: 50 }, { width: 720, height: 480 })).toEqual({
      x: 40,
      y: 125,
      width: 160,
      height: 250,
    });
    const edge = torsoOf({ x: 0, y: 400, width: 40, height: 50 }, { width: 720, height: 480 });
    expect([edge.x, edge.y + edge.height]).toEqual([0, 480]);
  });
});

describe('the OCR steps', () => {
  it('finds connected text regions and their mean probability', () => {
    // A 6×5 map: one 3×3 region of text, a faint pixel, and a lone one too small to be a line.
    // biome-ignore format: the map's rows
    const map = new Float32Array([
      0, 0,   0,   0,   0, 0,
      0, 0.9, 0.8, 0.7, 0, 0.2,
      0, 0.9, 0.9, 0.9, 0, 0,
      0, 0.6, 0.6, 0.6, 0, 0,
      0, 0,   0,   0,   0, 0.95,
    ]);
    expect(textComponents(map, 6, 5)).toEqual([
      { x: 1, y: 1, width: 3, height: 3, score: expect.closeTo(6.9 / 9, 5) },
    ]);
  });

  it('makes detection’s input in one pass, as resizing then normalising would', () => {
    const width = 37;
    const height = 23;
    const data = new Uint8Array(width * height * 3);
    for (let i = 0; i < data.length; i++) data[i] = (i * 7919) % 256;
    const image = { data, width, height };
    const resized = resizeRgb(image, 64, 32);
    const mean = [0.485, 0.456, 0.406];
    const std = [0.229, 0.224, 0.225];
    const expected = new Float32Array(3 * 64 * 32);
    for (let i = 0; i < 64 * 32; i++)
      for (let c = 0; c < 3; c++)
        expected[c * 64 * 32 + i] =
          ((resized.data[i * 3 + (2 - c)] as number) / 255 - (mean[c] as number)) / (std[c] as number);
    expect(detectionInput(image, 64, 32)).toEqual(expected);
  });

  it('decodes CTC’s best path: repeats merged, blanks dropped', () => {
    const characters = ['1', '2', '3'];
    // Steps: 1, 1, blank, 1, 3 → "113".
    const steps = [1, 1, 0, 1, 3];
    const probabilities = new Float32Array(steps.length * 4);
    steps.forEach((c, i) => {
      probabilities[i * 4 + c] = 0.9;
    });
    expect(ctcBestPath(probabilities, steps.length, 4, characters)).toEqual({
      text: '113',
      confidence: expect.closeTo(0.9, 5),
    });
  });
});

describe('one bib under several faces', () => {
  const at = (x: number) => ({ x, y: 300, width: 120, height: 50 });
  it('keeps it under the face it is straight below, and drops a part of it read at the same place', async () => {
    const { nearestFaceOnly } = await import('./read-bibs');
    const faces = [
      { x: 100, y: 100, width: 60, height: 80 },
      { x: 200, y: 100, width: 60, height: 80 },
    ];
    const reads = [
      { bib: '3638', confidence: 0.99, box: at(180), face: 0 },
      { bib: '3638', confidence: 0.97, box: at(180), face: 1 },
      { bib: '638', confidence: 0.99, box: { x: 200, y: 300, width: 90, height: 50 }, face: 0 },
      // The year printed elsewhere on the bib is its own read.
      { bib: '202', confidence: 0.95, box: at(400), face: 1 },
      { bib: '2024', confidence: 0.95, box: at(20), face: 1 },
    ];
    expect(nearestFaceOnly(reads, faces).map((r) => `${r.bib}@${r.face}`)).toEqual([
      '3638@1',
      '202@1',
      '2024@1',
    ]);
  });
});
