import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { amountWithoutDecimalPoint } from '../../../core/pricing';
import { payOrderByCard } from '../../lib/api/order-inquiry';
import { markBusy, useBusyWhile } from '../../lib/busy';
import { CONTACT_PAGE_URL } from '../../lib/links';
import { PRODUCT_NAME } from '../../lib/page-title';
import { Dialog } from '../../lib/ui/Dialog';
import { askCardToken } from './card-checkout';
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
}

/**
 * PAY NOW of a card (CC) order (SPEC §4 Card payment): the card form gives a token, the payment call answers the
 * 3-D Secure address and the buyer is sent there; it returns to this page, whose inquiry then says PAID.
 */
export function CardPayButton({
  q,
  amount,
  email,
  mobile,
  onPaymentError,
  sandbox = false,
}: CardPayButtonProps) {
  const { t } = useLingui();
  const [paying, setPaying] = useState(false);
  const [askAdmin, setAskAdmin] = useState(false);
  const [sandboxForm, setSandboxForm] = useState(false);
  useBusyWhile('payment', paying || sandboxForm);

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
      onPaymentError();
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
        <button type="button" className="button primary pay-now" onClick={() => void pay()}>
          <Trans>ชำระเงินทันที (PAY NOW)</Trans>
        </button>
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
        open={askAdmin}
        tone="error"
        title={<Trans>ไม่สามารถชำระด้วยบัตรได้ในขณะนี้</Trans>}
        onCancel={() => setAskAdmin(false)}
        actions={
          <button type="button" className="button primary" onClick={() => setAskAdmin(false)}>
            <Trans>ตกลง</Trans>
          </button>
        }
      >
        <p>
          <Trans>
            กรุณาแจ้งผู้ดูแลระบบ <a href={CONTACT_PAGE_URL}>ติดต่อทีมงาน</a>
          </Trans>
        </p>
      </Dialog>
    </div>
  );
}
