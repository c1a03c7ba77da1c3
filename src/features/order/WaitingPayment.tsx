import { Trans, useLingui } from '@lingui/react/macro';
import { formatBaht } from '../../../core/format';
import { sandboxPaymentPageUrl } from '../../lib/api/sandbox';
import { appSettings } from '../../lib/app-settings';
import { ContactLink, canContactSupport } from '../../lib/ui/ContactLink';
import { SupportChannels } from '../../lib/ui/SupportChannels';
import { CardPayButton } from './CardPayButton';
import { OrderedThumbnails } from './OrderedThumbnails';
import type { OrderView } from './order-view';
import { PaymentQr } from './PaymentQr';
import { RefreshButton } from './RefreshButton';

interface WaitingPaymentProps {
  q: string;
  view: Extract<OrderView, { kind: 'waiting-payment' }>;
  refreshing: boolean;
  onRefresh: () => void;
  onPaymentError: () => void;
}

/** An INITIAL PromptPay or card order (SPEC §2): amount, status in red, the QR or PAY NOW, Refresh, help. */
export function WaitingPayment({ q, view, refreshing, onRefresh, onPaymentError }: WaitingPaymentProps) {
  const { t } = useLingui();
  const amount = formatBaht(view.amount);
  const { prompt } = view;
  return (
    <>
      <section className="order-panel order-payment" aria-labelledby="payment-heading">
        <h2 id="payment-heading" className="visually-hidden">
          <Trans>การชำระเงิน</Trans>
        </h2>
        <p className="order-amount">
          <Trans>
            ยอดชำระ <strong>{amount}</strong>
          </Trans>
        </p>
        <p className="order-status waiting">
          <Trans>สถานะ: รอการชำระเงิน</Trans>
        </p>
        {prompt.kind === 'qr-payload' && (
          <PaymentQr source={{ payload: prompt.payload }} label={t`QR Code พร้อมเพย์ สำหรับชำระ ${amount}`} />
        )}
        {prompt.kind === 'qr-image' && (
          <PaymentQr source={{ url: prompt.url }} label={t`QR Code พร้อมเพย์ สำหรับชำระ ${amount}`} />
        )}
        {prompt.kind === 'card' && (
          <CardPayButton
            q={q}
            amount={view.amount}
            email={view.email}
            mobile={view.mobile}
            onPaymentError={onPaymentError}
            sandbox={view.sandbox}
            onPaymentChanged={onRefresh}
          />
        )}
        {prompt.kind === 'none' && !view.endOfSale && (
          <p className="alert error">
            <Trans>ไม่พบ QR Code สำหรับชำระเงินของคำสั่งซื้อนี้ กรุณาติดต่อทีมงาน</Trans>
          </p>
        )}
        {view.sandbox && (prompt.kind === 'qr-payload' || prompt.kind === 'qr-image') && (
          <p className="sandbox-pay">
            <a className="button" href={sandboxPaymentPageUrl(q)} target="_blank" rel="noopener">
              <Trans>ระบบทดสอบ: ชำระเงินในหน้าทดสอบ (Sandbox)</Trans>
            </a>
          </p>
        )}
        {view.failure && !view.endOfSale && (
          <p className="order-failure" role="status">
            <Trans>การชำระเงินครั้งล่าสุดไม่สำเร็จ กรุณาลองใหม่อีกครั้ง</Trans>
          </p>
        )}
        {(prompt.kind === 'qr-payload' || prompt.kind === 'qr-image') && (
          <p className="order-tip">
            <Trans>บันทึกภาพหน้าจอ QR Code นี้ไว้ แล้วเปิดแอปธนาคารเพื่อสแกนจากรูปภาพ (ยอดเงินอยู่ใน QR แล้ว)</Trans>
          </p>
        )}
        {!view.endOfSale && (
          <>
            <RefreshButton refreshing={refreshing} onRefresh={onRefresh} />
            <p className="order-hint">
              <Trans>เมื่อชำระเงินเรียบร้อยแล้ว กดปุ่ม "รีเฟรช"</Trans>
            </p>
          </>
        )}
        {canContactSupport() && (
          <>
            <p className="order-support">
              <Trans>
                ชำระเงินไม่ได้หรือมีปัญหา? <ContactLink>ติดต่อทีมงาน</ContactLink>
              </Trans>
            </p>
            <SupportChannels support={appSettings.support} />
          </>
        )}
      </section>
      <OrderedThumbnails images={view.images} />
    </>
  );
}
