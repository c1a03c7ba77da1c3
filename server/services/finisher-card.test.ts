// The finisher card: the photo cut around its faces to the card's shape, the text band where it covers no face,
// and the card's pixels: its size, the chip time's yellow line in the band and not over the face, the frame on top.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CARD_SIZES, cardLayout, fitFrame, renderFinisherCard } from './finisher-card';

describe('cardLayout', () => {
  const photo = { width: 4000, height: 3000 };

  it('cuts a landscape photo to the card around its faces, keeping them whole', () => {
    const face = { x: 0.8, y: 0.3, width: 0.05, height: 0.07 };
    const { crop } = cardLayout(photo, [face], 'feed');
    // 1080×1350 is 4:5: the photo's full height, 2400 px of its width, as near the face as the photo allows.
    expect(crop).toEqual({ left: 1600, top: 0, width: 2400, height: 3000 });
    expect(crop.left).toBeLessThanOrEqual(face.x * photo.width);
    expect(crop.left + crop.width).toBeGreaterThanOrEqual((face.x + face.width) * photo.width);
    expect(cardLayout(photo, [], 'story').crop).toEqual({ left: 1156, top: 0, width: 1688, height: 3000 });
  });

  it('puts the text where it covers no face: the bottom, or the top when the faces are low', () => {
    expect(cardLayout(photo, [], 'feed').band).toBe('bottom');
    expect(cardLayout(photo, [{ x: 0.5, y: 0.3, width: 0.05, height: 0.07 }], 'feed').band).toBe('bottom');
    expect(cardLayout(photo, [{ x: 0.5, y: 0.8, width: 0.05, height: 0.07 }], 'feed').band).toBe('top');
    // Faces in both bands: the one that covers less of them.
    const both = [
      { x: 0.4, y: 0.05, width: 0.04, height: 0.05 },
      { x: 0.5, y: 0.85, width: 0.08, height: 0.1 },
    ];
    expect(cardLayout(photo, both, 'feed').band).toBe('top');
  });
});

describe('renderFinisherCard', () => {
  /** A plain grey photo with a face low in it (where the detector would have found one). */
  const original = async () =>
    new Uint8Array(
      await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#7a8a99' } })
        .jpeg()
        .toBuffer(),
    );
  const face = { x: 0.47, y: 0.72, width: 0.06, height: 0.09 };
  const text = {
    title: 'กรุงเทพมาราธอน 2569',
    date: '15 พฤศจิกายน 2569',
    name: 'ณัฐวุฒิ ใจดี',
    bib: '1234',
    time: '3:41:07',
    category: 'M30-39',
    place: 412,
    categoryPlace: 57,
  };
  /** The share of a region's pixels that are the time's yellow (#fde047), and that are the frame's red. */
  const shares = async (
    card: Buffer,
    region: { left: number; top: number; width: number; height: number },
  ) => {
    const { data, info } = await sharp(card).extract(region).raw().toBuffer({ resolveWithObject: true });
    let yellow = 0;
    let red = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      const [r, g, b] = [data[i] as number, data[i + 1] as number, data[i + 2] as number];
      if (r > 220 && g > 190 && b < 120) yellow++;
      if (r > 190 && g < 60 && b < 90) red++;
    }
    const n = data.length / info.channels;
    return { yellow: yellow / n, red: red / n };
  };

  it('makes both sizes as JPEGs, the text in the band away from the face, the frame over all', async () => {
    const frame = await sharp({
      create: { width: 540, height: 675, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="540" height="675"><rect x="5" y="5" width="530" height="665" fill="none" stroke="#e11d48" stroke-width="10"/></svg>',
          ),
          left: 0,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    for (const format of ['feed', 'story'] as const) {
      const card = await renderFinisherCard({
        original: await original(),
        faces: [face],
        text,
        language: 'th',
        format,
        frame: new Uint8Array(frame),
      });
      const meta = await sharp(card).metadata();
      const size = CARD_SIZES[format];
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: 'jpeg',
        ...size,
      });
      // The face is low: the text went to the top, the time in yellow there, none over the face.
      const top = await shares(card, {
        left: 40,
        top: 40,
        width: size.width - 80,
        height: Math.round(size.height * 0.3),
      });
      expect(top.yellow).toBeGreaterThan(0.01);
      const faceRegion = await shares(card, {
        left: Math.round(size.width * 0.4),
        top: Math.round(size.height * 0.68),
        width: Math.round(size.width * 0.2),
        height: Math.round(size.height * 0.16),
      });
      expect(faceRegion.yellow).toBe(0);
      // The frame's red border, scaled to the card.
      expect((await shares(card, { left: 0, top: 0, width: size.width, height: 12 })).red).toBeGreaterThan(
        0.9,
      );
    }
  }, 60_000);

  it('writes in English too, and without a frame leaves the photo to the edge', async () => {
    const card = await renderFinisherCard({
      original: await original(),
      faces: [{ ...face, y: 0.2 }],
      text: { ...text, name: 'Nattawut Jaidee', title: 'Bangkok Marathon 2026', date: '15 November 2026' },
      language: 'en',
      format: 'feed',
    });
    const bottom = await shares(card, { left: 40, top: 1350 - 420, width: 1000, height: 380 });
    expect(bottom.yellow).toBeGreaterThan(0.01);
    expect((await shares(card, { left: 0, top: 0, width: 1080, height: 12 })).red).toBe(0);
  }, 60_000);

  /** A feed-shaped frame: a logo strip 150 px deep at the top, a sponsors' strip at the bottom, thin side lines. */
  const stripFrame = () =>
    sharp({ create: { width: 1080, height: 1350, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1350">' +
              '<rect x="0" y="0" width="1080" height="150" fill="#e11d48"/>' +
              '<rect x="0" y="1200" width="1080" height="150" fill="#e11d48"/>' +
              '<rect x="0" y="0" width="12" height="1350" fill="#e11d48"/>' +
              '<rect x="1068" y="0" width="12" height="1350" fill="#e11d48"/></svg>',
          ),
          left: 0,
          top: 0,
        },
      ])
      .png()
      .toBuffer();

  it('fits one frame to both formats: its strips kept as drawn at the edges, its middle stretched', async () => {
    const frame = new Uint8Array(await stripFrame());
    for (const format of ['feed', 'story'] as const) {
      const size = CARD_SIZES[format];
      const fitted = await fitFrame(frame, size);
      expect({ top: fitted.top, bottom: fitted.bottom }).toEqual({ top: 150, bottom: 150 });
      const alpha = await sharp(fitted.layer).extractChannel(3).raw().toBuffer();
      const at = (x: number, y: number) => alpha[y * size.width + x] as number;
      // The side lines run the whole height (no gap where the middle was stretched); the middle stays clear.
      for (const y of [200, Math.round(size.height / 2), size.height - 200]) {
        expect(at(5, y)).toBe(255);
        expect(at(540, y)).toBe(0);
      }
    }
  }, 30_000);

  it("keeps the text off the frame's strips, and on a story above the apps' bottom bar", async () => {
    const frame = new Uint8Array(await stripFrame());
    const noFrame = await renderFinisherCard({
      original: await original(),
      faces: [{ ...face, y: 0.2 }],
      text,
      language: 'th',
      format: 'story',
    });
    const framed = await renderFinisherCard({
      original: await original(),
      faces: [{ ...face, y: 0.2 }],
      text,
      language: 'th',
      format: 'feed',
      frame,
    });
    // A story's text stays out of its bottom 250 px.
    expect((await shares(noFrame, { left: 0, top: 1920 - 250, width: 1080, height: 250 })).yellow).toBe(0);
    expect(
      (await shares(noFrame, { left: 40, top: 1920 - 700, width: 1000, height: 450 })).yellow,
    ).toBeGreaterThan(0.01);
    // A feed card's text sits above the frame's sponsors' strip, which stays whole.
    const strip = await shares(framed, { left: 20, top: 1350 - 150, width: 1040, height: 150 });
    expect(strip).toEqual({ yellow: 0, red: expect.any(Number) });
    expect(strip.red).toBeGreaterThan(0.95);
    expect(
      (await shares(framed, { left: 40, top: 1350 - 600, width: 1000, height: 450 })).yellow,
    ).toBeGreaterThan(0.01);
  }, 60_000);
});
