import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkImage, sniffImageKind } from './image-check';

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c84' } })
    .jpeg()
    .toBuffer();

describe('checkImage', () => {
  it('accepts JPEG and PNG by their bytes', async () => {
    expect(await checkImage(await jpeg(320, 240))).toEqual({
      ok: true,
      kind: 'jpeg',
      width: 320,
      height: 240,
    });
    const png = await sharp({ create: { width: 10, height: 20, channels: 4, background: '#fff' } })
      .png()
      .toBuffer();
    expect(await checkImage(png)).toMatchObject({ ok: true, kind: 'png' });
  });

  it('refuses what is not a JPEG or PNG, whatever its name', async () => {
    expect(await checkImage(new TextEncoder().encode('<html>not an image</html>'))).toEqual({
      ok: false,
      problem: 'not-an-image',
    });
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect(sniffImageKind(gif)).toBeUndefined();
    expect(await checkImage(new Uint8Array())).toMatchObject({ ok: false, problem: 'not-an-image' });
  });

  it('refuses a truncated JPEG', async () => {
    const whole = await jpeg(640, 480);
    expect(await checkImage(whole.subarray(0, Math.floor(whole.length / 2)))).toEqual({
      ok: false,
      problem: 'unreadable',
    });
  });

  it('refuses more than 40 megapixels before decoding', async () => {
    // 8000 x 5001 = 40.008 MP: a tiny file (one colour) that would decode to 120 MB.
    const big = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#fff' } })
      .jpeg({ quality: 10 })
      .toBuffer();
    expect(await checkImage(big)).toEqual({ ok: false, problem: 'too-many-pixels' });
  });
});
