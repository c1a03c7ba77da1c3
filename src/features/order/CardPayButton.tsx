import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { amountWithoutDecimalPoint } from '../../../core/pricing';
import { ApiError } from '../../lib/api/client';
import { payOrderByCard } from '../../lib/api/order-inquiry';
import { markBusy, useBusyWhile } from '../../lib/busy';
import { PRODUCT_NAME } from '../../lib/page-title';
import { ContactLink, canContactSupport } from '../../lib/ui/ContactLink';
import { Dialog } from '../../lib/ui/Dialog';
import { askCardToken } from './card-checkout';
import { askPromptPayInstead, type PromptPayInsteadOutcome } from './promptpay-instead';
import { SandboxCardDialog } from './SandboxCardDialog';

interface CardPayButtonProps {
  q: string;
  amount: string;
  email: string;
  mobile: string;
  /** A card payment call that is not successful: the inquiry error dialog (SPEC §8). */
  onPaymentError: () => void;
  /** The sandbox gateway: its own card form instead of the card provider's script. */
  sandbox?: boolean;
  /** The order now waits for PromptPay (or was paid meanwhile): the page asks for it again and shows its QR. */
  onPaymentChanged: () => void;
}

/**
 * PAY NOW of a card (CC) order (SPEC §4 Card payment): the card form gives a token, the payment call answers the
 * 3-D Secure address and the buyer is sent there; it returns to this page, whose inquiry then says PAID. A declined
 * card (or a card form that cannot open) offers PromptPay instead: the same order, the same amount, its QR here.
 */
export function CardPayButton({
  q,
  amount,
  email,
  mobile,
  onPaymentError,
  sandbox = false,
  onPaymentChanged,
}: CardPayButtonProps) {
  const { t } = useLingui();
  const [paying, setPaying] = useState(false);
  const [askAdmin, setAskAdmin] = useState(false);
  const [sandboxForm, setSandboxForm] = useState(false);
  const [declined, setDeclined] = useState(false);
  const [switching, setSwitching] = useState(false);
  const [switchRefused, setSwitchRefused] = useState<PromptPayInsteadOutcome>();
  useBusyWhile('payment', paying || sandboxForm || switching);

  async function payByPromptPay() {
    setSwitching(true);
    setSwitchRefused(undefined);
    const outcome = await askPromptPayInstead(q);
    setSwitching(false);
    if (outcome === 'switched' || outcome === 'paid') {
      setDeclined(false);
      setAskAdmin(false);
      onPaymentChanged();
    } else setSwitchRefused(outcome);
  }
  const closeDialogs = () => {
    setDeclined(false);
    setAskAdmin(false);
    setSwitchRefused(undefined);
  };
  const promptPayButton = (
    <button
      type="button"
      className="button primary promptpay-instead"
      onClick={() => void payByPromptPay()}
      disabled={switching}
      aria-busy={switching}
    >
      {switching && <span className="spinner" aria-hidden="true" />}
      <Trans>ชำระด้วยพร้อมเพย์ (QR) แทน</Trans>
    </button>
  );
  const switchRefusal = switchRefused && (
    <p className="promptpay-instead-refused" role="alert">
      {switchRefused === 'card-in-progress' ? (
        <Trans>การชำระด้วยบัตรของคำสั่งซื้อนี้ยังดำเนินการอยู่ที่ธนาคาร กรุณาทำให้เสร็จ หรือลองใหม่ในอีกสักครู่</Trans>
      ) : (
        <Trans>เปลี่ยนเป็นพร้อมเพย์ไม่สำเร็จ กรุณาลองใหม่อีกครั้ง</Trans>
      )}
    </p>
  );

  async function pay() {
    if (sandbox) {
      setSandboxForm(true);
      return;
    }
    let token: string | undefined;
    // The provider's card form is open: a reload would lose what the buyer typed in it.
    const formClosed = markBusy('payment');
    try {
      token = await askCardToken({
        amountSatang: Number(amountWithoutDecimalPoint(amount)),
        productName: PRODUCT_NAME,
        invoiceLabel: t`คำสั่งซื้อ ${q}`,
        submitLabel: t`ชำระเงิน`,
      });
    } catch (error) {
      console.warn('card form unavailable', error);
      setAskAdmin(true);
      return;
    } finally {
      formClosed();
    }
    if (token) await payWith(token);
  }

  async function payWith(token: string) {
    setPaying(true);
    try {
      const { authorize_uri } = await payOrderByCard({
        tokenKey: token,
        orderUuid: q,
        email,
        mobile,
        paidAmount: amountWithoutDecimalPoint(amount),
      });
      if (!authorize_uri) {
        setPaying(false);
        setAskAdmin(true);
        return;
      }
      window.location.assign(authorize_uri);
    } catch (error) {
      console.warn('card payment failed', error);
      setPaying(false);
      // The gateway answered that the card was declined (402): the buyer is told so, not "an error occurred".
      if (isDeclined(error)) setDeclined(true);
      else onPaymentError();
    }
  }

  return (
    <div className="card-pay">
      {paying ? (
        <p className="card-paying" role="status">
          <span className="spinner" aria-hidden="true" />
          <Trans>กำลังเชื่อมต่อ... กรุณาอย่าปิดหน้าต่างนี้</Trans>
        </p>
      ) : (
        <>
          <button type="button" className="button primary pay-now" onClick={() => void pay()}>
            <Trans>ชำระเงินทันที (PAY NOW)</Trans>
          </button>
          <button
            type="button"
            className="link-button promptpay-instead-link"
            onClick={() => void payByPromptPay()}
            disabled={switching}
          >
            <Trans>หรือชำระด้วยพร้อมเพย์ (QR) แทน</Trans>
          </button>
          {!declined && !askAdmin && switchRefusal}
        </>
      )}
      {sandbox && (
        <SandboxCardDialog
          open={sandboxForm}
          amount={amount}
          onClose={() => setSandboxForm(false)}
          onToken={(token) => {
            setSandboxForm(false);
            void payWith(token);
          }}
        />
      )}
      <Dialog
        open={declined}
        tone="error"
        title={<Trans>บัตรถูกปฏิเสธ</Trans>}
        onCancel={closeDialogs}
        actions={
          <>
            <button type="button" className="button" onClick={closeDialogs}>
              <Trans>ลองบัตรอื่น</Trans>
            </button>
            {promptPayButton}
          </>
        }
      >
        <p>
          <Trans>
            ธนาคารผู้ออกบัตรปฏิเสธการชำระเงินครั้งนี้ ไม่มีการตัดเงินจากบัตรของคุณ ลองบัตรใบอื่น หรือชำระด้วยพร้อมเพย์ (PromptPay)
            แทนได้เลย: คำสั่งซื้อเดิม ยอดเงินเท่าเดิม สแกน QR ในหน้านี้
          </Trans>
        </p>
        {switchRefusal}
      </Dialog>
      <Dialog
        open={askAdmin}
        tone="error"
        title={<Trans>ไม่สามารถชำระด้วยบัตรได้ในขณะนี้</Trans>}
        onCancel={closeDialogs}
        actions={
          <>
            <button type="button" className="button" onClick={closeDialogs}>
              <Trans>ปิด</Trans>
            </button>
            {promptPayButton}
          </>
        }
      >
        <p>
          {canContactSupport() ? (
            <Trans>
              ชำระด้วยพร้อมเพย์ (PromptPay) แทนได้ในคำสั่งซื้อเดิม หรือแจ้งผู้ดูแลระบบ <ContactLink>ติดต่อทีมงาน</ContactLink>
            </Trans>
          ) : (
            <Trans>ชำระด้วยพร้อมเพย์ (PromptPay) แทนได้ในคำสั่งซื้อเดิม หรือลองใหม่ภายหลัง</Trans>
          )}
        </p>
        {switchRefusal}
      </Dialog>
    </div>
  );
}

/** A card payment the gateway declined (the server answers 402 with the gateway's reason), not an error. */
const isDeclined = (error: unknown) => error instanceof ApiError && error.httpStatus === 402;
