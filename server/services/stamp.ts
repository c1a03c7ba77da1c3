// The logo stamp on the paid logo versions: public/logo.svg at 15% of the image width, bottom-right with a
// margin, semi-opaque. Rendering the SVG costs more than stamping it, so the rendered logo is cached per width.
// Stamping blends the logo into decoded pixels directly: sharp's composite would reprocess the whole image.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

/** Logo width as a share of the image width (DESIGN §3). */
export const STAMP_WIDTH_SHARE = 0.15;
/** Gap between the logo and the image's right and bottom edges, as a share of the image width. */
export const STAMP_MARGIN_SHARE = 0.025;
export const STAMP_OPACITY = 0.7;

const logoSvgPath = new URL('../../public/logo.svg', import.meta.url);
let logoParts: { open: string; drawing: string } | undefined;

/** The store's logo (public/logo.svg), read once: its opening <svg> element and its drawing inside. */
export function storeLogo(): { open: string; drawing: string } {
  if (logoParts === undefined) {
    const svg = readFileSync(logoSvgPath, 'utf8');
    const open = svg.indexOf('>', svg.indexOf('<svg')) + 1;
    logoParts = { open: svg.slice(0, open), drawing: svg.slice(open, svg.lastIndexOf('</svg>')) };
  }
  return logoParts;
}

/** The logo with the stamp's opacity applied to everything it draws. */
function semiOpaqueLogo(): string {
  const { open, drawing } = storeLogo();
  return `${open}<g opacity="${STAMP_OPACITY}">${drawing}</g></svg>`;
}

export interface StampPlacement {
  /** The logo is square: its width and height. */
  size: number;
  left: number;
  top: number;
}

/** Where the logo goes on an image of this size; a very wide, short image gets a smaller logo. */
export function stampPlacement(width: number, height: number): StampPlacement {
  const margin = Math.round(width * STAMP_MARGIN_SHARE);
  const size = Math.max(1, Math.min(Math.round(width * STAMP_WIDTH_SHARE), height - 2 * margin));
  return {
    size,
    left: Math.max(0, width - margin - size),
    top: Math.max(0, height - margin - size),
  };
}

const rendered = new Map<number, Promise<Buffer>>();
const MAX_CACHED_WIDTHS = 64;

/** The logo as raw RGBA pixels (not premultiplied), `size` pixels square; rendered once per size. */
export function logoPixels(size: number): Promise<Buffer> {
  let pixels = rendered.get(size);
  if (!pixels) {
    // Photos come in a handful of sizes; a folder of odd sizes must not grow the cache without bound.
    if (rendered.size >= MAX_CACHED_WIDTHS) rendered.clear();
    // The SVG's own size is 64 px; render at the density that gives `size` px, then fit exactly.
    const density = Math.max(1, (72 * size) / 64);
    pixels = sharp(Buffer.from(semiOpaqueLogo()), { density })
      .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .ensureAlpha()
      .raw()
      .toBuffer();
    pixels.catch(() => rendered.delete(size));
    rendered.set(size, pixels);
  }
  return pixels;
}

/** Decoded 8-bit pixels, row by row, `channels` bytes each (3: RGB, 4: RGBA). */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

/**
 * Blends RGBA pixels (not premultiplied, `area.width` × `area.height`, row by row) into the image in place, with
 * their top-left corner at (area.left, area.top); parts outside the image are left out.
 */
export function blendRgba(
  image: RawImage,
  overlay: Buffer,
  area: { left: number; top: number; width: number; height: number },
): void {
  const { data, width, height, channels } = image;
  const rows = Math.min(area.height, height - area.top);
  const cols = Math.min(area.width, width - area.left);
  const colours = Math.min(channels, 3);
  for (let y = 0; y < rows; y++) {
    let src = y * area.width * 4;
    let dst = ((area.top + y) * width + area.left) * channels;
    for (let x = 0; x < cols; x++, src += 4, dst += channels) {
      const alpha = overlay[src + 3] as number;
      if (alpha === 0) continue;
      for (let c = 0; c < colours; c++) {
        const under = data[dst + c] as number;
        data[dst + c] = Math.round(under + (((overlay[src + c] as number) - under) * alpha) / 255);
      }
    }
  }
}

/** Stamps the logo into the image's pixels in place. */
export async function stampPixels(image: RawImage): Promise<void> {
  const { size, left, top } = stampPlacement(image.width, image.height);
  blendRgba(image, await logoPixels(size), { left, top, width: size, height: size });
}
