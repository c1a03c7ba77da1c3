// React hooks over the IndexedDB carts: live in every tab, one query per cart kind.
import { plural } from '@lingui/core/macro';
import { useSetAtom } from 'jotai';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { ADD_TOAST_MS } from '../../../core/constants';
import { appDb, type OrderHistoryRow } from '../../lib/db/app-db';
import { showToast } from '../../lib/ui/toast';
import { addToCart, orderHistory, readFlag, readList } from './cart-store';
import type { CartItem, CartKind, MhaoFlag } from './cart-types';
import { type LiveValue, liveValue } from './live-value';
import { otherEventPromptAtom } from './other-event-prompt';

const EMPTY: CartItem[] = [];

const useLiveValue = <T>(value: LiveValue<T>): T | undefined =>
  useSyncExternalStore(value.subscribe, value.getSnapshot, value.getSnapshot);

const useLive = <T>(key: string, query: () => Promise<T>): T | undefined =>
  useLiveValue(liveValue(key, query));

/** The live cart of a kind (one subscription however many read it); for readers outside React's hooks too. */
export const cartListValue = (kind: CartKind) => liveValue(`cart:${kind}`, () => readList('cart', kind));

/** The cart of a kind; loaded is false until IndexedDB answered the first time. */
export function useCart(kind: CartKind): { items: CartItem[]; loaded: boolean } {
  const items = useLiveValue(cartListValue(kind));
  return { items: items ?? EMPTY, loaded: items !== undefined };
}

/** cart_latest: the latest search results. */
export function useLatestResults(kind: CartKind): CartItem[] {
  return useLive(`cart_latest:${kind}`, () => readList('cart_latest', kind)) ?? EMPTY;
}

/** is_mhao_flag of a kind's cart; undefined until IndexedDB answered (price nothing on a guess). */
export function useMhaoFlag(kind: CartKind): MhaoFlag | undefined {
  return useLive(`mhao:${kind}`, () => readFlag(kind));
}

/**
 * One order of the history (with its last kept answer) as a live value: `{ row }` once the device's copy has been
 * read, `row` undefined when this device keeps none (so "not read yet" and "not kept" differ). The order page reads
 * it through useLazyLive.
 */
export const keptOrderValue = (uuid: string) =>
  liveValue(`order:${uuid}`, async () => ({ row: await appDb.orders.get(uuid) }));

/** Orders created or opened on this device, newest first; undefined until IndexedDB answered. */
export function useOrderHistory(): OrderHistoryRow[] | undefined {
  return useLive('orders', orderHistory);
}

export function useCartCount(kind: CartKind): number {
  return useCart(kind).items.length;
}

/** Ids of the photos in the cart (a result shows Remove instead of Add for these: atc Y). */
export function useCartIds(kind: CartKind): ReadonlySet<number> {
  const { items } = useCart(kind);
  return useMemo(() => new Set(items.map((item) => item.id)), [items]);
}

/**
 * Adds a photo (duplicates ignored) and shows the 1 s toast with the cart's count; a photo of another event than
 * the cart's asks first (OtherEventDialog) instead of making a cart that cannot be ordered.
 */
export function useAddToCart(kind: CartKind): (item: CartItem) => Promise<void> {
  const ask = useSetAtom(otherEventPromptAtom);
  // plural() reads the active language when the toast is made.
  return useCallback(
    async (item: CartItem) => {
      const outcome = await addToCart(kind, item);
      if (outcome.otherEvent) {
        ask({ kind, photos: [item], cartEvent: outcome.otherEvent, thenOpenCart: false });
        return;
      }
      const { count } = outcome;
      showToast(
        'success',
        plural(count, {
          one: 'เพิ่มลงตะกร้าแล้ว มีรูปในตะกร้า # รูป',
          other: 'เพิ่มลงตะกร้าแล้ว มีรูปในตะกร้า # รูป',
        }),
        {
          duration: ADD_TOAST_MS,
          id: 'cart-add',
        },
      );
    },
    [kind, ask],
  );
}
