// Order inquiry and find-order (SPEC §3, §7). Originals and logo images are private: their addresses are signed,
// expire, and are only given once the order is PAID.

import { yn } from '../../core/contract/common';
import type { FoundOrder, Inquiry, OrderedImage, PaidImage } from '../../core/contract/order';
import { photoObjectKeys } from '../../core/contract/photos';
import { formatAmount, parseAmount } from '../../core/pricing';
import { findOrders, findOrderWithEvent, orderItemPhotos, orderStateToken } from '../db/orders-repo';
import { latestPaymentFailure } from '../db/payments-repo';
import { hasResults } from '../db/results-repo';
import { type OrdersContext, orderPhotosExpired, tokenMatches, wrongToken } from './orders';
import { accept, type Outcome, refuse } from './outcome';

/** How long the signed original and logo addresses stay valid (seconds). */
export const PAID_IMAGE_URL_SECONDS = 3600;

const decimal = (value: string | number) => formatAmount(parseAmount(String(value)) ?? 0);

export async function inquireOrder(
  ctx: OrdersContext,
  request: { tk: string; order_uuid: string },
  options: { withApiResponse: boolean },
): Promise<Outcome<Inquiry>> {
  if (!tokenMatches(request.tk, ctx.appToken)) return wrongToken('tk');
  const order = await findOrderWithEvent(ctx.db, request.order_uuid);
  if (!order) return refuse(404, 'order not found', { field: 'order_uuid' });

  const expired = orderPhotosExpired(order, ctx.now());
  const paid = order.payment_status === 'PAID';
  const refunded = order.refunded_at !== null;
  const photos = expired ? [] : await orderItemPhotos(ctx.db, order.order_id);
  const failure = paid ? undefined : await latestPaymentFailure(ctx.db, order.order_id);
  const token = await orderStateToken(ctx.db, order.order_id);

  const ordered: OrderedImage[] = photos.map((p) => ({
    thumbnail_file_name: p.file_name,
    original_file_name: p.original_file_name,
  }));
  let paidImages: PaidImage[] | null = null;
  if (paid && refunded) paidImages = [];
  else if (paid) {
    paidImages = await Promise.all(
      photos.map(async (p) => {
        const keys = photoObjectKeys(order.event_key, p.file_name);
        return {
          id: p.id,
          image: await ctx.store.signedGetUrl(keys.original, PAID_IMAGE_URL_SECONDS),
          image_logo: await ctx.store.signedGetUrl(keys.logo, PAID_IMAGE_URL_SECONDS),
          image_thumbnail: ctx.store.publicUrl(keys.thumbnail),
          original_file_name: p.original_file_name,
          photographer_id: p.photographer_id,
        };
      }),
    );
  }

  // Anyone holding the order's address reads this answer: the contact is masked (its owner knows it), except the
  // mobile of an AM order waiting for approval, whose page hands the admin a lookup link by that number.
  const awaitingApproval = order.payment_channel === 'AM' && !paid;
  return accept({
    payment_status: order.payment_status,
    mobile: awaitingApproval ? order.mobile : maskMobile(order.mobile),
    email: maskEmail(order.email),
    amount: decimal(order.amount),
    is_original_image_created: yn(order.is_original_image_created),
    is_logo_image_created: yn(order.is_logo_image_created),
    is_send_sms: yn(order.is_send_sms),
    is_send_email: yn(order.is_send_email),
    event_key: order.event_key,
    payment_gateway: order.payment_gateway,
    payment_channel: order.payment_channel,
    // Expired photos cannot be bought: no QR to pay with.
    qrcode_url: expired && !paid ? '' : order.qrcode_url,
    am_order_ref: order.am_order_ref,
    images_order: JSON.stringify(ordered),
    images_paid: paidImages ? JSON.stringify(paidImages) : null,
    ...(options.withApiResponse
      ? { api_response: JSON.stringify({ qrcode: expired && !paid ? '' : order.qrcode_url }) }
      : {}),
    is_refunded: yn(refunded),
    ...(token ? { state_token: token } : {}),
    is_expired: yn(expired),
    ...(paid && !refunded && !expired && (await hasResults(ctx.db, order.event_id))
      ? { finisher_cards: 'Y' as const }
      : {}),
    ...(failure ? { payment_failure: failure } : {}),
  });
}

export async function findOrdersFor(
  ctx: Pick<OrdersContext, 'db' | 'appToken'>,
  request: {
    tk: string;
    filter_type: 'mobile' | 'payment_ref';
    txt_search: string;
    mobile?: string | undefined;
  },
): Promise<Outcome<FoundOrder[]>> {
  if (!tokenMatches(request.tk, ctx.appToken)) return wrongToken('tk');
  const rows = await findOrders(
    ctx.db,
    request.filter_type === 'mobile'
      ? { mobile: request.txt_search }
      : { mobile: request.mobile ?? '', paymentRefSuffix: request.txt_search },
  );
  return accept(
    rows.map((r) => ({
      create_date: r.created_at.toISOString(),
      order_id: r.order_id,
      title: r.title,
      status: r.payment_status,
    })),
  );
}

/** A mobile number as the order page shows it to whoever holds the link: its first 3 and last 3 digits. */
export function maskMobile(mobile: string): string {
  if (mobile.length <= 6) return '*'.repeat(mobile.length);
  return `${mobile.slice(0, 3)}${'*'.repeat(mobile.length - 6)}${mobile.slice(-3)}`;
}

/** An e-mail address as the order page shows it: the first character of the name and the whole domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email === '' ? '' : '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** Whether the order is as a page last saw it (its state token): the page's long poll is then held. */
export async function orderUnchanged(
  ctx: Pick<OrdersContext, 'db'>,
  orderId: string,
  known: string,
): Promise<boolean> {
  return (await orderStateToken(ctx.db, orderId)) === known;
}
