import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { formatBaht } from '../../../core/format';
import { createSandboxToken } from '../../lib/api/sandbox';
import { Dialog } from '../../lib/ui/Dialog';
import { type CardForm, cardNumberAsTyped, EMPTY_CARD, expiryAsTyped, expiryParts } from './card-fields';

interface SandboxCardDialogProps {
  open: boolean;
  amount: string;
  /** The card became a token: pay with it. */
  onToken: (token: string) => void;
  onClose: () => void;
}

/**
 * The sandbox's card form (demo stores only): it stands where a real provider's card form would, turns the card
 * into a single-use token, and the payment then takes the same 3-D Secure round trip as a real card.
 */
export function SandboxCardDialog({ open, amount, onToken, onClose }: SandboxCardDialogProps) {
  const { t } = useLingui();
  const id = useId();
  const [card, setCard] = useState<CardForm>(EMPTY_CARD);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const shownAmount = formatBaht(amount);
  const set = (field: keyof CardForm, value: string) =>
    setCard((c) => ({
      ...c,
      [field]:
        field === 'number'
          ? cardNumberAsTyped(value)
          : field === 'expiry'
            ? expiryAsTyped(value, c.expiry)
            : field === 'security_code'
              ? value.replace(/\D/g, '').slice(0, 4)
              : value,
    }));
  const messageFor = (field: string): string => {
    if (field === 'name') return t`กรุณากรอกชื่อบนบัตร`;
    if (field === 'number') return t`หมายเลขบัตรไม่ถูกต้อง`;
    if (field.startsWith('expiration')) return t`วันหมดอายุของบัตรไม่ถูกต้อง`;
    if (field === 'security_code') return t`รหัสความปลอดภัย (CVV) ไม่ถูกต้อง`;
    return t`ข้อมูลบัตรไม่ถูกต้อง`;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const result = await createSandboxToken({
        name: card.name,
        number: card.number,
        security_code: card.security_code,
        ...expiryParts(card.expiry),
      });
      if (result.ok) {
        setCard(EMPTY_CARD);
        onToken(result.token);
      } else setError(messageFor(result.field));
    } catch (failure) {
      console.warn('sandbox card token failed', failure);
      setError(t`เชื่อมต่อไม่ได้ กรุณาลองใหม่`);
    } finally {
      setBusy(false);
    }
  }

  const field = (name: keyof CardForm, label: string, props: Record<string, string | number> = {}) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        required
        value={card[name]}
        onChange={(e) => set(name, e.target.value)}
        {...props}
      />
    </div>
  );

  return (
    <Dialog
      open={open}
      title={<Trans>ชำระด้วยบัตร (ระบบทดสอบ)</Trans>}
      onCancel={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            <Trans>ยกเลิก</Trans>
          </button>
          <button type="submit" form={`${id}-form`} className="button primary" disabled={busy}>
            <Trans>ชำระ {shownAmount}</Trans>
          </button>
        </>
      }
    >
      <form id={`${id}-form`} className="sandbox-card" onSubmit={(e) => void submit(e)} noValidate>
        <p className="order-tip">
          <Trans>
            ระบบทดสอบ ไม่มีการตัดเงินจริง บัตรทดสอบ: 4242 4242 4242 4242 (ยืนยัน 3-D Secure), 4111 1111 1111 1111
            (ชำระทันที), 4000 0000 0000 0002 (ถูกปฏิเสธ)
          </Trans>
        </p>
        {field('name', t`ชื่อบนบัตร`, { autoComplete: 'cc-name' })}
        {field('number', t`หมายเลขบัตร`, {
          inputMode: 'numeric',
          autoComplete: 'cc-number',
          placeholder: '1234 5678 9012 3456',
        })}
        <div className="sandbox-card-row">
          {field('expiry', t`วันหมดอายุ (MM/YY)`, {
            inputMode: 'numeric',
            autoComplete: 'cc-exp',
            placeholder: 'MM/YY',
          })}
          {field('security_code', t`CVV`, {
            inputMode: 'numeric',
            autoComplete: 'cc-csc',
            placeholder: '123',
          })}
        </div>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
