// What the order page shows for an inquiry answer (SPEC §2 Order payment and download page, §4 Order, Download):
// waiting for payment, waiting for an AM approval, or paid. Pure, so every state is tested without a page.
import * as v from 'valibot';
import {
  type Inquiry,
  type OrderedImage,
  orderedImageSchema,
  type PaidImage,
  paidImageSchema,
} from '../../../core/contract/order';

/** A thumbnail of an ordered image while the order waits (public sample derivative). */
export interface OrderedThumbnail {
  key: string;
  thumbnail: string;
  originalFileName: string;
}

/** How a waiting PromptPay/card order is paid on this page. */
export type PaymentPrompt =
  /** A PromptPay payload the page draws as a QR code (GBP and the sandbox gateway). */
  | { kind: 'qr-payload'; payload: string }
  /** A ready QR image address (OPN). */
  | { kind: 'qr-image'; url: string }
  /** A card order: the PAY NOW button. */
  | { kind: 'card' }
  /** A PromptPay order whose QR is missing: the buyer is told to contact support. */
  | { kind: 'none' };

export type OrderView =
  | {
      kind: 'waiting-payment';
      amount: string;
      prompt: PaymentPrompt;
      images: OrderedThumbnail[];
      email: string;
      mobile: string;
      /** The photos expired (SPEC §2: no images → "End of Sale"): nothing can be paid any more. */
      endOfSale: boolean;
      /** Paid through our own sandbox gateway (demo): its payment page and card form are offered. */
      sandbox: boolean;
      /** Why the newest payment attempt failed, if it did. */
      failure: string | undefined;
    }
  | {
      kind: 'waiting-approval';
      amount: string;
      mobile: string;
      previousOrderRef: string;
      images: OrderedThumbnail[];
    }
  | {
      kind: 'paid';
      free: boolean;
      /** Refunded: the downloads stopped. */
      refunded: boolean;
      originalsReady: boolean;
      logosReady: boolean;
      images: PaidImage[];
      /** The event's key, and whether its results are in: each photo then offers a finisher card. */
      eventKey: string;
      finisherCards: boolean;
    };

/** Parses one of the JSON text lists of the inquiry; anything malformed counts as no images. */
function parseList<T>(text: string | null, item: v.GenericSchema<unknown, T>): T[] {
  if (!text) return [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [];
  }
  const parsed = v.safeParse(v.array(item), json);
  return parsed.success ? parsed.output : [];
}

export const orderedImages = (inquiry: Pick<Inquiry, 'images_order'>): OrderedImage[] =>
  parseList(inquiry.images_order, orderedImageSchema);

export const paidImages = (inquiry: Pick<Inquiry, 'images_paid'>): PaidImage[] =>
  parseList(inquiry.images_paid, paidImageSchema);

/** OPN answers an image address; the other gateways a payload to draw. */
const isImageAddress = (text: string) => /^(https?:\/\/|\/|data:image\/)/.test(text);

function paymentPrompt(inquiry: Inquiry): PaymentPrompt {
  if (inquiry.payment_channel === 'CC') return { kind: 'card' };
  const qr = inquiry.qrcode_url.trim();
  if (qr === '') return { kind: 'none' };
  if (inquiry.payment_gateway === 'OPN' || isImageAddress(qr)) return { kind: 'qr-image', url: qr };
  return { kind: 'qr-payload', payload: qr };
}

export function orderView(
  inquiry: Inquiry,
  thumbnailUrl: (eventKey: string, fileName: string) => string,
): OrderView {
  const thumbnails = (): OrderedThumbnail[] =>
    orderedImages(inquiry).map((image, i) => ({
      key: `${i}-${image.thumbnail_file_name}`,
      thumbnail: thumbnailUrl(inquiry.event_key, image.thumbnail_file_name),
      originalFileName: image.original_file_name,
    }));

  if (inquiry.payment_status === 'PAID') {
    return {
      kind: 'paid',
      free: inquiry.payment_channel === 'FREE',
      refunded: inquiry.is_refunded === 'Y',
      originalsReady: inquiry.is_original_image_created === 'Y',
      logosReady: inquiry.is_logo_image_created === 'Y',
      images: paidImages(inquiry),
      eventKey: inquiry.event_key,
      finisherCards: inquiry.finisher_cards === 'Y',
    };
  }
  if (inquiry.payment_channel === 'AM') {
    return {
      kind: 'waiting-approval',
      amount: inquiry.amount,
      mobile: inquiry.mobile,
      previousOrderRef: inquiry.am_order_ref,
      images: thumbnails(),
    };
  }
  const images = thumbnails();
  const endOfSale = inquiry.is_expired === 'Y' || images.length === 0;
  return {
    kind: 'waiting-payment',
    amount: inquiry.amount,
    prompt: endOfSale ? { kind: 'none' } : paymentPrompt(inquiry),
    images,
    email: inquiry.email,
    mobile: inquiry.mobile,
    endOfSale,
    sandbox: inquiry.payment_gateway === 'SANDBOX',
    failure: inquiry.payment_failure,
  };
}

/** The logo versions can be downloaded once made, and never for FREE orders (SPEC §4 Download). */
export const canDownloadLogos = (view: Extract<OrderView, { kind: 'paid' }>): boolean =>
  !view.free && view.logosReady;

/** The thumbnails the order page shows for this view: what a kept order needs to reopen offline with its pictures. */
export const viewThumbnails = (view: OrderView): string[] =>
  view.kind === 'paid'
    ? view.images.map((image) => image.image_thumbnail)
    : view.images.map((i) => i.thumbnail);
