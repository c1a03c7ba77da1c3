// Owns money: creating an order (SPEC §4 Order submission, §5, §9). The amount is recomputed with core/pricing.ts
// from the event's packages and a client amount that differs is refused; everything is written in one transaction.

import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { ValidOrderRequest } from '../../core/contract/order';
import { amountsEqual, isZeroAmount, priceCart } from '../../core/pricing';
import { saleState } from '../../core/sale';
import type { AppContext } from '../context';
import { findByKey, packagesOf } from '../db/events-repo';
import {
  insertOrder,
  type NewPaymentRecord,
  orderByIdempotencyKey,
  orderPhotosByIds,
} from '../db/orders-repo';
import { log } from '../ops/log';
import { ordersCreated } from '../ops/metrics';
import { eventNotFound, saleRefusal } from './events';
import { accept, type Outcome, refuse } from './outcome';
import { GatewayUnavailable } from './payments/gateway';
import { queueDelivery } from './payments/settle';

export type OrdersContext = Pick<AppContext, 'db' | 'store' | 'now' | 'appToken' | 'payments'>;

/** The sale dates of an order's event (findOrderWithEvent's row). */
export interface OrderSaleDates {
  on_sale_start: Date | string;
  on_sale_end: Date | string;
  eventdate: string;
  retention_days: number;
}

/** Whether an order's photos have expired (its event is past its retention): nothing can be paid or shown then. */
export function orderPhotosExpired(order: OrderSaleDates, now: Date): boolean {
  const { day_diff } = saleState(
    {
      onSaleStart: new Date(order.on_sale_start),
      onSaleEnd: new Date(order.on_sale_end),
      eventDate: order.eventdate,
      retentionDays: order.retention_days,
    },
    now,
  );
  return day_diff === 0;
}

/** Compares the application token in constant time (digests have equal length whatever the input). */
export function tokenMatches(given: string, expected: string): boolean {
  if (expected === '') return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The refusal of a wrong application token, naming the field that carried it. */
export const wrongToken = (field: string) => refuse(401, 'the application token is wrong', { field });

/** The photos of the event are past their retention period (SPEC §1: kept about 35 days after the event). */

/** SPEC §5: the message the cart shows for photos of more than one event. */
export const MIXED_EVENTS_MESSAGE = 'Pls choose image from only once event';

export interface CreateOrderOptions {
  apiVersion: 1 | 3;
  /** The Idempotency-Key header: the same key always answers the same order. */
  idempotencyKey?: string | undefined;
  /** The store's public address: the gateway returns the buyer and posts its callback there. */
  baseUrl: string;
  /**
   * Whether an order that pays nothing may send its notices (SMS, e-mail) for this client: they cost the shop and
   * reach whatever number or address the caller typed. Without it: yes.
   */
  mayNotifyFree?: () => Promise<boolean>;
}

export async function createOrder(
  ctx: OrdersContext,
  request: ValidOrderRequest,
  options: CreateOrderOptions,
): Promise<Outcome<{ uuid: string }>> {
  const key = options.idempotencyKey;
  const fingerprint = key === undefined ? null : requestFingerprint(request, options.apiVersion);
  if (key !== undefined) {
    const existing = await answerForKey(ctx, key, fingerprint);
    if (existing) return existing;
  }

  const event = await findByKey(ctx.db, request.event_key);
  if (!event) return eventNotFound();
  const now = ctx.now();
  const closed = saleRefusal(event, now);
  if (closed) return closed;

  // Photos: each once, all known, all of this one event.
  const ids = request.imageList.map((item) => item.id);
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate !== undefined)
    return refuse(400, `photo ${duplicate} is listed more than once`, { field: 'imageList' });
  const claimedEvents = new Set(request.imageList.flatMap((item) => item.event_id ?? []));
  if (claimedEvents.size > 1) return refuse(400, MIXED_EVENTS_MESSAGE, { field: 'imageList' });
  const photos = await orderPhotosByIds(ctx.db, ids);
  const known = new Set(photos.map((p) => p.id));
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined) return refuse(400, `photo ${unknown} does not exist`, { field: 'imageList' });
  const photoEvents = new Set([...claimedEvents, ...photos.map((p) => p.event_id)]);
  if (photoEvents.size > 1) return refuse(400, MIXED_EVENTS_MESSAGE, { field: 'imageList' });
  if (!photoEvents.has(event.event_id)) {
    return refuse(400, `the photos are not of event ${event.event_key}`, { field: 'imageList' });
  }

  if (request.cart === 'wholesale' && !event.is_hybrid) {
    return refuse(400, 'this event does not support bundles', { field: 'cart' });
  }
  if (request.cart === 'manual' && !event.is_event_stage) {
    return refuse(400, 'this event has no stage photos', { field: 'cart' });
  }

  // Price: the wholesale cart uses the hybrid unlimited package, the others the standard one.
  const wholesale = request.cart === 'wholesale';
  const mhao = {
    price: String(wholesale ? event.hybrid_mhao_price : event.mhao_price),
    allowed: wholesale ? event.is_mhao_hybrid : event.is_mhao,
    chosen: request.is_mhao === 'Y',
  };
  if (mhao.chosen && !mhao.allowed)
    return refuse(400, 'this event has no unlimited package', { field: 'is_mhao' });
  const packages = await packagesOf(ctx.db, event.event_id);
  const summary = priceCart({
    photoCount: ids.length,
    packages: packages.map((p) => ({ number_of_photo: p.number_of_photo, price: String(p.price) })),
    mhao,
    freeDownload: event.is_free_download,
  });
  const final = summary.cart_final_payment;
  const zero = isZeroAmount(final);

  const channel = request.payment_channel;
  const freeEvent = event.is_free_download || event.is_free_download_keep_contract;
  if (channel === 'FREE' && !(event.is_free_download || (event.is_free_download_keep_contract && zero))) {
    return refuse(400, 'FREE is only for free events with nothing to pay', { field: 'payment_channel' });
  }
  if (channel === 'AM' && !event.is_event_stage) {
    return refuse(400, 'AM is only for stage events', { field: 'payment_channel' });
  }
  if (!amountsEqual(request.amount, final))
    return refuse(400, `amount must be ${final}`, { field: 'amount' });
  if (channel !== 'FREE' && zero) {
    return refuse(
      400,
      freeEvent ? 'nothing to pay: choose FREE' : 'an order of 0.00 is only possible on free events',
      { field: 'payment_channel' },
    );
  }

  const orderId = randomUUID();
  const gatewayName = ctx.payments.name;
  // Only PromptPay opens a payment now; a card order opens its charge when the buyer presses PAY NOW.
  let opened: { qrcode_url: string; gateway_ref: string } | undefined;
  if (channel === 'PP') {
    const base = options.baseUrl.replace(/\/+$/, '');
    try {
      opened = await ctx.payments.createPayment({
        order_id: orderId,
        amount: final,
        channel,
        returnUri: `${base}/download/${orderId}?return=1`,
        callbackUri: `${base}/api/payments/${gatewayName.toLowerCase()}/callback`,
      });
    } catch (error) {
      if (!(error instanceof GatewayUnavailable)) throw error;
      log.error(`order: ${gatewayName} could not open a payment`, { err: error });
      return refuse(502, 'the payment gateway is not available, please try again', { code: error.code });
    }
  }
  // FREE is complete at once; PP waits for the gateway; CC for its card charge; AM for an administrator.
  const payment: NewPaymentRecord | undefined =
    channel === 'FREE'
      ? { status: 'PAID', amount: '0.00', gateway_ref: '', note: 'free order' }
      : opened
        ? { status: 'PENDING', amount: final, gateway_ref: opened.gateway_ref, note: '' }
        : undefined;
  // An order that pays nothing is complete at once and its page shows the downloads: its notices go only within
  // the client's allowance (the order itself is made either way).
  const notifyFree = channel === 'FREE' ? ((await options.mayNotifyFree?.()) ?? true) : false;
  const inserted = await insertOrder(
    ctx.db,
    {
      order_id: orderId,
      event_id: event.event_id,
      mobile: request.mobile,
      email: request.email,
      amount: final,
      payment_currency: event.payment_currency,
      payment_gateway: gatewayName,
      payment_channel: channel,
      qrcode_url: opened?.qrcode_url ?? '',
      is_mhao: mhao.chosen,
      order_team: request.order_team,
      coupon_code: request.coupon_code,
      am_order_ref: channel === 'AM' ? request.am_order_ref : '',
      api_version: options.apiVersion,
      idempotency_key: key ?? null,
      idempotency_request: fingerprint,
      created_at: now,
      paid_at: channel === 'FREE' ? now : null,
    },
    ids,
    payment,
    // The FREE order's download link is sent like a paid one's, written with the order.
    channel === 'FREE' ? (trx) => queueDelivery(trx, orderId, 'FREE', { notify: notifyFree }) : undefined,
  );
  if (inserted) {
    ordersCreated.inc({ channel });
    return accept({ uuid: orderId });
  }
  // A concurrent request with the same key won the insert: answer its order (if it was the same request).
  const winner = key === undefined ? undefined : await answerForKey(ctx, key, fingerprint);
  if (!winner) throw new Error('order insert conflicted without an idempotency key holder');
  return winner;
}

/** What identifies a request for its Idempotency-Key: the SHA-256 of the validated request and the call's version. */
export function requestFingerprint(request: ValidOrderRequest, apiVersion: number): string {
  return createHash('sha256').update(JSON.stringify({ apiVersion, request })).digest('hex');
}

/**
 * The answer to a key already used: the same order for the same request; for another request (another buyer,
 * event or photos) a 422, never the first buyer's order.
 */
async function answerForKey(
  ctx: OrdersContext,
  key: string,
  fingerprint: string | null,
): Promise<Outcome<{ uuid: string }> | undefined> {
  const existing = await orderByIdempotencyKey(ctx.db, key);
  if (!existing) return undefined;
  if (existing.idempotency_request !== fingerprint) {
    return refuse(422, 'this Idempotency-Key was used for another request', {
      field: 'Idempotency-Key',
      code: 'idempotency-key-reused',
    });
  }
  return accept({ uuid: existing.order_id });
}
