// SPEC §7: POST /v1/logs/ once the cart's event has loaded; fire-and-forget, never blocking the page.
import { useEffect, useRef } from 'react';
import { sendLog } from '../../lib/api/logs';
import type { CartItem, CartKind } from './cart-types';

const SERVICE: Record<CartKind, 'cart' | 'cart-wholesale' | 'cart-manual'> = {
  standard: 'cart',
  wholesale: 'cart-wholesale',
  manual: 'cart-manual',
};

/** The log payload of a cart page (SPEC §3 Log payload): the wholesale cart lists every image id. */
export function cartLogEntry(kind: CartKind, eventKey: string, items: readonly CartItem[]) {
  return {
    service: SERVICE[kind],
    cart_count: items.length,
    image_id: items.at(-1)?.id ?? '',
    list: kind === 'wholesale' ? items.map((item) => item.id).join(',') : '',
    event_key: eventKey,
  };
}

export function useCartLog(kind: CartKind, eventKey: string | undefined, items: readonly CartItem[]): void {
  const logged = useRef<string>(undefined);
  useEffect(() => {
    if (!eventKey || logged.current === eventKey) return;
    logged.current = eventKey;
    sendLog(cartLogEntry(kind, eventKey, items));
  }, [kind, eventKey, items]);
}
