// The selfie's quality on real faces: a clear selfie passes; the same made dark, blurred or small is flagged as
// such, and a face in three-quarter view is turned away. The measures' rules on their own below.
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoSelfieJpeg } from '../../tests/demo-selfie';
import { selfieDescriptor } from './detect';
import { SELFIE_LIMITS, type SelfieMeasures, selfieProblemsOf, turnOf } from './selfie-quality';

const shared = path.resolve(import.meta.dirname, '../../../shared/faces');

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

  it('flags a face in three-quarter view as turned away, and not the same person facing the camera', async () => {
    const { readFile } = await import('node:fs/promises');
    expect(await problemsOf(await readFile(path.join(shared, 'stuart/5.jpg')))).toEqual(['turned']);
    expect(await problemsOf(await readFile(path.join(shared, 'stuart/1.jpg')))).toEqual([]);
  }, 60_000);
});

describe('the limits', () => {
  const fine: SelfieMeasures = { faceHeight: 200, brightness: 120, sharpness: 100, turn: 0.1 };
  it('names each problem, small first and never also blurred', () => {
    expect(selfieProblemsOf(fine)).toEqual([]);
    expect(selfieProblemsOf({ ...fine, brightness: SELFIE_LIMITS.minBrightness - 1 })).toEqual(['dark']);
    expect(selfieProblemsOf({ ...fine, turn: SELFIE_LIMITS.maxTurn + 0.01 })).toEqual(['turned']);
    expect(selfieProblemsOf({ ...fine, sharpness: 1 })).toEqual(['blurred']);
    expect(selfieProblemsOf({ ...fine, faceHeight: 30, sharpness: 1, brightness: 10 })).toEqual([
      'small',
      'dark',
    ]);
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
