import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { MANUAL_MOBILE_MAX, MOBILE_LENGTH } from '../../../core/constants';
import { digitsOnly } from '../../../core/rules';
import { useBusyWhile } from '../../lib/busy';
import type { CartKind } from './cart-types';
import {
  type CheckoutError,
  type CheckoutErrors,
  type CheckoutValues,
  type OfferedMethod,
  type PaymentMethod,
  validateCheckout,
} from './checkout';

interface CheckoutFormProps {
  kind: CartKind;
  /** paid: mobile, e-mail, payment method. free: mobile and e-mail, create and cancel. */
  form: 'paid' | 'free';
  methods: readonly OfferedMethod[];
  submitting: boolean;
  onSubmit: (values: CheckoutValues) => void;
  /** The free form's cancel. */
  onCancel?: () => void;
}

const EMPTY: CheckoutValues = { mobile: '', email: '', method: '', amOrderRef: '' };

export function CheckoutForm({ kind, form, methods, submitting, onSubmit, onCancel }: CheckoutFormProps) {
  const { t } = useLingui();
  const id = useId();
  const [values, setValues] = useState<CheckoutValues>(EMPTY);
  const [tried, setTried] = useState(false);
  // Once the buyer has typed anything, or while the order is sent, a reload into a new version would lose it.
  useBusyWhile('checkout', submitting || Object.values(values).some((value) => value !== ''));
  const errors: CheckoutErrors = tried ? validateCheckout(kind, form, values) : {};
  const manual = kind === 'manual' && form === 'paid';

  const message = (error: CheckoutError): string => {
    switch (error) {
      case 'mobile-required':
        return manual ? t`กรุณากรอกเบอร์มือถือหรือเลขอ้างอิง` : t`กรุณากรอกเบอร์มือถือ`;
      case 'mobile-invalid':
        return manual ? t`เบอร์มือถือหรือเลขอ้างอิงต้องเป็นตัวเลข 5 ถึง 15 หลัก` : t`เบอร์มือถือต้องเป็นตัวเลข 10 หลัก`;
      case 'email-invalid':
        return t`รูปแบบอีเมลไม่ถูกต้อง`;
      case 'method-required':
        return t`กรุณาเลือกวิธีชำระเงิน`;
      case 'am-ref-invalid':
        return t`กรุณากรอกเลขที่คำสั่งซื้อเดิม (หรือวางลิงก์คำสั่งซื้อ) หรือเบอร์มือถือ 5 ถึง 20 ตัวอักษร`;
    }
  };
  const methodLabel = (method: PaymentMethod): string => {
    switch (method) {
      case 'PP':
        return t`พร้อมเพย์ (สแกน QR)`;
      case 'CC':
        return t`บัตรเครดิต/เดบิต (3D Secure)`;
      case 'AM':
        return t`รูปเพิ่มเติมหลังซื้อเหมา (แอดมินอนุมัติ ไม่มีค่าใช้จ่ายเพิ่ม)`;
    }
  };

  const set = (field: keyof CheckoutValues, value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (submitting) return;
    const problems = validateCheckout(kind, form, values);
    const first = Object.keys(problems)[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    onSubmit(values);
  };

  const describedBy = (field: keyof CheckoutValues) => (errors[field] ? `${id}-${field}-error` : undefined);
  const errorText = (field: keyof CheckoutValues) => {
    const error = errors[field];
    return error ? (
      <p id={`${id}-${field}-error`} className="field-error">
        {message(error)}
      </p>
    ) : null;
  };

  return (
    <form className="checkout-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {form === 'free' ? <Trans>รับภาพโดยไม่มีค่าใช้จ่าย</Trans> : <Trans>ข้อมูลการสั่งซื้อ</Trans>}
      </h2>
      <div className="field">
        <label htmlFor={`${id}-mobile`}>
          {manual ? <Trans>เบอร์มือถือ/เลขอ้างอิง</Trans> : <Trans>เบอร์มือถือ</Trans>}
        </label>
        <input
          id={`${id}-mobile`}
          name="mobile"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={manual ? MANUAL_MOBILE_MAX : MOBILE_LENGTH}
          required
          value={values.mobile}
          aria-invalid={errors.mobile ? true : undefined}
          aria-describedby={describedBy('mobile')}
          onChange={(e) => set('mobile', digitsOnly(e.target.value))}
        />
        {errorText('mobile')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-email`}>
          <Trans>อีเมล (ไม่บังคับ)</Trans>
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy('email')}
          onChange={(e) => set('email', e.target.value)}
        />
        {errorText('email')}
      </div>
      {form === 'paid' && (
        <fieldset className="field payment-methods" aria-describedby={describedBy('method')}>
          <legend>
            <Trans>วิธีชำระเงิน</Trans>
          </legend>
          {methods.map(({ method, enabled }, index) => (
            <label key={method} className={enabled ? 'method' : 'method disabled'}>
              <input
                id={index === 0 ? `${id}-method` : undefined}
                type="radio"
                name="payment-method"
                value={method}
                required
                disabled={!enabled}
                checked={values.method === method}
                onChange={() => set('method', method)}
              />
              <span>
                {methodLabel(method)}
                {!enabled && (
                  <small>
                    {' '}
                    <Trans>(ยังไม่เปิดให้บริการ)</Trans>
                  </small>
                )}
              </span>
            </label>
          ))}
          {errorText('method')}
        </fieldset>
      )}
      {form === 'paid' && values.method === 'AM' && (
        <div className="field">
          <label htmlFor={`${id}-amOrderRef`}>
            <Trans>เลขที่คำสั่งซื้อเดิมหรือเบอร์มือถือที่ใช้ซื้อเหมา</Trans>
          </label>
          <input
            id={`${id}-amOrderRef`}
            name="am_order_ref"
            type="text"
            required
            value={values.amOrderRef}
            aria-invalid={errors.amOrderRef ? true : undefined}
            aria-describedby={describedBy('amOrderRef')}
            onChange={(e) => set('amOrderRef', e.target.value)}
          />
          {errorText('amOrderRef')}
        </div>
      )}
      <div className="checkout-actions">
        <button
          type="submit"
          className="button primary create-order"
          disabled={submitting}
          aria-busy={submitting}
        >
          {submitting && <span className="spinner" aria-hidden="true" />}
          {submitting ? <Trans>กำลังสร้างคำสั่งซื้อ…</Trans> : <Trans>สร้างคำสั่งซื้อ</Trans>}
        </button>
        {form === 'free' && onCancel && (
          <button type="button" className="button" onClick={onCancel} disabled={submitting}>
            <Trans>ยกเลิก</Trans>
          </button>
        )}
      </div>
    </form>
  );
}
