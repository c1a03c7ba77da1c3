// A runner's finisher card: their photo with the event's title and date, their name, bib, chip time, category and
// places, and the event's frame (its logo or sponsors' strip) over it, as a JPEG to share: 1080×1350 for a feed,
// 1080×1920 for a story. Made from the original, so it is full quality (and only ever made for its buyer).
// The photo fills the card, cut around its faces; the text sits on a shaded band at the top or the bottom,
// whichever covers less of the faces the detector found (none when it can), so no text lies over a face, nor under
// the frame's logos, nor (on a story) where the apps lay their own bars.
// Thai is set by Pango (through sharp) in the Thai fonts of fonts-thai-tlwg (Waree, which has Latin too).
import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { escapeMarkup } from './escape-markup';
import { MAX_IMAGE_PIXELS } from './image-check';

export type CardFormat = 'feed' | 'story';
export const CARD_SIZES: Record<CardFormat, { width: number; height: number }> = {
  feed: { width: 1080, height: 1350 },
  story: { width: 1080, height: 1920 },
};

/** The fonts the card's text is set in (fonts-thai-tlwg): without them Thai cannot be set properly. */
export const CARD_FONT_FILES = {
  regular: '/usr/share/fonts/truetype/tlwg/Waree.ttf',
  bold: '/usr/share/fonts/truetype/tlwg/Waree-Bold.ttf',
};
export const cardFontsPresent = (): boolean =>
  existsSync(CARD_FONT_FILES.regular) && existsSync(CARD_FONT_FILES.bold);

/** A face's box as fractions (0..1) of the photo's width and height. */
export interface FractionBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CardText {
  title: string;
  /** The event's date as the card's language writes it. */
  date: string;
  name: string;
  bib: string;
  /** The chip time as results print it (H:MM:SS), or the runner's status (DNF) when they have none. */
  time: string;
  category: string;
  place: number | null;
  categoryPlace: number | null;
}

/** The card's own words, in its language. */
const WORDS = {
  th: { bib: 'บิบ', time: 'เวลาชิป', place: 'อันดับรวม', categoryPlace: 'อันดับในประเภท' },
  en: { bib: 'Bib', time: 'Chip time', place: 'Overall', categoryPlace: 'Category' },
};

/** Where the text band goes, and the crop of the photo under the card (in the photo's pixels). */
export interface CardLayout {
  crop: { left: number; top: number; width: number; height: number };
  band: 'top' | 'bottom';
}

/** The share of the card's height the text band takes. */
const BAND_SHARE = { feed: 0.34, story: 0.3 };

const overlap = (a: FractionBox, top: number, bottom: number) =>
  Math.max(0, Math.min(a.y + a.height, bottom) - Math.max(a.y, top)) * a.width;

/**
 * The photo cut to the card's shape around its faces (their middle as near the card's middle as the photo allows),
 * and the band, top or bottom, that covers the least of them: the bottom when neither covers any.
 */
export function cardLayout(
  photo: { width: number; height: number },
  faces: readonly FractionBox[],
  format: CardFormat,
): CardLayout {
  const size = CARD_SIZES[format];
  const scale = Math.max(size.width / photo.width, size.height / photo.height);
  const width = Math.min(photo.width, Math.round(size.width / scale));
  const height = Math.min(photo.height, Math.round(size.height / scale));
  const px = faces.map((f) => ({
    x: f.x * photo.width,
    y: f.y * photo.height,
    w: f.width * photo.width,
    h: f.height * photo.height,
  }));
  const middle = (lo: number, hi: number, fallback: number) => (px.length === 0 ? fallback : (lo + hi) / 2);
  const cx = middle(Math.min(...px.map((f) => f.x)), Math.max(...px.map((f) => f.x + f.w)), photo.width / 2);
  const cy = middle(Math.min(...px.map((f) => f.y)), Math.max(...px.map((f) => f.y + f.h)), photo.height / 2);
  const clamp = (v: number, max: number) => Math.round(Math.min(Math.max(0, v), max));
  const crop = {
    left: clamp(cx - width / 2, photo.width - width),
    top: clamp(cy - height / 2, photo.height - height),
    width,
    height,
  };
  // The faces in the card's fractions, and how much of them each band would cover.
  const inCard = px.map((f) => ({
    x: (f.x - crop.left) / width,
    y: (f.y - crop.top) / height,
    width: f.w / width,
    height: f.h / height,
  }));
  const share = BAND_SHARE[format];
  const covered = (top: number, bottom: number) =>
    inCard.reduce((sum, f) => sum + overlap(f, top, bottom), 0);
  return { crop, band: covered(0, share) < covered(1 - share, 1) ? 'top' : 'bottom' };
}

/** One line of text as a transparent PNG, at most `width` wide (longer text gets smaller until it fits). */
async function textLine(
  text: string,
  options: { px: number; bold?: boolean; color?: string; width: number },
): Promise<{ input: Buffer; width: number; height: number }> {
  for (let px = options.px; ; px = Math.floor(px * 0.9)) {
    const rendered = await sharp({
      text: {
        text: `<span foreground="${options.color ?? 'white'}" size="${px * 1024 * 0.75}">${escapeMarkup(text)}</span>`,
        font: options.bold ? 'Waree Bold' : 'Waree',
        fontfile: options.bold ? CARD_FONT_FILES.bold : CARD_FONT_FILES.regular,
        rgba: true,
        dpi: 96,
      },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
    if (rendered.info.width <= options.width || px <= 16)
      return { input: rendered.data, width: rendered.info.width, height: rendered.info.height };
  }
}

/**
 * How far from the card's top and bottom edges its text starts: on a story, the apps' own bars cover about the top
 * and bottom 250 px (Meta's guidance for 1080×1920 stories), so no text goes there.
 */
const TEXT_INSET = { feed: { top: 112, bottom: 112 }, story: { top: 250, bottom: 250 } };

/** A row of the frame is drawn on when this share of its pixels are more opaque than half. */
const FRAME_ROW_SHARE = 0.08;

/**
 * The event's frame fitted to the card: scaled to the card's width, its top and bottom thirds kept as drawn (the
 * logos stay in proportion) and its middle third stretched or squeezed to fill, so one frame fits both formats.
 * Answers the layer and how deep its drawn rows reach from the top and the bottom (within the outer 30 %).
 */
export async function fitFrame(
  frame: Uint8Array,
  size: { width: number; height: number },
): Promise<{ layer: Buffer; top: number; bottom: number }> {
  const scaled = await sharp(frame, { limitInputPixels: MAX_IMAGE_PIXELS })
    .ensureAlpha()
    .resize({ width: size.width })
    .png()
    .toBuffer({ resolveWithObject: true });
  const h = scaled.info.height;
  const edge = Math.max(1, Math.min(Math.floor(h / 3), Math.floor(size.height / 2)));
  const part = (top: number, height: number) =>
    sharp(scaled.data).extract({ left: 0, top, width: size.width, height }).png().toBuffer();
  const parts = [
    { input: await part(0, edge), left: 0, top: 0 },
    { input: await part(h - edge, edge), left: 0, top: size.height - edge },
  ];
  const middle = h - 2 * edge;
  if (middle > 0 && size.height - 2 * edge > 0) {
    parts.push({
      input: await sharp(await part(edge, middle))
        .resize(size.width, size.height - 2 * edge, { fit: 'fill' })
        .png()
        .toBuffer(),
      left: 0,
      top: edge,
    });
  }
  const layer = await sharp({
    create: { ...size, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite(parts)
    .png()
    .toBuffer();
  const alpha = await sharp(layer).extractChannel(3).raw().toBuffer();
  const drawn = (row: number) => {
    let count = 0;
    for (let i = row * size.width; i < (row + 1) * size.width; i++) if ((alpha[i] as number) > 128) count++;
    return count > size.width * FRAME_ROW_SHARE;
  };
  const reach = Math.floor(size.height * 0.3);
  let top = 0;
  for (let row = 0; row < reach; row++) if (drawn(row)) top = row + 1;
  let bottom = 0;
  for (let row = 0; row < reach; row++) if (drawn(size.height - 1 - row)) bottom = row + 1;
  return { layer, top, bottom };
}

/**
 * The card as a JPEG. `frame`: the event's frame (a PNG with transparency), laid over the whole card (fitFrame);
 * the text keeps clear of its drawn edges.
 */
export async function renderFinisherCard(input: {
  original: Uint8Array;
  faces: readonly FractionBox[];
  text: CardText;
  language: 'th' | 'en';
  format: CardFormat;
  frame?: Uint8Array | undefined;
}): Promise<Buffer> {
  const size = CARD_SIZES[input.format];
  const upright = await sharp(input.original, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .toBuffer({ resolveWithObject: true });
  const layout = cardLayout(upright.info, input.faces, input.format);
  const photo = await sharp(upright.data)
    .extract(layout.crop)
    .resize(size.width, size.height, { fit: 'cover' })
    .toBuffer();

  const frame = input.frame ? await fitFrame(input.frame, size) : undefined;
  const words = WORDS[input.language];
  const t = input.text;
  const margin = 56;
  const inner = size.width - margin * 2;
  const places = [
    t.place === null ? '' : `${words.place} ${t.place}`,
    t.categoryPlace === null ? '' : `${words.categoryPlace} ${t.categoryPlace}`,
  ].filter(Boolean);
  const lines = await Promise.all([
    textLine(`${t.title}  ·  ${t.date}`, { px: 30, width: inner, color: '#f1f5f9' }),
    textLine(t.name || `${words.bib} ${t.bib}`, { px: 64, bold: true, width: inner }),
    textLine(`${words.time}  ${t.time}`, { px: 84, bold: true, width: inner, color: '#fde047' }),
    textLine([`${words.bib} ${t.bib}`, t.category, ...places].filter(Boolean).join('  ·  '), {
      px: 34,
      width: inner,
      color: '#f1f5f9',
    }),
  ]);
  const gap = 14;
  const textHeight = lines.reduce((sum, l) => sum + l.height, 0) + gap * (lines.length - 1);
  const inset = TEXT_INSET[input.format];
  const fromEdge =
    layout.band === 'top'
      ? Math.max(inset.top, (frame?.top ?? 0) + margin / 2)
      : Math.max(inset.bottom, (frame?.bottom ?? 0) + margin / 2);
  const bandHeight = Math.max(
    Math.round(size.height * BAND_SHARE[input.format]),
    textHeight + fromEdge + margin,
  );
  const bandTop = layout.band === 'top' ? 0 : size.height - bandHeight;
  // The band: shaded towards the card's edge, clear towards the photo.
  const [from, to] = layout.band === 'top' ? ['0.82', '0'] : ['0', '0.82'];
  const shade = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${bandHeight}">` +
      '<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">' +
      `<stop offset="0" stop-color="#000" stop-opacity="${from}"/>` +
      `<stop offset="0.35" stop-color="#000" stop-opacity="${layout.band === 'top' ? '0.7' : '0.45'}"/>` +
      `<stop offset="0.65" stop-color="#000" stop-opacity="${layout.band === 'top' ? '0.45' : '0.7'}"/>` +
      `<stop offset="1" stop-color="#000" stop-opacity="${to}"/>` +
      '</linearGradient></defs>' +
      `<rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  // The text towards the card's edge, where the shade is darkest.
  let y = layout.band === 'top' ? fromEdge : size.height - fromEdge - textHeight;
  const placed = lines.map((line) => {
    const at = { input: line.input, left: margin, top: y };
    y += line.height + gap;
    return at;
  });
  return sharp(photo)
    .composite([
      { input: shade, left: 0, top: bandTop },
      ...placed,
      ...(frame ? [{ input: frame.layer, left: 0, top: 0 }] : []),
    ])
    .jpeg({ quality: 90, mozjpeg: true })
    .toBuffer();
}
