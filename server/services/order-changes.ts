// Tells a waiting order page that its order changed. Whatever changes an order in this process (a payment settled,
// an image flag turned Y, a refund) calls orderChanged; an inquiry that asks to wait (the page's long poll) wakes at
// once. Changes made by another process are seen by re-reading the order every RECHECK_MS, so several API
// processes need no shared channel for this.
import { EventEmitter } from 'node:events';

const changes = new EventEmitter();
changes.setMaxListeners(0);

export function orderChanged(orderId: string): void {
  changes.emit(orderId.toLowerCase());
}

/** Resolves when the order changes in this process, after `ms`, or when the signal aborts (whichever is first). */
export function nextOrderChange(orderId: string, ms: number, signal?: AbortSignal): Promise<void> {
  const key = orderId.toLowerCase();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      changes.off(key, done);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    changes.once(key, done);
    signal?.addEventListener('abort', done, { once: true });
  });
}
