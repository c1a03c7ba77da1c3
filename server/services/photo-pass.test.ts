// A photo's pass: stable for the photo and the store, different for another photo or store, the shape the contract
// accepts, and checked in constant time without throwing on any input.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { photoPassSchema } from '../../core/contract/photos';
import { isPhotoPass, photoPass, photoPassSecretFrom } from './photo-pass';

const secret = photoPassSecretFrom('store signing secret');

describe('photo passes', () => {
  it('is the same for the same photo and store, and the shape the contract accepts', () => {
    expect(photoPass(secret, 42)).toBe(photoPass(secret, 42));
    expect(v.is(photoPassSchema, photoPass(secret, 42))).toBe(true);
    expect(isPhotoPass(secret, 42, photoPass(secret, 42))).toBe(true);
  });

  it("differs for another photo and another store's secret (not the signing secret itself)", () => {
    const passes = new Set(Array.from({ length: 1000 }, (_, i) => photoPass(secret, i + 1)));
    expect(passes.size).toBe(1000);
    expect(photoPass(photoPassSecretFrom('another store'), 42)).not.toBe(photoPass(secret, 42));
    expect(photoPass('store signing secret', 42)).not.toBe(photoPass(secret, 42));
    expect(isPhotoPass(secret, 43, photoPass(secret, 42))).toBe(false);
  });

  it('refuses anything else without throwing', () => {
    const pass = photoPass(secret, 42);
    for (const given of [
      undefined,
      null,
      42,
      '',
      pass.slice(1),
      `${pass}=`,
      pass.toUpperCase(),
      'ก'.repeat(22),
      {},
    ])
      expect(isPhotoPass(secret, 42, given), String(given)).toBe(false);
  });
});
