// The mark across every public image (previews and thumbnails), so none can stand in for the photo: the store's
// logo and name, tiled on a slant over the whole picture, semi-transparent (white with a dark edge, seen on light
// and dark photos alike). Rendered once per image size (photos come in a handful of sizes) and blended into the
// decoded pixels. The name is drawn with whatever sans-serif font the machine has; without any font the logos
// alone still cover the picture.
import sharp from 'sharp';
import { blendRgba, type RawImage, storeLogo } from './stamp';

/** The name written in each tile. */
export const WATERMARK_NAME = 'RunFoto';
/** How opaque the mark is where it draws. */
export const WATERMARK_OPACITY = 0.32;
/** Tiles across the image's long side: small enough that no useful crop is free of the mark. */
export const WATERMARK_TILES_ACROSS = 4;

/** The mark of an image of this size, as SVG: a slanted pattern of logo-and-name tiles filling it. */
export function watermarkSvg(width: number, height: number): string {
  const base = Math.max(80, Math.round(Math.max(width, height) / WATERMARK_TILES_ACROSS));
  const tileWidth = Math.round(base * 1.3);
  const row = Math.round(base * 0.6);
  const logo = Math.round(base * 0.3);
  const font = Math.max(9, Math.round(base * 0.13));
  const edge = Math.max(1, Math.round(font / 12));
  const logoX = Math.round(base * 0.06);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><pattern id="mark" width="${tileWidth}" height="${row}" patternUnits="userSpaceOnUse" patternTransform="rotate(-28)">
<g opacity="${WATERMARK_OPACITY}">
<svg x="${logoX}" y="${Math.round((row - logo) / 2)}" width="${logo}" height="${logo}" viewBox="0 0 64 64">${storeLogo().drawing}</svg>
<text x="${Math.round(logoX + logo * 1.15)}" y="${Math.round(row / 2 + font * 0.35)}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="700" font-size="${font}" fill="#ffffff" stroke="#000000" stroke-opacity="0.55" stroke-width="${edge}" paint-order="stroke">${WATERMARK_NAME}</text>
</g></pattern></defs>
<rect width="100%" height="100%" fill="url(#mark)"/></svg>`;
}

const rendered = new Map<string, Promise<Buffer>>();
const MAX_CACHED_SIZES = 64;

/** The mark as raw RGBA pixels of exactly width × height; rendered once per size. */
export function watermarkPixels(width: number, height: number): Promise<Buffer> {
  const key = `${width}x${height}`;
  let pixels = rendered.get(key);
  if (!pixels) {
    if (rendered.size >= MAX_CACHED_SIZES) rendered.clear();
    pixels = sharp(Buffer.from(watermarkSvg(width, height)))
      .resize(width, height, { fit: 'fill' })
      .ensureAlpha()
      .raw()
      .toBuffer();
    pixels.catch(() => rendered.delete(key));
    rendered.set(key, pixels);
  }
  return pixels;
}

/** Marks the image's pixels in place, all over. */
export async function watermarkPixelsInto(image: RawImage): Promise<void> {
  const mark = await watermarkPixels(image.width, image.height);
  blendRgba(image, mark, { left: 0, top: 0, width: image.width, height: image.height });
}
