// Tells the order pages waiting in this process that an order changed. Whatever changes an order here (a payment
// settled, an image flag turned Y, a refund) calls orderChanged; the long polls' feed (order-watch.ts) wakes that
// order's waiters at once. Changes made by another process are seen by the feed's next read of the orders.
import { EventEmitter } from 'node:events';

const changes = new EventEmitter();
changes.setMaxListeners(0);
const CHANGED = 'changed';

export function orderChanged(orderId: string): void {
  changes.emit(CHANGED, orderId.toLowerCase());
}

/** Calls `listener` with the (lower-case) id of every order changed in this process; returns the unsubscribe. */
export function onOrderChanged(listener: (orderId: string) => void): () => void {
  changes.on(CHANGED, listener);
  return () => changes.off(CHANGED, listener);
}
