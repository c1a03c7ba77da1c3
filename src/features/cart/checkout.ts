// The checkout rules of SPEC §4 (Checkout forms, Order submission) and §5 as pure functions: which form shows,
// which payment methods are offered, what is missing in the form, which create call is used, and the request.
import type { OrderRequest } from '../../../core/contract/order';
import { isZeroAmount } from '../../../core/pricing';
import { isValidAmOrderRef, isValidEmail, isValidMobile, normalizeAmOrderRef } from '../../../core/rules';
import type { PricedEvent } from './cart-pricing';
import type { CartItem, CartKind, MhaoFlag } from './cart-types';

export type CheckoutForm = 'paid' | 'free' | 'none';

/**
 * Paid form: the event is not free-download and there is something to pay. Free form (create only, with cancel):
 * a free-keep-contract event with a final payment of 0.00, or a free-download event. Otherwise no form.
 */
export function checkoutFormFor(event: PricedEvent, finalPayment: string): CheckoutForm {
  const zero = isZeroAmount(finalPayment);
  if (event.is_free_download === 'Y') return 'free';
  if (!zero) return 'paid';
  return event.is_free_download_keep_contract === 'Y' ? 'free' : 'none';
}

export type PaymentMethod = 'PP' | 'CC' | 'AM';

export interface OfferedMethod {
  method: PaymentMethod;
  enabled: boolean;
}

/** Card payments need a card gateway: Opn, or the sandbox's own card form. */
export const gatewayTakesCards = (gateway: string | undefined): boolean =>
  gateway?.toUpperCase() === 'OPN' || gateway?.toUpperCase() === 'SANDBOX';

/**
 * PromptPay QR always; credit card shown in every cart but enabled only in the wholesale and manual carts on a card
 * gateway (the standard cart offers QR with credit disabled); AM (extra photos after a bundle) in the manual cart.
 */
export function paymentMethodsFor(kind: CartKind, gateway: string | undefined): OfferedMethod[] {
  const methods: OfferedMethod[] = [
    { method: 'PP', enabled: true },
    { method: 'CC', enabled: kind !== 'standard' && gatewayTakesCards(gateway) },
  ];
  if (kind === 'manual') methods.push({ method: 'AM', enabled: true });
  return methods;
}

export interface CheckoutValues {
  mobile: string;
  email: string;
  method: PaymentMethod | '';
  amOrderRef: string;
}

export type CheckoutError =
  | 'mobile-required'
  | 'mobile-invalid'
  | 'email-invalid'
  | 'method-required'
  | 'am-ref-invalid';

export type CheckoutErrors = Partial<Record<keyof CheckoutValues, CheckoutError>>;

/** The form's problems, field by field (empty when it may be sent). The free form has no method. */
export function validateCheckout(kind: CartKind, form: CheckoutForm, values: CheckoutValues): CheckoutErrors {
  const errors: CheckoutErrors = {};
  const manual = kind === 'manual' && form === 'paid';
  if (values.mobile === '') errors.mobile = 'mobile-required';
  else if (!isValidMobile(values.mobile, manual ? 'manual' : 'standard')) errors.mobile = 'mobile-invalid';
  if (!isValidEmail(values.email.trim())) errors.email = 'email-invalid';
  if (form === 'paid') {
    if (values.method === '') errors.method = 'method-required';
    else if (values.method === 'AM' && !isValidAmOrderRef(values.amOrderRef))
      errors.amOrderRef = 'am-ref-invalid';
  }
  return errors;
}

/** v1 for PromptPay (and the manual cart off the Opn gateway), v3 for everything else (SPEC §7). */
export function orderApiVersion(
  kind: CartKind,
  channel: PaymentMethod | 'FREE',
  gateway: string,
): 'v1' | 'v3' {
  if (channel === 'PP') return 'v1';
  // SPEC §7: the manual cart uses v1 unless the gateway is OPN (whatever else takes cards).
  if (kind === 'manual' && gateway.toUpperCase() !== 'OPN') return 'v1';
  return 'v3';
}

export interface OrderDraft {
  kind: CartKind;
  eventKey: string;
  items: readonly CartItem[];
  flag: MhaoFlag;
  finalPayment: string;
  currency: string;
  gateway: string;
  channel: PaymentMethod | 'FREE';
  values: CheckoutValues;
}

/** The order request of SPEC §3 (the manual cart adds payment_currency). */
export function orderRequestOf(draft: OrderDraft): OrderRequest {
  const request: OrderRequest = {
    mobile: draft.values.mobile,
    email: draft.values.email.trim(),
    event_key: draft.eventKey,
    amount: draft.finalPayment,
    paid_amount: draft.finalPayment,
    imageList: draft.items.map((item) => ({
      id: item.id,
      event_id: item.event_id,
      thumbnail_file_name: item.thumbnail_file_name,
      original_file_name: item.original_file_name,
    })),
    image_length: draft.items.length,
    is_mhao: draft.flag === 'YES' ? 'Y' : 'N',
    payment_gateway: draft.gateway,
    payment_channel: draft.channel,
    order_team: '',
    coupon_code: '',
    am_order_ref: draft.channel === 'AM' ? normalizeAmOrderRef(draft.values.amOrderRef) : '',
    cart: draft.kind,
  };
  if (draft.kind === 'manual') request.payment_currency = draft.currency;
  return request;
}
