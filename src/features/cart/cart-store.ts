// Cart operations (SPEC §4 Cart, Unlimited flag) on the IndexedDB carts; each runs in one transaction so two tabs
// never interleave half an operation. The rules themselves are the pure functions of mhao.ts.
import type { Inquiry } from '../../../core/contract/order';
import { appDb, type CartRow, type ListTable, type OrderHistoryRow } from '../../lib/db/app-db';
import type { CartItem, CartKind, MhaoFlag } from './cart-types';
import {
  type CartLists,
  cancelMhao,
  chooseMhaoFromBuyAll,
  chooseMhaoFromCart,
  clearForNewSearch,
  keepOnlyEvent,
  keepPhotosWithoutMhao,
  type MhaoOutcome,
  type MhaoRefusal,
  removeAll,
  removeItem,
  startOver,
  uniqueById,
} from './mhao';

export type { CartItem, CartKind } from './cart-types';

const ALL_TABLES = [appDb.cart, appDb.cart_temp, appDb.cart_latest, appDb.mhao] as const;

/** Only the cart item fields: rows and photo-shaped values carry more. */
function item(row: CartItem): CartItem {
  return {
    id: row.id,
    event_id: row.event_id,
    event_key: row.event_key,
    thumbnail_file_name: row.thumbnail_file_name,
    original_file_name: row.original_file_name,
    preview_file_name: row.preview_file_name,
  };
}

/** A kind's list in the order its photos were added. */
export async function readList(table: ListTable, kind: CartKind): Promise<CartItem[]> {
  const rows = await appDb[table].where('kind').equals(kind).sortBy('seq');
  return rows.map(item);
}

export async function readFlag(kind: CartKind): Promise<MhaoFlag> {
  return (await appDb.mhao.get(kind))?.flag ?? 'NO';
}

async function writeList(table: ListTable, kind: CartKind, items: readonly CartItem[]): Promise<void> {
  await appDb[table].where('kind').equals(kind).delete();
  await appDb[table].bulkAdd(uniqueById(items).map((i): CartRow => ({ ...item(i), kind })));
}

async function readLists(kind: CartKind): Promise<CartLists> {
  const [cart, temp, latest, flag] = await Promise.all([
    readList('cart', kind),
    readList('cart_temp', kind),
    readList('cart_latest', kind),
    readFlag(kind),
  ]);
  return { cart, temp, latest, flag };
}

async function writeLists(kind: CartKind, lists: CartLists): Promise<void> {
  await writeList('cart', kind, lists.cart);
  await writeList('cart_temp', kind, lists.temp);
  await writeList('cart_latest', kind, lists.latest);
  await appDb.mhao.put({ kind, flag: lists.flag });
}

/** Reads a kind's lists, applies a rule and writes the result, all in one transaction. */
function transition<T>(kind: CartKind, rule: (lists: CartLists) => { lists?: CartLists; result: T }) {
  return appDb.transaction('rw', ALL_TABLES, async () => {
    const { lists, result } = rule(await readLists(kind));
    if (lists) await writeLists(kind, lists);
    return result;
  });
}

/** What adding a photo did: added (or already there), or refused because the cart holds another event's photos. */
export type AddOutcome =
  | { added: boolean; count: number; otherEvent?: undefined }
  | { added: false; count: number; otherEvent: { eventKey: string; count: number } };

/**
 * Adds a photo; a photo already in the cart is ignored. A photo of another event than the cart's is not added
 * (SPEC §5: one event per cart); the buyer is asked at once rather than shown a blocked cart later.
 */
export function addToCart(kind: CartKind, photo: CartItem): Promise<AddOutcome> {
  return appDb.transaction('rw', appDb.cart, async () => {
    const cart = await readList('cart', kind);
    const others = cart.filter((item) => item.event_id !== photo.event_id);
    if (others.length > 0)
      return {
        added: false,
        count: cart.length,
        otherEvent: { eventKey: others[0]?.event_key ?? '', count: others.length },
      };
    const present = cart.some((item) => item.id === photo.id);
    if (!present) await appDb.cart.add({ ...item(photo), kind });
    return { added: !present, count: cart.length + (present ? 0 : 1) };
  });
}

/** Empties the cart (its package choice and earlier cart too) and puts these photos in it. */
export function startCartWith(kind: CartKind, photos: readonly CartItem[]): Promise<void> {
  return transition(kind, (lists) => ({ lists: startOver(lists, photos.map(item)), result: undefined }));
}

/** Keeps one event's photos and removes the rest (a cart that mixes events). */
export function keepOnlyEventInCart(kind: CartKind, eventId: number): Promise<void> {
  return transition(kind, (lists) => ({ lists: keepOnlyEvent(lists, eventId), result: undefined }));
}

/** Adds every photo not yet in the cart (add all to cart); refused, like one photo, when the cart holds another event's. */
export function addAllToCart(kind: CartKind, photos: CartItem[]): Promise<AddOutcome> {
  return appDb.transaction('rw', appDb.cart, async () => {
    const cart = await readList('cart', kind);
    const events = new Set(photos.map((p) => p.event_id));
    const others = cart.filter((item) => !events.has(item.event_id));
    if (others.length > 0 && photos.length > 0)
      return {
        added: false,
        count: cart.length,
        otherEvent: { eventKey: others[0]?.event_key ?? '', count: others.length },
      };
    const present = new Set(cart.map((p) => p.id));
    const fresh = uniqueById(photos).filter((p) => !present.has(p.id));
    await appDb.cart.bulkAdd(fresh.map((p): CartRow => ({ ...item(p), kind })));
    return { added: fresh.length > 0, count: cart.length + fresh.length };
  });
}

/** Removes one photo; emptying the cart also drops the unlimited package choice. */
export function removeFromCart(kind: CartKind, id: number): Promise<void> {
  return transition(kind, (lists) => ({ lists: removeItem(lists, id), result: undefined }));
}

/** Remove all: the cart, the earlier cart and the package choice. The latest results stay. */
export function clearCart(kind: CartKind): Promise<void> {
  return transition(kind, (lists) => ({ lists: removeAll(lists), result: undefined }));
}

/** cart_latest: the last search results (the face search calls this with every answer, even an empty one). */
export function setLatestResults(kind: CartKind, photos: CartItem[]): Promise<void> {
  return appDb.transaction('rw', appDb.cart_latest, () => writeList('cart_latest', kind, photos));
}

export type MhaoChoice = { ok: true } | { ok: false; refusal: MhaoRefusal };

function apply(kind: CartKind, rule: (lists: CartLists) => MhaoOutcome): Promise<MhaoChoice> {
  return transition<MhaoChoice>(kind, (lists) => {
    const outcome = rule(lists);
    return outcome.ok
      ? { lists: outcome.lists, result: { ok: true } }
      : { result: { ok: false, refusal: outcome.refusal } };
  });
}

/**
 * Buy-all on the event, wholesale or stage page: the cart becomes the latest results with the package chosen.
 * On ok the caller goes to CART_PATHS[kind]; on no-latest-results it shows the refusal alert (mhaoRefusalText).
 */
export const chooseMhaoFromBuyAllButton = (kind: CartKind) => apply(kind, chooseMhaoFromBuyAll);

/** The cart page's "choose the package" after the buyer confirmed: the latest results are added. */
export const chooseMhaoOnCartPage = (kind: CartKind) => apply(kind, chooseMhaoFromCart);

/** Cancel the package: back to the earlier cart, or refused (no-previous-cart) when there is none. */
export const cancelMhaoChoice = (kind: CartKind) => apply(kind, cancelMhao);

/** The same photos at the tier prices instead of the package (it cost more than they do). */
export const keepPhotosAtTierPrices = (kind: CartKind) => apply(kind, keepPhotosWithoutMhao);

/**
 * Before a new face search on an event: on an mhao event with photos in the cart, asks (with `confirm`) whether the
 * cart may be deleted; yes clears it and answers true, no answers false (the search must not run). Otherwise true.
 */
export async function confirmNewSearch(
  kind: CartKind,
  eventIsMhao: boolean,
  confirm: () => boolean | Promise<boolean>,
): Promise<boolean> {
  if (!eventIsMhao) return true;
  const count = await appDb.cart.where('kind').equals(kind).count();
  if (count === 0) return true;
  if (!(await confirm())) return false;
  await transition(kind, (lists) => ({ lists: clearForNewSearch(lists), result: undefined }));
  return true;
}

/** Keeps an order created here in the history, and empties the cart it was made from. */
export function recordOrder(order: OrderHistoryRow): Promise<void> {
  return appDb.transaction('rw', [...ALL_TABLES, appDb.orders], async () => {
    await appDb.orders.put(order);
    await writeLists(order.kind, removeAll(await readLists(order.kind)));
  });
}

/**
 * Keeps the order page's last answer, adding the order to the history when it was only opened here (its event
 * title unknown until then: the event key stands in). Photos are counted from the ordered images.
 */
export async function keepOrderAnswer(uuid: string, inquiry: Inquiry, now = new Date()): Promise<void> {
  await appDb.transaction('rw', appDb.orders, async () => {
    const kept = await appDb.orders.get(uuid);
    await appDb.orders.put({
      uuid,
      kind: kept?.kind ?? 'standard',
      event_key: inquiry.event_key,
      event_title: kept?.event_title ?? inquiry.event_key,
      amount: inquiry.amount,
      image_count: kept?.image_count ?? countOrderedImages(inquiry.images_order),
      created_at: kept?.created_at ?? now.toISOString(),
      last_inquiry: inquiry,
      answered_at: now.toISOString(),
    });
  });
}

function countOrderedImages(imagesOrder: string): number {
  try {
    const list: unknown = JSON.parse(imagesOrder);
    return Array.isArray(list) ? list.length : 0;
  } catch {
    return 0;
  }
}

/** Orders created on this device, newest first. */
export const orderHistory = (): Promise<OrderHistoryRow[]> =>
  appDb.orders.orderBy('created_at').reverse().toArray();
