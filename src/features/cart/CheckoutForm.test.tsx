import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeField } from '../../test/change-field';
import { renderPage } from '../../test/render-page';
import { CheckoutForm } from './CheckoutForm';
import { paymentMethodsFor } from './checkout';

type Props = Parameters<typeof CheckoutForm>[0];

async function renderForm(over: Partial<Props> = {}) {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  const props: Props = {
    kind: 'standard',
    form: 'paid',
    methods: paymentMethodsFor(over.kind ?? 'standard', 'GBP'),
    submitting: false,
    onSubmit,
    onCancel,
    ...over,
  };
  await renderPage(() => <CheckoutForm {...props} />);
  return { onSubmit, onCancel };
}

const mobile = () => screen.getByLabelText(/^เบอร์มือถือ/) as HTMLInputElement;
const type = (input: HTMLElement, value: string) => changeField(input, { target: { value } });
const create = () => fireEvent.click(screen.getByRole('button', { name: 'สร้างคำสั่งซื้อ' }));

describe('CheckoutForm (paid, standard)', () => {
  it('keeps only digits as the mobile number is typed, at most 10', async () => {
    await renderForm();
    type(mobile(), '08-1234 abc');
    expect(mobile().value).toBe('081234');
    expect(mobile()).toHaveAttribute('maxLength', '10');
    expect(mobile()).toHaveAttribute('inputMode', 'numeric');
  });

  it('says what is missing and does not submit', async () => {
    const { onSubmit } = await renderForm();
    create();
    expect(screen.getByText('กรุณากรอกเบอร์มือถือ')).toBeInTheDocument();
    expect(screen.getByText('กรุณาเลือกวิธีชำระเงิน')).toBeInTheDocument();
    expect(mobile()).toHaveAttribute('aria-invalid', 'true');
    expect(mobile()).toHaveFocus();
    type(mobile(), '081234567');
    expect(screen.getByText('เบอร์มือถือต้องเป็นตัวเลข 10 หลัก')).toBeInTheDocument();
    type(screen.getByLabelText('อีเมล (ไม่บังคับ)'), 'runner@');
    expect(screen.getByText('รูปแบบอีเมลไม่ถูกต้อง')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers PromptPay with the card disabled, and submits a valid form', async () => {
    const { onSubmit } = await renderForm();
    expect(screen.getByRole('radio', { name: /บัตรเครดิต/ })).toBeDisabled();
    expect(screen.queryByRole('radio', { name: /รูปเพิ่มเติม/ })).not.toBeInTheDocument();
    type(mobile(), '0812345678');
    fireEvent.click(screen.getByRole('radio', { name: 'พร้อมเพย์ (สแกน QR)' }));
    create();
    expect(onSubmit).toHaveBeenCalledWith({ mobile: '0812345678', email: '', method: 'PP', amOrderRef: '' });
  });

  it('is disabled with a spinner while submitting', async () => {
    await renderForm({ submitting: true });
    const button = screen.getByRole('button', { name: 'กำลังสร้างคำสั่งซื้อ…' });
    expect(button).toBeDisabled();
    expect(button.querySelector('.spinner')).not.toBeNull();
  });
});

describe('CheckoutForm (paid, manual)', () => {
  it('takes a 5 to 15 digit "Mobile number/Ref no." and the AM reference', async () => {
    const { onSubmit } = await renderForm({ kind: 'manual' });
    const input = screen.getByLabelText('เบอร์มือถือ/เลขอ้างอิง');
    expect(input).toHaveAttribute('maxLength', '15');
    type(input, '1234');
    fireEvent.click(screen.getByRole('radio', { name: /รูปเพิ่มเติมหลังซื้อเหมา/ }));
    create();
    expect(screen.getByText('เบอร์มือถือหรือเลขอ้างอิงต้องเป็นตัวเลข 5 ถึง 15 หลัก')).toBeInTheDocument();
    expect(
      screen.getByText('กรุณากรอกเลขที่คำสั่งซื้อเดิม (หรือวางลิงก์คำสั่งซื้อ) หรือเบอร์มือถือ 5 ถึง 20 ตัวอักษร'),
    ).toBeInTheDocument();
    type(input, '12345');
    type(screen.getByLabelText('เลขที่คำสั่งซื้อเดิมหรือเบอร์มือถือที่ใช้ซื้อเหมา'), 'ORD-12');
    create();
    expect(onSubmit).toHaveBeenCalledWith({ mobile: '12345', email: '', method: 'AM', amOrderRef: 'ORD-12' });
  });
});

describe('CheckoutForm (free)', () => {
  it('asks only mobile and e-mail, with create and cancel', async () => {
    const { onSubmit, onCancel } = await renderForm({ form: 'free' });
    expect(screen.getByRole('heading', { name: 'รับภาพโดยไม่มีค่าใช้จ่าย' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'ยกเลิก' }));
    expect(onCancel).toHaveBeenCalled();
    type(mobile(), '0812345678');
    create();
    expect(onSubmit).toHaveBeenCalledWith({ mobile: '0812345678', email: '', method: '', amOrderRef: '' });
  });
});
