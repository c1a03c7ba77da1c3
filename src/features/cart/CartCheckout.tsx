import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { uploadAreaState } from '../../../core/sale';
import { Dialog } from '../../lib/ui/Dialog';
import { CheckoutForm } from './CheckoutForm';
import { priceOfCart, priceRule, unlimitedPackage } from './cart-pricing';
import { keepPhotosAtTierPrices } from './cart-store';
import type { CartItem, CartKind } from './cart-types';
import { checkoutFormFor, paymentMethodsFor } from './checkout';
import { PriceTable } from './PriceTable';
import { useMhaoFlag } from './use-cart';
import type { CartEventLoad } from './use-cart-event';
import { usePaymentGateway } from './use-payment-gateway';
import type { SubmitOrder } from './use-submit-order';

interface CartCheckoutProps {
  kind: CartKind;
  items: readonly CartItem[];
  load: CartEventLoad;
  retry: () => void;
  order: SubmitOrder;
}

/** The price table and the form that fits it (paid or free), once the cart's event is known. */
export function CartCheckout({ kind, items, load, retry, order }: CartCheckoutProps) {
  const navigate = useNavigate();
  const flag = useMhaoFlag(kind);
  const event = load.state === 'loaded' ? load.event : undefined;
  const sale = event ? uploadAreaState(event) : undefined;
  const gateway = usePaymentGateway(sale === 'open');

  if (load.state === 'offline') {
    return (
      <aside className="cart-checkout">
        <div className="alert error" role="alert">
          <p>
            <Trans>โหลดราคาไม่สำเร็จ กรุณาตรวจสอบการเชื่อมต่ออินเทอร์เน็ตแล้วลองใหม่</Trans>
          </p>
          <button type="button" className="button" onClick={retry}>
            <Trans>ลองใหม่</Trans>
          </button>
        </div>
      </aside>
    );
  }
  if (load.state === 'gone') {
    return (
      <aside className="cart-checkout">
        <p className="alert error" role="alert">
          <Trans>ไม่พบงานของรูปในตะกร้านี้แล้ว กรุณาลบรูปทั้งหมดแล้วค้นหาใหม่</Trans>
        </p>
      </aside>
    );
  }
  if (!event || flag === undefined) {
    return (
      <aside className="cart-checkout">
        <p role="status">
          <Trans>กำลังคำนวณราคา…</Trans>
        </p>
      </aside>
    );
  }

  const mhaoChosen = flag === 'YES' && unlimitedPackage(kind, event).allowed;
  const price = priceOfCart(kind, event, items.length, mhaoChosen ? 'YES' : 'NO');
  const rule = priceRule(price, event.is_free_download === 'Y', mhaoChosen);
  const form = checkoutFormFor(event, price.summary.cart_final_payment);
  const channel = form === 'free' ? ('FREE' as const) : undefined;

  return (
    <aside className="cart-checkout">
      <PriceTable
        kind={kind}
        price={price}
        rule={rule}
        photoCount={items.length}
        mhaoChosen={mhaoChosen}
        onCancelBundle={() => void keepPhotosAtTierPrices(kind)}
      />
      {sale === 'ended' && (
        <p className="alert error">
          <Trans>ปิดการขายแล้ว</Trans>
        </p>
      )}
      {sale === 'not-open' && (
        <p className="alert info">
          <Trans>งานนี้ยังไม่เปิดขาย</Trans>
        </p>
      )}
      {sale === 'open' && form !== 'none' && (
        <CheckoutForm
          key={form}
          kind={kind}
          form={form}
          methods={paymentMethodsFor(kind, gateway)}
          submitting={order.submitting}
          onCancel={() => void navigate({ to: '/$eventId', params: { eventId: event.event_key } })}
          onSubmit={(values) =>
            void order.submit({
              kind,
              eventKey: event.event_key,
              eventTitle: event.title,
              items,
              flag: mhaoChosen ? 'YES' : 'NO',
              finalPayment: price.summary.cart_final_payment,
              currency: price.currency,
              channel: channel ?? (values.method || 'PP'),
              values,
            })
          }
        />
      )}
      <Dialog
        open={order.gatewayMissing}
        tone="error"
        title={<Trans>ยังไม่สามารถสร้างคำสั่งซื้อได้</Trans>}
        onCancel={order.dismissGatewayAlert}
        actions={
          <button type="button" className="button primary" onClick={order.dismissGatewayAlert}>
            <Trans>ตกลง</Trans>
          </button>
        }
      >
        <p>
          <Trans>ระบบชำระเงินยังไม่ได้ตั้งค่า กรุณาแจ้งผู้ดูแลระบบ</Trans>
        </p>
      </Dialog>
    </aside>
  );
}
