// Canvas side of the QR page: the on-screen code and the two 1000 px PNG downloads, following qr-layout.ts.
import QRCode from 'qrcode';
import { QR_PAGE_ERROR_CORRECTION, QR_PAGE_SCREEN_PX } from '../../../core/constants';
import { type QrImageLayout, qrImageLayout } from './qr-layout';

const LOGO_URL = '/logo.svg';
/** Roboto when the device has it (most Android phones); otherwise the page's own font. Nothing is downloaded. */
const TEXT_FONT_FAMILY = 'Roboto, Sarabun, "Noto Sans Thai", system-ui, sans-serif';

const qrOptions = (width: number): QRCode.QRCodeRenderersOptions => ({
  width,
  errorCorrectionLevel: QR_PAGE_ERROR_CORRECTION,
  color: { dark: '#000000', light: '#ffffff' },
});

/** Draws the on-screen code: 300 CSS px, with as many device pixels as the screen has. */
export async function drawScreenQr(canvas: HTMLCanvasElement, address: string): Promise<void> {
  const scale = Math.max(1, Math.ceil(window.devicePixelRatio || 1));
  await QRCode.toCanvas(canvas, address, qrOptions(QR_PAGE_SCREEN_PX * scale));
  canvas.style.width = `${QR_PAGE_SCREEN_PX}px`;
  canvas.style.height = `${QR_PAGE_SCREEN_PX}px`;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`could not load ${src}`));
    image.src = src;
  });
}

async function paint(layout: QrImageLayout, address: string, text: string): Promise<HTMLCanvasElement> {
  const canvas = document.createElement('canvas');
  canvas.width = layout.width;
  canvas.height = layout.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, layout.width, layout.height);

  const code = document.createElement('canvas');
  await QRCode.toCanvas(code, address, qrOptions(layout.qr.size));
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(code, layout.qr.x, layout.qr.y, layout.qr.size, layout.qr.size);
  ctx.imageSmoothingEnabled = true;

  if (layout.logo && layout.logoBackdrop) {
    const logo = await loadImage(LOGO_URL);
    const { x, y, size } = layout.logoBackdrop;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(x, y, size, size);
    ctx.drawImage(logo, layout.logo.x, layout.logo.y, layout.logo.size, layout.logo.size);
  }

  const font = `${layout.text.px}px ${TEXT_FONT_FAMILY}`;
  try {
    await document.fonts.load(font, text);
  } catch {
    // The font list could not be checked: the browser falls back on its own.
  }
  ctx.font = font;
  ctx.fillStyle = '#000000';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, layout.text.x, layout.text.y, layout.text.maxWidth);
  return canvas;
}

/** Builds the 1000 px PNG (with the centred logo or text only) and hands it to the browser as a download. */
export async function downloadQrImage(
  address: string,
  text: string,
  withLogo: boolean,
  fileName: string,
): Promise<void> {
  const canvas = await paint(qrImageLayout({ withLogo }), address, text);
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'),
  );
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
