import { describe, expect, it } from 'vitest';
import {
  type CheckoutValues,
  checkoutFormFor,
  orderApiVersion,
  orderRequestOf,
  paymentMethodsFor,
  validateCheckout,
} from './checkout';
import { pricedEvent } from './test-event';
import { photo } from './test-items';

const values = (over: Partial<CheckoutValues> = {}): CheckoutValues => ({
  mobile: '0812345678',
  email: '',
  method: 'PP',
  amOrderRef: '',
  ...over,
});

describe('checkoutFormFor', () => {
  it('paid form when not free-download and something to pay', () => {
    expect(checkoutFormFor(pricedEvent(), '63.00')).toBe('paid');
  });
  it('free form for free-keep-contract with 0.00, none for other 0.00 carts', () => {
    expect(checkoutFormFor(pricedEvent({ is_free_download_keep_contract: 'Y' }), '0.00')).toBe('free');
    expect(checkoutFormFor(pricedEvent({ is_free_download_keep_contract: 'Y' }), '63.00')).toBe('paid');
    expect(checkoutFormFor(pricedEvent(), '0.00')).toBe('none');
  });
  it('free-download events get the free form', () => {
    expect(checkoutFormFor(pricedEvent({ is_free_download: 'Y' }), '0.00')).toBe('free');
  });
});

describe('paymentMethodsFor', () => {
  it('the standard cart offers QR with credit disabled, even on Opn', () => {
    expect(paymentMethodsFor('standard', 'OPN')).toEqual([
      { method: 'PP', enabled: true },
      { method: 'CC', enabled: false },
    ]);
  });
  it('wholesale and manual enable cards on Opn only; AM only in the manual cart', () => {
    expect(paymentMethodsFor('wholesale', 'OPN')).toContainEqual({ method: 'CC', enabled: true });
    expect(paymentMethodsFor('wholesale', 'GBP')).toContainEqual({ method: 'CC', enabled: false });
    expect(paymentMethodsFor('wholesale', undefined).map((m) => m.method)).toEqual(['PP', 'CC']);
    expect(paymentMethodsFor('manual', 'GBP').map((m) => m.method)).toEqual(['PP', 'CC', 'AM']);
  });
});

describe('validateCheckout', () => {
  it('accepts a complete paid form', () => {
    expect(validateCheckout('standard', 'paid', values())).toEqual({});
  });
  it('mobile is required and exactly 10 digits in the standard, wholesale and free forms', () => {
    expect(validateCheckout('standard', 'paid', values({ mobile: '' })).mobile).toBe('mobile-required');
    expect(validateCheckout('standard', 'paid', values({ mobile: '081234567' })).mobile).toBe(
      'mobile-invalid',
    );
    expect(validateCheckout('wholesale', 'paid', values({ mobile: '08123456789' })).mobile).toBe(
      'mobile-invalid',
    );
    expect(validateCheckout('manual', 'free', values({ mobile: '12345' })).mobile).toBe('mobile-invalid');
  });
  it('the manual paid form takes 5 to 15 digits', () => {
    expect(validateCheckout('manual', 'paid', values({ mobile: '1234' })).mobile).toBe('mobile-invalid');
    expect(validateCheckout('manual', 'paid', values({ mobile: '12345' }))).toEqual({});
    expect(validateCheckout('manual', 'paid', values({ mobile: '123456789012345' }))).toEqual({});
    expect(validateCheckout('manual', 'paid', values({ mobile: '1234567890123456' })).mobile).toBe(
      'mobile-invalid',
    );
  });
  it('e-mail is optional but must be valid', () => {
    expect(validateCheckout('standard', 'paid', values({ email: 'runner@example.com' }))).toEqual({});
    expect(validateCheckout('standard', 'paid', values({ email: 'runner@' })).email).toBe('email-invalid');
  });
  it('the paid form needs a method; the free form does not', () => {
    expect(validateCheckout('standard', 'paid', values({ method: '' })).method).toBe('method-required');
    expect(validateCheckout('standard', 'free', values({ method: '' }))).toEqual({});
  });
  it('AM needs a reference of 5 to 20 characters', () => {
    const am = (amOrderRef: string) =>
      validateCheckout('manual', 'paid', values({ method: 'AM', amOrderRef }));
    expect(am('').amOrderRef).toBe('am-ref-invalid');
    expect(am('1234').amOrderRef).toBe('am-ref-invalid');
    expect(am('12345')).toEqual({});
    expect(am('a'.repeat(20))).toEqual({});
    expect(am('a'.repeat(21)).amOrderRef).toBe('am-ref-invalid');
  });
});

describe('orderApiVersion', () => {
  it('v1 for PromptPay, v3 otherwise; the manual cart off Opn stays on v1', () => {
    expect(orderApiVersion('standard', 'PP', 'GBP')).toBe('v1');
    expect(orderApiVersion('wholesale', 'PP', 'OPN')).toBe('v1');
    expect(orderApiVersion('wholesale', 'CC', 'OPN')).toBe('v3');
    expect(orderApiVersion('standard', 'FREE', 'GBP')).toBe('v3');
    expect(orderApiVersion('manual', 'AM', 'GBP')).toBe('v1');
    expect(orderApiVersion('manual', 'AM', 'OPN')).toBe('v3');
    // The sandbox takes cards, but the manual cart's v1 rule names OPN only.
    expect(orderApiVersion('manual', 'CC', 'SANDBOX')).toBe('v1');
    expect(orderApiVersion('wholesale', 'CC', 'SANDBOX')).toBe('v3');
  });
});

describe('orderRequestOf', () => {
  const draft = {
    kind: 'standard' as const,
    eventKey: 'event-1',
    items: [photo(1), photo(2)],
    flag: 'NO' as const,
    finalPayment: '126.00',
    currency: 'THB',
    gateway: 'GBP',
    channel: 'PP' as const,
    values: values({ email: ' runner@example.com ' }),
  };
  it('builds the SPEC §3 order request', () => {
    expect(orderRequestOf(draft)).toEqual({
      mobile: '0812345678',
      email: 'runner@example.com',
      event_key: 'event-1',
      amount: '126.00',
      paid_amount: '126.00',
      imageList: [
        { id: 1, event_id: 1, thumbnail_file_name: 't1.jpg', original_file_name: 'o1.jpg' },
        { id: 2, event_id: 1, thumbnail_file_name: 't2.jpg', original_file_name: 'o2.jpg' },
      ],
      image_length: 2,
      is_mhao: 'N',
      payment_gateway: 'GBP',
      payment_channel: 'PP',
      order_team: '',
      coupon_code: '',
      am_order_ref: '',
      cart: 'standard',
    });
  });
  it('the manual cart adds payment_currency; AM carries its reference; YES sends is_mhao Y', () => {
    const request = orderRequestOf({
      ...draft,
      kind: 'manual',
      flag: 'YES',
      channel: 'AM',
      currency: 'USD',
      values: values({ method: 'AM', amOrderRef: ' ORDER-1 ' }),
    });
    expect(request).toMatchObject({ payment_currency: 'USD', am_order_ref: 'ORDER-1', is_mhao: 'Y' });
  });
});
