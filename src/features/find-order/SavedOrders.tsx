import { Plural, Trans } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { formatBaht, formatDateTime } from '../../../core/format';
import { languageAtom } from '../../lib/state';
import { useOrderHistory } from '../cart/use-cart';

/** The orders created on this device (kept in IndexedDB), newest first, each opening its page. */
export function SavedOrders() {
  const orders = useOrderHistory();
  const language = useAtomValue(languageAtom);
  if (!orders || orders.length === 0) return null;
  return (
    <section className="saved-orders" aria-labelledby="saved-orders-title">
      <h2 id="saved-orders-title">
        <Trans>คำสั่งซื้อบนเครื่องนี้</Trans>
      </h2>
      <ul>
        {orders.map((order) => (
          <li key={order.uuid}>
            <a href={`/download/${order.uuid}`}>
              <span className="saved-order-title">{order.event_title}</span>
              <span className="saved-order-meta">
                {formatDateTime(order.created_at, language)} ·{' '}
                <Plural value={order.image_count} one="# ภาพ" other="# ภาพ" /> ·{' '}
                <Trans>ยอด {formatBaht(order.amount)}</Trans>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
