import { describe, expect, it } from 'vitest';
import { nextSlide } from './slider';

describe('nextSlide', () => {
  it('moves forward and loops to the first slide after the last', () => {
    expect(nextSlide(0, 3)).toBe(1);
    expect(nextSlide(1, 3)).toBe(2);
    expect(nextSlide(2, 3)).toBe(0);
  });

  it('moves back and loops to the last slide before the first', () => {
    expect(nextSlide(1, 3, -1)).toBe(0);
    expect(nextSlide(0, 3, -1)).toBe(2);
  });

  it('stays on the only slide and is safe with none', () => {
    expect(nextSlide(0, 1)).toBe(0);
    expect(nextSlide(0, 1, -1)).toBe(0);
    expect(nextSlide(0, 0)).toBe(0);
    expect(nextSlide(5, 0, -1)).toBe(0);
  });

  it('wraps an index that is out of range', () => {
    expect(nextSlide(4, 2)).toBe(1);
  });
});
