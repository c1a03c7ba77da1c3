// An event's card frame is checked before it is kept: a PNG with transparency, portrait, at most half opaque; kept
// as RGBA whatever the file's own layout.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkCardFrame } from './card-frame';

const strip = (channels: 3 | 4) =>
  sharp({
    create: {
      width: 1080,
      height: 1350,
      channels,
      background: channels === 4 ? { r: 0, g: 0, b: 0, alpha: 0 } : '#fff',
    },
  }).composite([
    {
      input: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1350"><rect width="1080" height="150" fill="#e11d48"/></svg>',
      ),
      left: 0,
      top: 0,
    },
  ]);

describe('checkCardFrame', () => {
  it('keeps a grey-and-alpha PNG as RGBA', async () => {
    const grey = await sharp(await strip(4).png().toBuffer())
      .toColourspace('b-w')
      .png()
      .toBuffer();
    expect((await sharp(grey).metadata()).channels).toBe(2);
    const check = await checkCardFrame(new Uint8Array(grey));
    expect(check.ok).toBe(true);
    if (check.ok) expect((await sharp(check.png).metadata()).channels).toBe(4);
  });

  it('refuses what is not a PNG, or would hide the photo', async () => {
    expect(await checkCardFrame(new Uint8Array(await strip(4).jpeg().toBuffer()))).toMatchObject({
      ok: false,
    });
    const opaque = await sharp(await strip(4).png().toBuffer())
      .flatten({ background: '#fff' })
      .png()
      .toBuffer();
    expect(await checkCardFrame(new Uint8Array(opaque))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('opaque'),
    });
    expect(
      await checkCardFrame(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2])),
    ).toMatchObject({
      ok: false,
    });
  });
});
