import { describe, expect, it } from 'vitest';
import { logoPixels, type RawImage, STAMP_OPACITY, stampPixels, stampPlacement } from './stamp';

const white = (width: number, height: number): RawImage => ({
  data: Buffer.alloc(width * height * 3, 255),
  width,
  height,
  channels: 3,
});

const pixel = (image: RawImage, x: number, y: number) => {
  const i = (y * image.width + x) * image.channels;
  return [...image.data.subarray(i, i + 3)];
};

describe('stampPlacement', () => {
  it('puts a logo 15% of the width wide at the bottom right, inside a margin', () => {
    expect(stampPlacement(1000, 800)).toEqual({ size: 150, left: 825, top: 625 });
    expect(stampPlacement(1600, 1067)).toEqual({ size: 240, left: 1320, top: 787 });
  });

  it('shrinks the logo on a very wide, short image so it still fits', () => {
    const p = stampPlacement(2000, 200);
    expect(p.size).toBe(100);
    expect(p.top + p.size).toBeLessThanOrEqual(200);
    expect(p.left + p.size).toBeLessThanOrEqual(2000);
  });
});

describe('logoPixels', () => {
  it('renders the logo once per size, square, semi-opaque', async () => {
    const a = logoPixels(120);
    expect(logoPixels(120)).toBe(a);
    const pixels = await a;
    expect(pixels.length).toBe(120 * 120 * 4);
    let maxAlpha = 0;
    for (let i = 3; i < pixels.length; i += 4) maxAlpha = Math.max(maxAlpha, pixels[i] as number);
    // Nothing fully opaque: the photo always shows through.
    expect(maxAlpha).toBeGreaterThan(STAMP_OPACITY * 255 - 3);
    expect(maxAlpha).toBeLessThan(STAMP_OPACITY * 255 + 3);
  });
});

describe('stampPixels', () => {
  it('blends the logo into the bottom-right corner only', async () => {
    const image = white(800, 600);
    await stampPixels(image);
    const { size, left, top } = stampPlacement(800, 600);
    // The logo's orange (#e4572e) at 70% over white, in its lens below the white line.
    const [r, g, b] = pixel(image, left + Math.round(size / 2), top + Math.round((size * 44) / 64));
    expect(r).toBeCloseTo(0xe4 * 0.7 + 255 * 0.3, -1);
    expect(g).toBeCloseTo(0x57 * 0.7 + 255 * 0.3, -1);
    expect(b).toBeCloseTo(0x2e * 0.7 + 255 * 0.3, -1);
    // Untouched elsewhere: the top-left and just outside the logo's square.
    expect(pixel(image, 10, 10)).toEqual([255, 255, 255]);
    expect(pixel(image, left - 1, top + 10)).toEqual([255, 255, 255]);
    expect(pixel(image, 799, 599)).toEqual([255, 255, 255]);
    let changed = 0;
    for (let i = 0; i < image.data.length; i++) if (image.data[i] !== 255) changed++;
    expect(changed).toBeGreaterThan(size * size);
  });

  it('stamps a tiny image without writing outside it', async () => {
    const image = white(7, 3);
    await stampPixels(image);
    expect(image.data.length).toBe(7 * 3 * 3);
  });
});
