// Owns money: creating an order (SPEC §4 Order submission, §5, §9). The amount is recomputed with core/pricing.ts
// from the event's packages and a client amount that differs is refused; everything is written in one transaction.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { ErrorAnswer } from '../../core/contract/common';
import type { ValidOrderRequest } from '../../core/contract/order';
import { amountsEqual, isZeroAmount, priceCart } from '../../core/pricing';
import { saleState } from '../../core/sale';
import type { AppContext } from '../context';
import { findByKey, listsOf } from '../db/events-repo';
import {
  insertOrder,
  type NewPaymentRecord,
  orderIdByIdempotencyKey,
  orderPhotosByIds,
} from '../db/orders-repo';
import type { PaymentGateway } from './payments/gateway';

export type OrdersContext = Pick<AppContext, 'db' | 'store' | 'now' | 'appToken' | 'paymentGatewayName'>;

export type RefusalStatus = 400 | 401 | 404;
export interface Refused {
  ok: false;
  status: RefusalStatus;
  answer: ErrorAnswer;
}
export type Outcome<T> = { ok: true; value: T } | Refused;

export const refuse = (status: RefusalStatus, field: string, message: string): Refused => ({
  ok: false,
  status,
  answer: { status: 'error', message, field },
});

/** Compares the application token in constant time (digests have equal length whatever the input). */
export function tokenMatches(given: string, expected: string): boolean {
  if (expected === '') return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** SPEC §5: the message the cart shows for photos of more than one event. */
export const MIXED_EVENTS_MESSAGE = 'Pls choose image from only once event';
/** Used when ctx.paymentGatewayName is empty. */
export const DEFAULT_GATEWAY_NAME = 'GBP';

export interface CreateOrderOptions {
  apiVersion: 1 | 3;
  /** The Idempotency-Key header: the same key always answers the same order. */
  idempotencyKey?: string | undefined;
  gateway: PaymentGateway;
}

export async function createOrder(
  ctx: OrdersContext,
  request: ValidOrderRequest,
  options: CreateOrderOptions,
): Promise<Outcome<{ uuid: string }>> {
  const key = options.idempotencyKey;
  if (key !== undefined) {
    const existing = await orderIdByIdempotencyKey(ctx.db, key);
    if (existing) return { ok: true, value: { uuid: existing } };
  }

  const event = await findByKey(ctx.db, request.event_key);
  if (!event) return refuse(404, 'event_key', 'event not found');
  const now = ctx.now();
  const sale = saleState(
    {
      onSaleStart: new Date(event.on_sale_start),
      onSaleEnd: new Date(event.on_sale_end),
      eventDate: event.eventdate,
      retentionDays: event.retention_days,
    },
    now,
  );
  if (sale.can_sale === 'N') return refuse(400, 'event_key', 'the sale of this event has not opened yet');
  if (sale.close_sale === 'Y') return refuse(400, 'event_key', 'the sale of this event has ended');
  if (sale.day_diff === 0) return refuse(400, 'event_key', 'the photos of this event have expired');

  // Photos: each once, all known, all of this one event.
  const ids = request.imageList.map((item) => item.id);
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate !== undefined) return refuse(400, 'imageList', `photo ${duplicate} is listed more than once`);
  const claimedEvents = new Set(request.imageList.flatMap((item) => item.event_id ?? []));
  if (claimedEvents.size > 1) return refuse(400, 'imageList', MIXED_EVENTS_MESSAGE);
  const photos = await orderPhotosByIds(ctx.db, ids);
  const known = new Set(photos.map((p) => p.id));
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined) return refuse(400, 'imageList', `photo ${unknown} does not exist`);
  const photoEvents = new Set([...claimedEvents, ...photos.map((p) => p.event_id)]);
  if (photoEvents.size > 1) return refuse(400, 'imageList', MIXED_EVENTS_MESSAGE);
  if (!photoEvents.has(event.event_id)) {
    return refuse(400, 'imageList', `the photos are not of event ${event.event_key}`);
  }

  if (request.cart === 'wholesale' && !event.is_hybrid) {
    return refuse(400, 'cart', 'this event does not support bundles');
  }
  if (request.cart === 'manual' && !event.is_event_stage) {
    return refuse(400, 'cart', 'this event has no stage photos');
  }

  // Price: the wholesale cart uses the hybrid unlimited package, the others the standard one.
  const wholesale = request.cart === 'wholesale';
  const mhao = {
    price: String(wholesale ? event.hybrid_mhao_price : event.mhao_price),
    allowed: wholesale ? event.is_mhao_hybrid : event.is_mhao,
    chosen: request.is_mhao === 'Y',
  };
  if (mhao.chosen && !mhao.allowed) return refuse(400, 'is_mhao', 'this event has no unlimited package');
  const { packages } = await listsOf(ctx.db, event.event_id);
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
    return refuse(400, 'payment_channel', 'FREE is only for free events with nothing to pay');
  }
  if (channel === 'AM' && !event.is_event_stage) {
    return refuse(400, 'payment_channel', 'AM is only for stage events');
  }
  if (!amountsEqual(request.amount, final)) return refuse(400, 'amount', `amount must be ${final}`);
  if (channel !== 'FREE' && zero) {
    return refuse(
      400,
      'payment_channel',
      freeEvent ? 'nothing to pay: choose FREE' : 'an order of 0.00 is only possible on free events',
    );
  }

  const orderId = randomUUID();
  const gatewayName = ctx.paymentGatewayName || DEFAULT_GATEWAY_NAME;
  const opened =
    channel === 'PP' || channel === 'CC'
      ? await options.gateway.createPayment({ order_id: orderId, amount: final, channel })
      : undefined;
  // FREE is complete at once; PP and CC wait for the gateway; AM waits for an administrator (no record yet).
  const payment: NewPaymentRecord | undefined =
    channel === 'FREE'
      ? { status: 'PAID', amount: '0.00', gateway_ref: '', note: 'free order' }
      : opened
        ? { status: 'PENDING', amount: final, gateway_ref: opened.gateway_ref, note: '' }
        : undefined;
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
      created_at: now,
      paid_at: channel === 'FREE' ? now : null,
    },
    ids,
    payment,
  );
  if (inserted) return { ok: true, value: { uuid: orderId } };
  // A concurrent request with the same key won the insert: answer its order.
  const winner = key === undefined ? undefined : await orderIdByIdempotencyKey(ctx.db, key);
  if (!winner) throw new Error('order insert conflicted without an idempotency key holder');
  return { ok: true, value: { uuid: winner } };
}
