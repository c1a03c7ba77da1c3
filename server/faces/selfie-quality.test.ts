// The selfie's quality on real faces: a clear selfie passes; the same made dark, blurred or small is flagged as
// such, and a face turned well away is flagged, a slight turn not. The measures' rules on their own below.
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoSelfieJpeg } from '../../tests/demo-selfie';
import { selfieDescriptor } from './detect';
import {
  measureSelfieFace,
  SELFIE_LIMITS,
  type SelfieMeasures,
  selfieProblemsOf,
  turnOf,
} from './selfie-quality';

const shared = path.resolve(import.meta.dirname, '../../../shared/faces');
const lfw = path.resolve(import.meta.dirname, '../../../shared/faces-lfw');

async function problemsOf(bytes: Buffer): Promise<string[] | 'no-face'> {
  const outcome = await selfieDescriptor(new Uint8Array(bytes));
  return outcome.kind === 'face' ? outcome.quality.problems : 'no-face';
}

describe('a selfie face measured', () => {
  it('passes a clear selfie and flags it made dark, blurred or small', async () => {
    const selfie = await demoSelfieJpeg();
    expect(await problemsOf(selfie)).toEqual([]);
    expect(await problemsOf(await sharp(selfie).linear(0.35, 0).jpeg().toBuffer())).toEqual(['dark']);
    expect(await problemsOf(await sharp(selfie).blur(4).jpeg().toBuffer())).toEqual(['blurred']);
    // Its face (about 250 px high) shrunk to about 40 px.
    expect(await problemsOf(await sharp(selfie).resize({ width: 90 }).jpeg().toBuffer())).toContain('small');
  }, 60_000);

  it('flags a face turned well away, and neither a mild three-quarter view nor a face to the camera', async () => {
    const { readFile } = await import('node:fs/promises');
    // Turns 1.0 (a profile-like three-quarter view), 0.64 (a press photo's slight turn) and about 0.1.
    expect(await problemsOf(await readFile(path.join(lfw, 'Ken_Watanabe/1.jpg')))).toEqual(['turned']);
    expect(await problemsOf(await readFile(path.join(lfw, 'Tony_Blair/2.jpg')))).toEqual([]);
    expect(await problemsOf(await readFile(path.join(shared, 'stuart/1.jpg')))).toEqual([]);
  }, 60_000);
});

describe('the limits', () => {
  const fine: SelfieMeasures = { faceHeight: 200, brightness: 120, sharpness: 100, turn: 0.1 };
  it('names each problem, small first, and a small or dark face never also blurred', () => {
    expect(selfieProblemsOf(fine)).toEqual([]);
    expect(selfieProblemsOf({ ...fine, brightness: SELFIE_LIMITS.minBrightness - 1 })).toEqual(['dark']);
    expect(selfieProblemsOf({ ...fine, turn: SELFIE_LIMITS.maxTurn + 0.01 })).toEqual(['turned']);
    expect(selfieProblemsOf({ ...fine, sharpness: 1 })).toEqual(['blurred']);
    expect(selfieProblemsOf({ ...fine, faceHeight: 30, sharpness: 1, brightness: 10 })).toEqual([
      'small',
      'dark',
    ]);
    expect(selfieProblemsOf({ ...fine, sharpness: 1, brightness: 10 })).toEqual(['dark']);
  });

  it('measures a dim face as sharp as the same face lit, and a blurred one as less sharp', () => {
    // A 150 px chip of fine detail (mean luma 90), at full, half and a quarter of the light, and coarser (blurred).
    const chipAt = (light: number, coarse = 1) => {
      const data = new Uint8Array(150 * 150 * 3);
      for (let y = 0; y < 150; y++)
        for (let x = 0; x < 150; x++) {
          const v = 90 + 40 * Math.sin(x / 2 / coarse) * Math.cos(y / 3 / coarse);
          data.fill(Math.round(light * v), (y * 150 + x) * 3, (y * 150 + x) * 3 + 3);
        }
      return { data, width: 150, height: 150 };
    };
    const sharpness = (light: number, coarse?: number) =>
      measureSelfieFace(chipAt(light, coarse), [], 200).sharpness;
    expect(sharpness(0.5) / sharpness(1)).toBeGreaterThan(0.9);
    expect(sharpness(0.25) / sharpness(1)).toBeGreaterThan(0.9);
    expect(sharpness(1, 4)).toBeLessThan(sharpness(1) / 10);
  });

  it("measures the turn by the nose's place between the jaw's ends", () => {
    const jaw = (nose: number) => {
      const points = Array.from({ length: 68 }, () => ({ x: 50, y: 50 }));
      points[0] = { x: 0, y: 50 };
      points[16] = { x: 100, y: 50 };
      points[30] = { x: nose, y: 60 };
      return points;
    };
    expect(turnOf(jaw(50))).toBeCloseTo(0);
    expect(turnOf(jaw(75))).toBeCloseTo(0.5);
    expect(turnOf(jaw(0))).toBeCloseTo(1);
    expect(turnOf([])).toBe(0);
  });
});
