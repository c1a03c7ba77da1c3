import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../lib/page-title';
import './cart.css';
import { CartContents } from './CartContents';
import type { CartKind } from './cart-types';
import { OrderCreatedDialog } from './OrderCreatedDialog';
import { useCart } from './use-cart';
import { usePageLanguage } from './use-page-language';
import { useSubmitOrder } from './use-submit-order';

/** SPEC §2: the wholesale cart defaults to Thai, the manual cart to English; the standard cart follows the shell. */
const PAGE_DEFAULT_LANGUAGE = { standard: undefined, wholesale: 'th', manual: 'en' } as const;

/** The cart pages (SPEC §2 Cart pages): /cart and /cartopn (standard), /cart-wholesale, /cart-manual. */
export function CartPage({ kind }: { kind: CartKind }) {
  const ready = usePageLanguage(PAGE_DEFAULT_LANGUAGE[kind]);
  const { t } = useLingui();
  usePageTitle(t`รายการสั่งซื้อและชำระเงิน`);
  const { items, loaded } = useCart(kind);
  const order = useSubmitOrder();
  if (!ready) return null;
  return (
    <div className={`cart-page cart-${kind}`}>
      <h1>
        <Trans>รายการสั่งซื้อและชำระเงิน</Trans>
      </h1>
      {!loaded ? (
        <p className="cart-loading" role="status">
          <Trans>กำลังโหลดตะกร้า…</Trans>
        </p>
      ) : items.length === 0 ? (
        <div className="cart-empty">
          <p>
            <Trans>ไม่มีรูปในตะกร้า</Trans>
          </p>
          <Link to="/" className="button primary">
            <Trans>เริ่มค้นหาใหม่</Trans>
          </Link>
        </div>
      ) : (
        <CartContents kind={kind} items={items} order={order} />
      )}
      <p className="cart-find-order">
        <a href="/find-order" target="_blank" rel="noopener">
          <Trans>ค้นหาคำสั่งซื้อเดิม (เปิดในแท็บใหม่)</Trans>
        </a>
      </p>
      <OrderCreatedDialog uuid={order.created} />
    </div>
  );
}
