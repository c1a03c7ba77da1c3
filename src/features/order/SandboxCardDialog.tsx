import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { createSandboxToken, type SandboxCard } from '../../lib/api/sandbox';
import { Dialog } from '../../lib/ui/Dialog';

interface SandboxCardDialogProps {
  open: boolean;
  amount: string;
  /** The card became a token: pay with it. */
  onToken: (token: string) => void;
  onClose: () => void;
}

const EMPTY: SandboxCard = {
  name: '',
  number: '',
  expiration_month: '',
  expiration_year: '',
  security_code: '',
};

/**
 * The sandbox's card form (demo stores only): it stands where a real provider's card form would, turns the card
 * into a single-use token, and the payment then takes the same 3-D Secure round trip as a real card.
 */
export function SandboxCardDialog({ open, amount, onToken, onClose }: SandboxCardDialogProps) {
  const { t } = useLingui();
  const id = useId();
  const [card, setCard] = useState<SandboxCard>(EMPTY);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const set = (field: keyof SandboxCard, value: string) => setCard((c) => ({ ...c, [field]: value }));
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
      const year = card.expiration_year.length === 2 ? `20${card.expiration_year}` : card.expiration_year;
      const result = await createSandboxToken({ ...card, expiration_year: year });
      if (result.ok) {
        setCard(EMPTY);
        onToken(result.token);
      } else setError(messageFor(result.field));
    } catch (failure) {
      console.warn('sandbox card token failed', failure);
      setError(t`เชื่อมต่อไม่ได้ กรุณาลองใหม่`);
    } finally {
      setBusy(false);
    }
  }

  const field = (name: keyof SandboxCard, label: string, props: Record<string, string | number> = {}) => (
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
            <Trans>ชำระ {amount} บาท</Trans>
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
        {field('number', t`หมายเลขบัตร`, { inputMode: 'numeric', autoComplete: 'cc-number', maxLength: 23 })}
        <div className="sandbox-card-row">
          {field('expiration_month', t`เดือนหมดอายุ (MM)`, {
            inputMode: 'numeric',
            autoComplete: 'cc-exp-month',
            maxLength: 2,
          })}
          {field('expiration_year', t`ปีหมดอายุ (YY)`, {
            inputMode: 'numeric',
            autoComplete: 'cc-exp-year',
            maxLength: 4,
          })}
          {field('security_code', t`CVV`, { inputMode: 'numeric', autoComplete: 'cc-csc', maxLength: 4 })}
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
