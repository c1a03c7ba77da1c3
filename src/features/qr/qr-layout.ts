// Where each part of a downloadable event QR image goes (SPEC §2 QR page, §9): the code fills the full width,
// the optional logo is centred on the code at 15% of the width over a white backdrop, and the text sits in a
// band under the code. Pure numbers, so the drawing code only follows them.
import { QR_LOGO_WIDTH_RATIO, QR_PAGE_DOWNLOAD_PX, QR_PAGE_TEXT_PX } from '../../../core/constants';

export interface Box {
  x: number;
  y: number;
  size: number;
}

export interface QrImageLayout {
  width: number;
  height: number;
  qr: Box;
  /** The logo square, centred on the code; null for the text-only image. */
  logo: Box | null;
  /** A white square behind the logo, a little larger, so the logo's edge does not touch dark modules. */
  logoBackdrop: Box | null;
  /** Centre of the text line (draw with textAlign 'center' and textBaseline 'middle'). */
  text: { x: number; y: number; maxWidth: number; px: number };
}

export interface QrImageOptions {
  withLogo: boolean;
  size?: number;
  textPx?: number;
  logoRatio?: number;
}

/** The text band is twice the text height: one text height of air split above and below. */
const TEXT_BAND_RATIO = 2;
/** The backdrop adds this share of the logo size on each side. */
const LOGO_PAD_RATIO = 0.08;
/** Text keeps this share of the width free on each side (longer text is squeezed to fit). */
const TEXT_SIDE_MARGIN_RATIO = 0.04;

export function qrImageLayout({
  withLogo,
  size = QR_PAGE_DOWNLOAD_PX,
  textPx = QR_PAGE_TEXT_PX,
  logoRatio = QR_LOGO_WIDTH_RATIO,
}: QrImageOptions): QrImageLayout {
  const band = textPx * TEXT_BAND_RATIO;
  const logoSize = Math.round(size * logoRatio);
  const centred = (box: number) => Math.round((size - box) / 2);
  const pad = Math.round(logoSize * LOGO_PAD_RATIO);
  const backdropSize = logoSize + 2 * pad;
  const sideMargin = Math.round(size * TEXT_SIDE_MARGIN_RATIO);
  return {
    width: size,
    height: size + band,
    qr: { x: 0, y: 0, size },
    logo: withLogo ? { x: centred(logoSize), y: centred(logoSize), size: logoSize } : null,
    logoBackdrop: withLogo
      ? { x: centred(backdropSize), y: centred(backdropSize), size: backdropSize }
      : null,
    text: { x: size / 2, y: size + band / 2, maxWidth: size - 2 * sideMargin, px: textPx },
  };
}

/** The public address of an event, which the QR code holds. */
export const eventAddress = (origin: string, q: string) =>
  `${origin.replace(/\/+$/, '')}/${encodeURIComponent(q)}`;

/** The text printed under the code: the address without its scheme, easy to type by hand. */
export const addressLabel = (address: string) => address.replace(/^https?:\/\//, '');

export const qrFileName = (q: string, withLogo: boolean) => `${q}-${withLogo ? 'logo-qr' : 'qr'}.png`;
