// The order calls of SPEC §7: create (v1 and v3 share one request), inquiry (v1/v2/v3), find-order.
import * as v from 'valibot';
import { INQUIRY_MAX_WAIT_S, PAYMENT_CHANNELS, PAYMENT_STATUSES } from '../constants';
import {
  digitsOnly,
  isValidAmOrderRef,
  isValidEmail,
  isValidFindOrderQuery,
  isValidMobile,
  normalizeAmOrderRef,
} from '../rules';
import { decimalStringSchema, eventKeySchema, idSchema, successAnswerSchema, ynSchema } from './common';

export const orderBasePaths = { v1: '/v1/order', v2: '/v2/order', v3: '/v3/order' } as const;

const amountSchema = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform(String),
  v.regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be an amount like 250.00'),
);

/** A cart item as the client keeps it; the server reads only the ids and looks the rest up. */
export const orderImageSchema = v.object({
  id: idSchema,
  event_id: v.optional(v.number()),
  thumbnail_file_name: v.optional(v.string()),
  original_file_name: v.optional(v.string()),
});

/** E-mail is optional; when given it must be valid (SPEC §5). */
const optionalEmailSchema = v.optional(
  v.pipe(
    v.string(),
    v.transform((s) => s.trim()),
    v.check(isValidEmail, 'is not a valid e-mail'),
  ),
  '',
);

export const orderRequestSchema = v.pipe(
  v.object({
    mobile: v.pipe(v.string(), v.transform(digitsOnly), v.minLength(1, 'is required')),
    email: optionalEmailSchema,
    event_key: eventKeySchema,
    amount: amountSchema,
    paid_amount: v.optional(amountSchema),
    imageList: v.pipe(
      v.array(orderImageSchema),
      v.minLength(1, 'is empty'),
      v.maxLength(2000, 'has too many photos'),
    ),
    image_length: v.optional(v.number()),
    is_mhao: v.optional(ynSchema, 'N'),
    payment_gateway: v.optional(v.pipe(v.string(), v.maxLength(10)), ''),
    payment_channel: v.picklist(PAYMENT_CHANNELS, 'must be PP, CC, AM or FREE'),
    order_team: v.optional(v.pipe(v.string(), v.maxLength(40)), ''),
    coupon_code: v.optional(v.pipe(v.string(), v.maxLength(40)), ''),
    am_order_ref: v.optional(v.pipe(v.string(), v.maxLength(2000), v.transform(normalizeAmOrderRef)), ''),
    payment_currency: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, 'must be a currency code')), 'THB'),
    /** Which mobile rule applies: the manual (stage) cart takes 5-15 characters, the others exactly 10. */
    cart: v.optional(v.picklist(['standard', 'wholesale', 'manual']), 'standard'),
  }),
  v.forward(
    v.check(
      (o) => isValidMobile(o.mobile, o.cart === 'manual' ? 'manual' : 'standard'),
      'is not a valid number',
    ),
    ['mobile'],
  ),
  v.forward(
    v.check(
      (o) => o.payment_channel !== 'AM' || isValidAmOrderRef(o.am_order_ref),
      'must be 5 to 20 characters',
    ),
    ['am_order_ref'],
  ),
  v.forward(
    v.check(
      (o) => o.image_length === undefined || o.image_length === o.imageList.length,
      'does not match imageList',
    ),
    ['image_length'],
  ),
);
export type OrderRequest = v.InferInput<typeof orderRequestSchema>;
export type ValidOrderRequest = v.InferOutput<typeof orderRequestSchema>;

export const orderCreateAnswerSchema = v.object({
  status: v.literal('success'),
  uuid: v.pipe(v.string(), v.uuid()),
});

/** POST /v{1,2,3}/order/inquiry */
export const inquiryRequestSchema = v.object({
  tk: v.pipe(v.string(), v.minLength(1, 'is required')),
  order_uuid: v.pipe(v.string(), v.uuid('is not an order id')),
  /**
   * Our addition (the order page's long poll): answer as soon as the order's state differs from `known` (the
   * state_token of the last answer), or after this many seconds at most.
   */
  wait: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(INQUIRY_MAX_WAIT_S))),
  known: v.optional(v.pipe(v.string(), v.maxLength(100))),
});

export const orderedImageSchema = v.object({
  thumbnail_file_name: v.string(),
  original_file_name: v.string(),
});
export const paidImageSchema = v.object({
  id: v.number(),
  image: v.string(),
  image_logo: v.string(),
  image_thumbnail: v.string(),
  original_file_name: v.string(),
  photographer_id: v.number(),
});
export type OrderedImage = v.InferOutput<typeof orderedImageSchema>;
export type PaidImage = v.InferOutput<typeof paidImageSchema>;

export const inquirySchema = v.object({
  payment_status: v.picklist(PAYMENT_STATUSES),
  mobile: v.string(),
  email: v.string(),
  amount: decimalStringSchema,
  is_original_image_created: ynSchema,
  is_logo_image_created: ynSchema,
  is_send_sms: ynSchema,
  is_send_email: ynSchema,
  event_key: v.string(),
  payment_gateway: v.string(),
  payment_channel: v.picklist(PAYMENT_CHANNELS),
  qrcode_url: v.string(),
  am_order_ref: v.string(),
  /** JSON text of OrderedImage[] (SPEC §3). */
  images_order: v.string(),
  /** JSON text of PaidImage[] once PAID, else null; image addresses are signed and expire. */
  images_paid: v.nullable(v.string()),
  /** Older versions: JSON text holding { qrcode }. */
  api_response: v.optional(v.string()),
  /** Our addition: Y when the order was refunded (its downloads stopped). */
  is_refunded: v.optional(ynSchema),
  /** Our addition: why the newest payment attempt failed, while the order still waits for payment. */
  payment_failure: v.optional(v.string()),
  /** Our addition: Y when the photos of the order's event are past their retention period. */
  is_expired: v.optional(ynSchema),
  /** Our addition: what the page has seen of the order's state, to wait for a change (see `wait`). */
  state_token: v.optional(v.string()),
  /** Our addition: Y when each photo of this paid order offers a finisher card (the event's results are in). */
  finisher_cards: v.optional(ynSchema),
});
export type Inquiry = v.InferOutput<typeof inquirySchema>;
export const inquiryAnswerSchema = v.object({ status: v.literal('success'), ...inquirySchema.entries });

/** POST /v1/order/find-order */
export const findOrderRequestSchema = v.pipe(
  v.object({
    tk: v.pipe(v.string(), v.minLength(1, 'is required')),
    filter_type: v.picklist(['mobile', 'payment_ref'], 'must be mobile or payment_ref'),
    txt_search: v.pipe(
      v.string(),
      v.transform((s) => s.trim()),
    ),
    /**
     * Our addition: with filter_type payment_ref, the order's mobile number too. A slip's last 4
     * characters alone are few enough to try them all, and a hit would give the order.
     */
    mobile: v.optional(
      v.pipe(
        v.string(),
        v.transform((s) => s.trim()),
      ),
    ),
  }),
  v.forward(
    v.check(
      (o) => isValidFindOrderQuery(o.filter_type, o.txt_search),
      'must be a 10-15 digit mobile or 4 characters',
    ),
    ['txt_search'],
  ),
  v.forward(
    v.check(
      (o) => o.filter_type !== 'payment_ref' || isValidFindOrderQuery('mobile', o.mobile ?? ''),
      "the order's 10-15 digit mobile number is required with a slip",
    ),
    ['mobile'],
  ),
);
export const foundOrderSchema = v.object({
  create_date: v.string(),
  order_id: v.string(),
  title: v.string(),
  status: v.picklist(PAYMENT_STATUSES),
});
export type FoundOrder = v.InferOutput<typeof foundOrderSchema>;
export const findOrderAnswerSchema = successAnswerSchema(v.array(foundOrderSchema));

/** POST /v3/order/opn-cc-payment: pay an INITIAL card (CC) order with a token from the card provider's script. */
export const cardPaymentRequestSchema = v.object({
  /** The single-use card token (tokn_...). */
  token_key: v.pipe(v.string(), v.regex(/^tokn_[A-Za-z0-9_]{1,100}$/, 'is not a card token')),
  uuid: v.pipe(v.string(), v.uuid('is not an order id')),
  /**
   * Taken and not used: the charge carries the order's own contact. The order page knows it only masked
   * (order-inquiry.ts), and a caller could send anything here.
   */
  email: v.optional(v.pipe(v.string(), v.maxLength(254, 'is too long')), ''),
  mobile: v.optional(v.pipe(v.string(), v.maxLength(30, 'is too long')), ''),
  /** The order amount without the decimal point: satang digits ("63.00" → "6300"). */
  paid_amount: v.pipe(
    v.union([v.string(), v.number()]),
    v.transform(String),
    v.regex(/^\d{1,12}$/, 'must be the amount without the decimal point'),
  ),
  /** The application token of SPEC §3. */
  sk: v.pipe(v.string(), v.minLength(1, 'is required')),
});
export type CardPaymentRequest = v.InferInput<typeof cardPaymentRequestSchema>;
export type ValidCardPaymentRequest = v.InferOutput<typeof cardPaymentRequestSchema>;

/** A null authorize_uri makes the client alert the buyer to contact the administrator (SPEC §8). */
export const cardPaymentAnswerSchema = v.object({
  status: v.literal('success'),
  data: v.object({ authorize_uri: v.nullable(v.string()) }),
});
export type CardPaymentAnswer = v.InferOutput<typeof cardPaymentAnswerSchema>;
